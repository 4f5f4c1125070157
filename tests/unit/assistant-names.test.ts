import { describe, expect, it } from 'vitest';
import { isAskResponse } from '../../src/lib/assistant-page.ts';
import { askResponseSchema } from '../../src/domain/assistant/schema.ts';

/** The islands' zod-free check of a stored answer agrees with the API's schema. */
describe('isAskResponse', () => {
  const good = {
    answer: 'BEEF stands for Background Evaluation Extended Format. [1]',
    citations: [
      { chapterId: 'chapter-06', title: 'Chapter 6: Overlay Networks and SPV', section: 'BEEF', url: '/book/chapter-06#beef', quote: 'BRC-62 defines BEEF.' },
    ],
    engine: 'offline',
    model: 'offline-passages',
  };
  const cases: unknown[] = [
    good,
    { ...good, citations: [] },
    { ...good, extra: 1 },
    { ...good, engine: 'gpt' },
    { ...good, answer: 3 },
    { ...good, model: undefined },
    { ...good, citations: [{ ...good.citations[0], quote: 1 }] },
    { ...good, citations: [null] },
    { ...good, citations: 'none' },
    null,
    'text',
    [],
  ];
  it('accepts and refuses exactly what askResponseSchema does', () => {
    for (const value of cases) expect(isAskResponse(value), JSON.stringify(value)).toBe(askResponseSchema.safeParse(value).success);
  });
});
