/** "Did this answer your question? Yes / No": the question, citations and vote are kept (nothing personal) for the next test set. */
import { z } from 'zod';

/** The most votes kept a day: past it, a vote is refused with a 503 (the store stays bounded). */
export const DAILY_FEEDBACK_LIMIT = 2000;

/** A citation as the answer gave it: a link into the reader. */
const citationUrl = z.string().regex(/^\/book\/chapter-\d\d(#[a-z0-9-]{1,120})?$/, 'a citation is a link into the book (/book/chapter-NN#section)');

/** POST /api/ask/feedback: one reader's vote on one answer. */
export const feedbackRequestSchema = z.strictObject({
  /** The question as asked. */
  question: z.string().trim().min(1, 'question is empty').max(1000, 'question is longer than 1,000 characters'),
  /** The answer's sources, in order. */
  citations: z.array(citationUrl).max(10, 'at most 10 citations'),
  /** Whether the answer answered the question. */
  helpful: z.boolean({ error: 'helpful must be true or false' }),
  /** Which engine answered. */
  engine: z.enum(['offline', 'anthropic', 'openai'], { error: 'engine must be offline, anthropic or openai' }),
});
/** A vote as kept, with when it was cast (ISO 8601). */
export type FeedbackRecord = z.infer<typeof feedbackRequestSchema> & { at: string };

/** Where votes are kept (Netlify Blobs in production: netlify/functions/_shared/blobs-feedback-store.ts). */
export interface FeedbackStore {
  /** Keeps the vote; 'full' when the day's limit is reached (nothing is kept). */
  add(record: FeedbackRecord): Promise<'stored' | 'full'>;
  /** Every vote kept, oldest first. */
  list(): Promise<FeedbackRecord[]>;
}

/** How votes read: the share of answers that helped, then each vote. */
export function summariseFeedback(records: readonly FeedbackRecord[]): string {
  if (records.length === 0) return 'No feedback yet.';
  const helpful = records.filter((r) => r.helpful).length;
  const lines = records.map(
    (r) => `${r.at.slice(0, 16)}  ${r.helpful ? 'yes' : 'no '}  ${r.engine.padEnd(9)}  ${r.question}  ${r.citations[0] ?? '(no citation)'}`,
  );
  return [`${records.length} votes, ${helpful} said the answer helped (${Math.round((100 * helpful) / records.length)}%).`, ...lines].join('\n');
}
