import { describe, expect, it } from 'vitest';
import { definitionsIn, spellsOut } from '../../src/domain/assistant/glossary.ts';
import { looksNonEnglish, OFFLINE_ENGLISH_ONLY } from '../../src/domain/assistant/offline.ts';

describe('the glossary extractor', () => {
  it('recognises a spelled-out acronym by its initials (small words aside, a digit repeats a letter)', () => {
    expect(spellsOut('SPV', 'simplified payment verification')).toBe(true);
    expect(spellsOut('C2PA', 'Coalition for Content Provenance and Authenticity')).toBe(true);
    expect(spellsOut('SPV', 'payment verification')).toBe(false);
    expect(spellsOut('ARC', 'a random crowd of words here')).toBe(false);
  });

  it('reads the forms the book defines terms in', () => {
    expect(definitionsIn('This is simplified payment verification, SPV, and it is the answer.')).toContainEqual({
      term: 'SPV',
      meaning: 'simplified payment verification',
      expansion: true,
    });
    expect(definitionsIn('BRC-62 defines BEEF, the Background Evaluation Extended Format, for exactly this.')).toContainEqual({
      term: 'BEEF',
      meaning: 'Background Evaluation Extended Format',
      expansion: true,
    });
    expect(definitionsIn('Hosts find each other through SHIP (Services Host Interconnect Protocol).')).toContainEqual({
      term: 'SHIP',
      meaning: 'Services Host Interconnect Protocol',
      expansion: true,
    });
    expect(definitionsIn('Broadcast through a transaction processor such as ARC, then wait.')).toContainEqual({
      term: 'ARC',
      meaning: 'transaction processor',
      expansion: false,
    });
    expect(definitionsIn('A consent overlay defines a topic manager (BRC-22) that admits tokens.')).toContainEqual({
      term: 'BRC-22',
      meaning: 'topic manager',
      expansion: false,
    });
    // Not a definition: a capitalised word that is not a name, and an acronym with a number after it.
    expect(definitionsIn('Certification is a business in itself.')).toEqual([]);
    expect(definitionsIn('Use a trusted timestamping service such as RFC 3161 servers.')).toEqual([]);
  });
});

describe('questions in other languages, offline', () => {
  it('are recognised, and told plainly that the offline engine reads English', () => {
    for (const q of ['¿Qué significa SPV?', 'Was ist BEEF?', 'BEEF 是什么？', 'Comment fonctionne SPV ?']) expect(looksNonEnglish(q), q).toBe(true);
    for (const q of ['What does SPV stand for?', 'How much does a 226-byte payment cost?']) expect(looksNonEnglish(q), q).toBe(false);
    expect(OFFLINE_ENGLISH_ONLY).toMatch(/reads English/);
  });
});

describe('the language models get the same rules', () => {
  it('answer first, in the language of the question, keeping the book terms', async () => {
    const { systemPrompt } = await import('../../src/domain/assistant/prompt.ts');
    const prompt = systemPrompt('The Book');
    expect(prompt).toMatch(/Open with one to three sentences that answer the question directly/);
    expect(prompt).toMatch(/Answer in the language of the reader's question/);
  });
});
