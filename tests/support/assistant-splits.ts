import { askBook } from '../../src/domain/assistant/ask.ts';
import { OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import type { BookIndex } from '../../src/domain/assistant/search.ts';
import { QUALITY_QUESTIONS } from './assistant-questions.ts';
import { factPattern, HELD_OUT } from './assistant-heldout.ts';
import { LATER_HELD_OUT } from './assistant-heldout-later.ts';

/**
 * The assistant's two splits (issue 44, decision 023). The sealed split is the eighteenth and
 * nineteenth held-out sets (110 questions by helpers who read only the chapters, never looked at
 * question by question): run only to decide whether a rule stays. The dev split is every other
 * question set, tuned on; `npm test` gates it against tests/support/assistant-dev-baseline.json.
 */
export interface SplitQuestion {
  question: string;
  chapters: readonly string[];
  fact?: RegExp;
}
const SEALED_SETS = /^(?:eighteenth|nineteenth) held-out set/;

export function splits(table: string): { dev: SplitQuestion[]; sealed: SplitQuestion[] } {
  const dev: SplitQuestion[] = [
    ...QUALITY_QUESTIONS.map((q) => ({ question: q.question, chapters: [q.chapterId] })),
    ...HELD_OUT.map((q) => ({ question: q.question, chapters: q.chapters, ...(q.fact ? { fact: factPattern(q.fact, table) } : {}) })),
  ];
  const sealed: SplitQuestion[] = [];
  for (const set of LATER_HELD_OUT) (SEALED_SETS.test(set.name) ? sealed : dev).push(...set.questions);
  return { dev, sealed };
}

/** Per question: "1" or "0" for the first citation in a right chapter, then for the fact in the opening ("-" when none is asked). */
export async function outcomes(questions: readonly SplitQuestion[], search: BookIndex): Promise<string[]> {
  const engine = new OfflineAnswerEngine();
  const out: string[] = [];
  for (const q of questions) {
    const r = await askBook({ question: q.question, history: [] }, { search, engine });
    const first = q.chapters.includes(r.citations[0]?.chapterId ?? '') ? '1' : '0';
    const fact = q.fact === undefined ? '-' : q.fact.test(r.answer.split(/\n\n\[1\] /)[0] ?? '') ? '1' : '0';
    out.push(`${first}${fact}`);
  }
  return out;
}

/** How many of `questions` the offline assistant declines as not covered by the book. */
export async function declined(questions: readonly string[], search: BookIndex): Promise<number> {
  const engine = new OfflineAnswerEngine();
  let n = 0;
  for (const question of questions) if (/does not (seem to )?cover/.test((await askBook({ question, history: [] }, { search, engine })).answer)) n += 1;
  return n;
}
