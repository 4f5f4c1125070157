import { z } from 'zod';
import { aiFocusSchema, bsvFeatureSchema, businessCategorySchema, revenueModelSchema, targetMarketSchema } from '../options.ts';

/** Chapter ids run from chapter-00 (the Introduction) to chapter-21. */
const chapterIdSchema = z.string().regex(/^chapter-(0\d|1\d|2[01])$/, 'chapter id must be chapter-00 .. chapter-21');

const noAll = <T extends z.ZodEnum>(schema: T) => schema.exclude(['all']);

/** A business-idea seed drawn from a chapter: the offline idea engine composes ideas from these. */
const ideaSeedSchema = z.object({
  /** Short product name, two to four words. */
  name: z.string().min(3).max(60),
  /** The problem, and for whom. */
  problem: z.string().min(20),
  /** What the product does. */
  solution: z.string().min(20),
  /** What the AI part does. */
  aiRole: z.string().min(15),
  /** What the BSV part does. */
  bsvRole: z.string().min(15),
  /** What the Internet-infrastructure part does. */
  internetRole: z.string().min(15),
});

/** The YAML frontmatter of `content/chapters/chapter-NN.md`. */
export const chapterFrontmatterSchema = z
  .object({
    /** chapter-00 .. chapter-21; must match the file name. */
    id: chapterIdSchema,
    /** "Introduction" for chapter-00, otherwise "Chapter N". */
    title: z.string().min(1),
    /** "Short name – longer line" (an en dash): the chapter list shows the part before the first dash. */
    subtitle: z.string().regex(/^[^-–—]{2,60} [-–—] .{5,}$/, 'subtitle must read "Short name - longer line"'),
    /** Reading order, 0..21. */
    order: z.number().int().min(0).max(21),
    /** Meta description of the chapter page. */
    description: z.string().min(20).max(220),
    /** Four to six one-sentence takeaways. */
    keyPoints: z.array(z.string().min(10)).min(3).max(8),
    /** Which generator options this chapter informs (used to ground generated ideas). */
    topics: z.object({
      businessCategory: z.array(noAll(businessCategorySchema)).default([]),
      aiFocus: z.array(noAll(aiFocusSchema)).default([]),
      bsvFeature: z.array(noAll(bsvFeatureSchema)).default([]),
      revenueModel: z.array(noAll(revenueModelSchema)).default([]),
      targetMarket: z.array(noAll(targetMarketSchema)).default([]),
    }),
    /** Business-idea seeds drawn from the chapter. */
    seeds: z.array(ideaSeedSchema).min(2).max(8),
  })
  .strict()
  .superRefine((fm, ctx) => {
    const expectedTitle = fm.order === 0 ? 'Introduction' : `Chapter ${fm.order}`;
    if (fm.title !== expectedTitle) ctx.addIssue({ code: 'custom', message: `title must be "${expectedTitle}"`, path: ['title'] });
    if (fm.id !== `chapter-${String(fm.order).padStart(2, '0')}`) ctx.addIssue({ code: 'custom', message: 'id and order disagree', path: ['id'] });
  });

/** A link in a chapter's Resources tab. */
const resourceSchema = z
  .object({
    title: z.string().min(3),
    url: z.url({ protocol: /^https$/ }),
    type: z.enum(['website', 'tool', 'documentation']),
  })
  .strict();

/** A code example in a chapter's Code Examples tab. */
const codeExampleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id must be kebab-case'),
    title: z.string().min(3),
    language: z.string().min(1),
    fileName: z.string().min(1),
    code: z.string().min(20),
    description: z.string().min(10),
  })
  .strict();

export const resourcesFileSchema = z.array(resourceSchema);
export const codeExamplesFileSchema = z.array(codeExampleSchema);

/**
 * A chapter's index in readers' words (content/index-terms/chapter-NN.json): per section of the
 * assistant's passages (slug '' is the chapter's opening), the everyday words and phrases a reader
 * would ask about it with ("supermarket" for the section on retailers' recalls) and the questions
 * a reader who has not read it would type to find what it answers ("why do huge data leaks keep
 * happening year after year?"). The assistant indexes both with the section.
 */
export const indexTermsFileSchema = z.array(
  z.strictObject({
    slug: z.string(),
    section: z.string().min(1),
    terms: z.string().max(300, 'terms are longer than 300 characters'),
    /** Questions a reader who has not read the section would type to find what it answers, in their own words. */
    questions: z.array(z.string().min(1).max(160, 'a question is longer than 160 characters')).max(5).optional(),
    /**
     * The answer the section gives, in 1-3 sentences, written by a person who read it: its key fact,
     * figure or definition, in the section's own terms (the assistant opens with it).
     */
    answer: z.string().min(20).max(500, 'an answer is longer than 500 characters').optional(),
    /**
     * The particular facts the section states, each as a reader's question and its answer in 1-2
     * sentences, written by a person who read it (the assistant opens with the one that fits best).
     */
    facts: z
      .array(
        z.strictObject({
          question: z.string().min(8).max(160, 'a question is longer than 160 characters'),
          answer: z.string().min(20).max(360, 'a fact is longer than 360 characters'),
        }),
      )
      .max(8)
      .optional(),
  }),
);
export type IndexTerms = z.infer<typeof indexTermsFileSchema>;

/**
 * `content/glossary.json`: the terms the book defines, written down by its editors (the /glossary
 * page and the assistant's definitions): the term as the book writes it, what it is or stands for,
 * and the book's own sentence that defines it, in the section named by its heading's anchor ('' for
 * a chapter's opening). The build checks that the sentence stands in that section word for word.
 */
export const glossaryFileSchema = z
  .array(
    z.strictObject({
      term: z.string().min(1).max(60),
      meaning: z.string().min(1).max(120, 'a meaning is longer than 120 characters'),
      /** True when `meaning` spells the term out (an acronym's expansion). */
      expansion: z.boolean().optional(),
      chapter: z.string().regex(/^chapter-\d\d$/, 'chapter must be chapter-NN'),
      section: z.string(),
      sentence: z.string().min(1).max(600),
    }),
  )
  .refine((entries) => new Set(entries.map((e) => e.term)).size === entries.length, 'a term is listed twice');
export type GlossaryFile = z.infer<typeof glossaryFileSchema>;

/** `content/book.json`: the one place for the book's title, author and site-wide settings. */
export const bookConfigSchema = z.object({
  title: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1),
  author: z.string().min(1),
  authorShort: z.string().min(1),
  authorBio: z.string().min(1),
  developer: z.string().min(1),
  language: z.string().min(2),
  copyrightYear: z.number().int(),
  /** BSV address for tips, shown with a QR code in the reader. */
  supportAddress: z.string().min(1),
  assistant: z.object({ name: z.string(), url: z.union([z.url({ protocol: /^https$/ }), z.literal('')]), credit: z.string() }),
});

export type ChapterFrontmatter = z.infer<typeof chapterFrontmatterSchema>;
export type IdeaSeed = z.infer<typeof ideaSeedSchema>;
export type Resource = z.infer<typeof resourceSchema>;
export type CodeExample = z.infer<typeof codeExampleSchema>;
export type BookConfig = z.infer<typeof bookConfigSchema>;
