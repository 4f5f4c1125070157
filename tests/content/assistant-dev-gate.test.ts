import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BookIndex, buildIndexFile } from '../../src/domain/assistant/search.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { declined, outcomes, splits } from '../support/assistant-splits.ts';
import { OFF_TOPIC } from '../support/assistant-heldout-later.ts';
import { DEV_OFF_TOPIC_DOMAIN } from '../support/assistant-dev-off-topic-domain.ts';
import { DEV_OFF_TOPIC_2 } from '../support/assistant-dev-off-topic-2.ts';
import { DEV_OFF_TOPIC_3 } from '../support/assistant-dev-off-topic-3.ts';

/**
 * The dev gate (issue 44): against the committed baseline (npm run assistant:baseline), no more
 * than 3 dev-split questions lost (a first citation or a fact in the opening that was right and is
 * not); the questions won and lost are printed. The sealed split is not run here (decision 023).
 */
const ALLOWED_LOSSES = 3;

/**
 * The dev off-topic sets' declines as committed (2026-11-29, `npm run assistant:splits` prints them), less
 * ALLOWED_LOSSES in all: a chapter edit that adds ordinary words, or a scope list cut, must not quietly let
 * questions the book does not cover through. Raise a figure when a change declines more.
 */
const OFF_TOPIC_DECLINED = { everyday: 66, 'in the book\'s words': 24, 'in its vocabulary': 52, both: 99 } as const;
const OFF_TOPIC_SETS = { everyday: OFF_TOPIC, 'in the book\'s words': DEV_OFF_TOPIC_DOMAIN, 'in its vocabulary': DEV_OFF_TOPIC_2, both: DEV_OFF_TOPIC_3 } as const;

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
    // A gate of answers, not of speed: beside another test file on two cores it took 42 s.
  }, 180_000);

  it(`declines the dev off-topic sets as committed, less ${ALLOWED_LOSSES} in all`, async () => {
    const search = new BookIndex(buildIndexFile(await loadBook()));
    const short: string[] = [];
    let missing = 0;
    for (const [name, questions] of Object.entries(OFF_TOPIC_SETS)) {
      const now = await declined(questions, search);
      const committed = OFF_TOPIC_DECLINED[name as keyof typeof OFF_TOPIC_DECLINED];
      if (now < committed) short.push(`${name}: ${now}/${questions.length}, committed ${committed}`);
      missing += Math.max(0, committed - now);
    }
    expect(missing, short.join('; ')).toBeLessThanOrEqual(ALLOWED_LOSSES);
  }, 180_000);
});
