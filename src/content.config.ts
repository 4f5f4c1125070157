import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { chapterFrontmatterSchema } from './domain/book/schema.ts';

/**
 * The book's chapters as a content collection, validated with the same schema the rest of the
 * site uses (src/domain/book/schema.ts): a malformed chapter fails the build. Pages render the
 * chapters through src/domain/book (one pipeline shared with the API and the EPUB).
 */
const chapters = defineCollection({
  loader: glob({ pattern: 'chapter-*.md', base: './content/chapters' }),
  schema: chapterFrontmatterSchema,
});

export const collections = { chapters };
