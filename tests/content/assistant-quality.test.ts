import { describe, expect, it } from 'vitest';
import { askBook } from '../../src/domain/assistant/ask.ts';
import { OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import { BookIndex, buildIndexFile } from '../../src/domain/assistant/search.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { QUALITY_QUESTIONS } from '../support/assistant-questions.ts';

/** The retrieval quality bar of issue 20 (the figure itself is printed by `npm run bench`). */
describe('offline assistant quality', () => {
  it('cites the chapter that answers the question first for at least 80% of the question set', async () => {
    expect(QUALITY_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    const index = new BookIndex(buildIndexFile(await loadBook()));
    const engine = new OfflineAnswerEngine();
    const misses: string[] = [];
    for (const q of QUALITY_QUESTIONS) {
      const r = await askBook({ question: q.question, history: [] }, { search: index, engine });
      if (r.citations[0]?.chapterId !== q.chapterId) misses.push(`${q.chapterId}: ${q.question} -> ${r.citations[0]?.url ?? 'no citation'}`);
    }
    const rate = 1 - misses.length / QUALITY_QUESTIONS.length;
    expect(rate, misses.join('\n')).toBeGreaterThanOrEqual(0.8);
  });
});
