import { describe, expect, it } from 'vitest';
import { OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import type { Passage } from '../../src/domain/assistant/schema.ts';
import { termsOf, expandQuery } from '../../src/domain/assistant/text.ts';

/** A synthetic book of two sections: the offline opening chooses among their written facts. */
const fees: Passage = {
  chapterId: 'chapter-03',
  chapterTitle: 'Chapter 3: Capabilities',
  section: 'Fees',
  parent: '',
  slug: 'fees',
  text: 'Miners set fees in satoshis per kilobyte. A payment of 226 bytes pays 23 satoshis at 100 sat/kB.',
  code: '',
  answer: 'Fees are a miner-set rate times the size.',
  facts: [
    { question: 'How much does a payment cost?', answer: 'A 226-byte payment pays 23 satoshis at 100 sat/kB.' },
    { question: 'Who sets the fee rate?', answer: 'Miners set the rate in satoshis per kilobyte.' },
  ],
};
const anchors: Passage = {
  ...fees,
  section: 'Anchors',
  slug: 'anchors',
  text: 'A hash anchor puts a 32-byte hash in an output. Anchoring proves a record existed by a block.',
  answer: 'An anchor records a hash on chain.',
  facts: [{ question: 'What does a hash anchor cost?', answer: 'A hash anchor of 236 bytes pays 24 satoshis at 100 sat/kB.' }],
};

async function ask(question: string, passages: Passage[]): Promise<string> {
  const answer = await new OfflineAnswerEngine().answer(
    { question, history: [], passages, terms: termsOf(expandQuery(question)) },
    { signal: new AbortController().signal },
  );
  return answer.split('\n\n')[1] ?? '';
}

describe('the offline opening', () => {
  it('opens with the written fact whose question fits, then the section answer and the book’s sentence', async () => {
    const opening = await ask('Who sets the fee rate for a transaction?', [fees, anchors]);
    expect(opening.startsWith('Miners set the rate in satoshis per kilobyte. [1] Fees are a miner-set rate times the size. [1] “')).toBe(true);
  });

  it('takes the fact of a passage below the first when it fits better, and cites that passage', async () => {
    const opening = await ask('What does a hash anchor of 236 bytes cost in satoshis?', [fees, anchors]);
    expect(opening.startsWith('A hash anchor of 236 bytes pays 24 satoshis at 100 sat/kB. [2] Fees are a miner-set rate times the size. [1]')).toBe(true);
  });

  it('prefers the fact written as the question is asked to a longer one that shares more of its words (decision 026)', async () => {
    const facts = [
      { question: 'How much does a payment pay?', answer: 'A payment pays the fee rate miners set times its size.' },
      { question: 'Who sets the fee rate?', answer: 'Miners do, per kilobyte.' },
    ];
    const opening = await ask('Who sets the fee rate that a payment pays?', [{ ...fees, facts }]);
    expect(opening.startsWith('Miners do, per kilobyte. [1]')).toBe(true);
  });

  it('adds the next fact when it fits nearly as well, and only then (decision 027)', async () => {
    const opening = await ask('What does a payment cost, and who sets its rate?', [fees, anchors]);
    expect(opening.startsWith('A 226-byte payment pays 23 satoshis at 100 sat/kB. [1] Miners set the rate in satoshis per kilobyte. [1] Fees are')).toBe(true);
    const one = await ask('Who sets the fee rate for a transaction?', [fees, anchors]);
    expect(one).not.toContain('226-byte');
  });

  it('drops a sentence of the section answer that the facts have already said (decision 027)', async () => {
    const answer = 'Miners set the fee rate in satoshis per kilobyte. Fees are a rate times the size.';
    const opening = await ask('Who sets the fee rate for a transaction?', [{ ...fees, answer }]);
    expect(opening.startsWith('Miners set the rate in satoshis per kilobyte. [1] Fees are a rate times the size. [1] “')).toBe(true);
  });

  it('opens with the section answer when no fact holds a word of the question', async () => {
    const opening = await ask('Why blocks?', [{ ...fees, text: 'Blocks hold transactions.' }]);
    expect(opening).toBe('Fees are a miner-set rate times the size. [1] “Blocks hold transactions.” [1]');
  });
});
