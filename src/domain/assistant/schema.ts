import { z } from 'zod';

/** Longest question the assistant takes (characters, after trimming). */
export const QUESTION_MAX_CHARS = 1_000;
/** Most earlier turns a request may carry (five questions and their answers). */
export const HISTORY_MAX_TURNS = 10;
/** Longest earlier answer a request may carry back (characters). */
const HISTORY_ANSWER_MAX_CHARS = 6_000;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be a string` })
    .trim()
    .min(1, `${label} is empty`)
    .max(max, `${label} is longer than ${max} characters`);

/** One earlier turn of the conversation, sent back by the page so follow-up questions make sense. */
const historyEntrySchema = z.discriminatedUnion(
  'role',
  [
    z.object({ role: z.literal('user'), content: text('content', QUESTION_MAX_CHARS) }),
    z.object({ role: z.literal('assistant'), content: text('content', HISTORY_ANSWER_MAX_CHARS) }),
  ],
  { error: "role must be 'user' or 'assistant'" },
);

/** The body of `POST /api/ask`. */
export const askRequestSchema = z.object(
  {
    question: text('question', QUESTION_MAX_CHARS),
    history: z.array(historyEntrySchema).max(HISTORY_MAX_TURNS, `history has more than ${HISTORY_MAX_TURNS} turns`).default([]),
  },
  // An array, a string or null: the one message that helps, rather than zod's type names.
  { error: 'Invalid request: send a JSON object with a question' },
);

/** A passage of the book an answer relies on, with a link to its section in the reader. */
const citationSchema = z.object({
  chapterId: z.string(),
  /** "Chapter 6: Overlay Networks and SPV" */
  title: z.string(),
  /** The section heading (the chapter's own name for its opening). */
  section: z.string(),
  /** `/book/chapter-06#section-slug` */
  url: z.string(),
  /** The sentences of the passage that match the question best, verbatim. */
  quote: z.string(),
});

const answerEngineSchema = z.enum(['anthropic', 'openai', 'offline']);

/** The answer of `POST /api/ask` (and the `answer` event of its stream). */
export const askResponseSchema = z.object({
  /** Plain text; `[n]` refers to `citations[n - 1]`. Never HTML. */
  answer: z.string(),
  citations: z.array(citationSchema),
  engine: answerEngineSchema,
  model: z.string(),
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type AskRequest = z.infer<typeof askRequestSchema>;
export type Citation = z.infer<typeof citationSchema>;
export type AskResponse = z.infer<typeof askResponseSchema>;

/** A section of a chapter: the unit the assistant retrieves, quotes and links to. */
export const passageSchema = z.object({
  chapterId: z.string(),
  /** "Chapter 6: Overlay Networks and SPV" */
  chapterTitle: z.string(),
  /** Heading of the section; for the text before the first heading, the chapter's short name. */
  section: z.string(),
  /** The parent h2 heading of an h3 section (retrieval context), else ''. */
  parent: z.string(),
  /** The heading's id in the reader (rehype-slug), '' for the chapter's opening. */
  slug: z.string(),
  /** The prose of the section, as plain text. */
  text: z.string(),
  /** Code blocks of the section (indexed with a low weight, never quoted). */
  code: z.string(),
  /** The answer the section gives, written by a person who read it (content/index-terms `answer`). */
  answer: z.string().optional(),
  /** The particular facts it states, as readers' questions and answers written with it (content/index-terms `facts`). */
  facts: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
});
export type Passage = z.infer<typeof passageSchema>;

/** The reader URL of a passage. */
export function passageUrl(p: Pick<Passage, 'chapterId' | 'slug'>): string {
  return `/book/${p.chapterId}${p.slug ? `#${p.slug}` : ''}`;
}
