import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BookIndex, buildIndexFile } from '../../src/domain/assistant/search.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { outcomes, splits } from '../support/assistant-splits.ts';

/**
 * The dev gate (issue 44): against the committed baseline (npm run assistant:baseline), no more
 * than 3 dev-split questions lost (a first citation or a fact in the opening that was right and is
 * not); the questions won and lost are printed. The sealed split is not run here (decision 023).
 */
const ALLOWED_LOSSES = 3;

describe('the assistant on its dev split', () => {
  it(`loses no more than ${ALLOWED_LOSSES} questions against the committed baseline`, async () => {
    const book = await loadBook();
    const { dev } = splits(book.chapters.find((c) => c.id === 'chapter-03')?.markdown ?? '');
    const baseline = JSON.parse(await readFile('tests/support/assistant-dev-baseline.json', 'utf8')) as Record<string, string>;
    const now = await outcomes(dev, new BookIndex(buildIndexFile(book)));
    const lost: string[] = [];
    const won: string[] = [];
    dev.forEach((q, i) => {
      const before = baseline[q.question];
      const after = now[i] ?? '00';
      if (before === undefined) return;
      for (const k of [0, 1]) {
        if (before[k] === '1' && after[k] === '0') lost.push(`${k === 0 ? 'first citation' : 'fact'}: ${q.question}`);
        if (before[k] === '0' && after[k] === '1') won.push(`${k === 0 ? 'first citation' : 'fact'}: ${q.question}`);
      }
    });
    if (won.length + lost.length > 0) console.log(`dev split: won ${won.length}, lost ${lost.length}\n+ ${won.join('\n+ ')}\n- ${lost.join('\n- ')}`);
    expect(Object.keys(baseline).length, 'the baseline covers the dev split (npm run assistant:baseline)').toBe(new Set(dev.map((q) => q.question)).size);
    expect(lost.length, lost.join('\n')).toBeLessThanOrEqual(ALLOWED_LOSSES);
  });
});
