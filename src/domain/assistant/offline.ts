import type { AnswerEngine, EngineAnswerOptions, EngineQuestion } from './engine.ts';
import { bestQuote, termsOf } from './text.ts';

const OFFLINE_ASSISTANT_MODEL = 'offline-passages';

/** The first words of every offline answer: the reader knows no model wrote it. */
export const OFFLINE_LEAD = 'Offline engine (no AI model is configured on this site): the passages of the book that best match your question.';
export const OFFLINE_NOT_COVERED =
  'Offline engine (no AI model is configured on this site): the book does not seem to cover this question, as no passage matches its words. Try the terms the book uses, such as SPV, BEEF, overlays, micropayments or BRC-100 wallets.';

/**
 * The assistant without a model: it answers with the most relevant passages themselves, each
 * quoted where it matches the question best and cited, after a one-line lead. Nothing is
 * paraphrased, so nothing can be made up.
 */
export class OfflineAnswerEngine implements AnswerEngine {
  readonly name = 'offline' as const;
  readonly model = OFFLINE_ASSISTANT_MODEL;

  async answer(input: EngineQuestion, options: EngineAnswerOptions): Promise<string> {
    const text = composeOfflineAnswer(input);
    options.onText?.(text);
    return text;
  }
}

/** The offline answer for a question and its passages. */
function composeOfflineAnswer(input: EngineQuestion): string {
  if (input.passages.length === 0) return OFFLINE_NOT_COVERED;
  const terms = termsOf(input.question);
  const parts = input.passages.map((p, i) => `[${i + 1}] ${p.section} (${p.chapterTitle}): “${bestQuote(p.text, terms)}”`);
  return [OFFLINE_LEAD, ...parts].join('\n\n');
}
