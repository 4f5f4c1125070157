import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  bookConfigSchema,
  chapterFrontmatterSchema,
  codeExamplesFileSchema,
  glossaryFileSchema,
  indexTermsFileSchema,
  resourcesFileSchema,
  type BookConfig,
  type ChapterFrontmatter,
  type CodeExample,
  type GlossaryFile,
  type IndexTerms,
  type Resource,
} from './schema.ts';

/** A chapter as stored in `content/`, validated, with its Markdown source (not yet rendered). */
export interface ChapterSource extends ChapterFrontmatter {
  /** The Markdown body, frontmatter removed. */
  markdown: string;
  /** File names as the static API serves them (docs/spec.md chapter index entry). */
  markdownFile: string;
  resourcesFile: string;
  codeExamplesFile?: string;
  resources: Resource[];
  codeExamples: CodeExample[];
  /** The chapter's index in readers' words (content/index-terms), empty when it has none. */
  indexTerms?: IndexTerms;
}

export interface Book {
  config: BookConfig;
  chapters: ChapterSource[];
  /** The terms the book defines (content/glossary.json), empty when there is none. */
  glossary?: GlossaryFile;
}

/** Thrown when a content file is missing or does not match its schema; names the file. */
export class ContentError extends Error {
  override name = 'ContentError';
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function check<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new ContentError(`${file}: ${issues}`);
  }
  return result.data;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ContentError(`${file}: ${(error as Error).message}`);
  }
}

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

/** Splits a Markdown file into its parsed YAML frontmatter and body. */
export function splitFrontmatter(source: string, file: string): { data: unknown; body: string } {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new ContentError(`${file}: missing YAML frontmatter`);
  try {
    return { data: parseYaml(match[1] ?? ''), body: source.slice(match[0].length) };
  } catch (error) {
    throw new ContentError(`${file}: ${(error as Error).message}`);
  }
}

/** Reads and validates one chapter and its resource and code-example files. */
export async function loadChapter(contentDir: string, fileName: string): Promise<ChapterSource> {
  const file = path.join(contentDir, 'chapters', fileName);
  const { data, body } = splitFrontmatter(await readFile(file, 'utf8'), file);
  const fm = check(chapterFrontmatterSchema, data, file);
  if (`${fm.id}.md` !== fileName) throw new ContentError(`${file}: id ${fm.id} does not match the file name`);
  const resourcesFile = `${fm.id}.json`;
  const resourcesPath = path.join(contentDir, 'resources', resourcesFile);
  const resources = check(resourcesFileSchema, await readJson(resourcesPath), resourcesPath);
  const examplesPath = path.join(contentDir, 'code-examples', `${fm.id}.json`);
  const hasExamples = await exists(examplesPath);
  const codeExamples = hasExamples ? check(codeExamplesFileSchema, await readJson(examplesPath), examplesPath) : [];
  const termsPath = path.join(contentDir, 'index-terms', `${fm.id}.json`);
  const indexTerms = (await exists(termsPath)) ? check(indexTermsFileSchema, await readJson(termsPath), termsPath) : [];
  return {
    ...fm,
    markdown: body,
    markdownFile: fileName,
    resourcesFile,
    ...(hasExamples ? { codeExamplesFile: `${fm.id}.json` } : {}),
    resources,
    codeExamples,
    indexTerms,
  };
}

const cache = new Map<string, Promise<Book>>();

/** The default content folder: `content/` at the project root (the process's working directory). */
function defaultContentDir(): string {
  return path.resolve('content');
}

/**
 * Loads the whole book from `contentDir`, in reading order. Every file is validated; a malformed
 * one throws a ContentError naming it, so a build with bad content fails. Cached per folder.
 */
export function loadBook(contentDir: string = defaultContentDir()): Promise<Book> {
  let book = cache.get(contentDir);
  if (!book) {
    book = (async () => {
      const configPath = path.join(contentDir, 'book.json');
      const config = check(bookConfigSchema, await readJson(configPath), configPath);
      const files = (await readdir(path.join(contentDir, 'chapters'))).filter((f) => /^chapter-\d\d\.md$/.test(f)).sort();
      const chapters = await Promise.all(files.map((f) => loadChapter(contentDir, f)));
      chapters.sort((a, b) => a.order - b.order);
      const glossaryPath = path.join(contentDir, 'glossary.json');
      const glossary = (await exists(glossaryPath)) ? check(glossaryFileSchema, await readJson(glossaryPath), glossaryPath) : [];
      return { config, chapters, glossary };
    })();
    book.catch(() => cache.delete(contentDir));
    cache.set(contentDir, book);
  }
  return book;
}

// Kept here for existing imports; defined with the reader's other pure helpers (browser-safe).
export { shortSubtitle } from './reader.ts';
