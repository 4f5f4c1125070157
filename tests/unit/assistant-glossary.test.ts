import { describe, expect, it } from 'vitest';
import { resolveGlossary, termAskedAbout, type GlossaryEntry } from '../../src/domain/assistant/glossary.ts';
import type { Passage } from '../../src/domain/assistant/schema.ts';
import { glossaryFileSchema } from '../../src/domain/book/schema.ts';
import { looksNonEnglish, OFFLINE_ENGLISH_ONLY } from '../../src/domain/assistant/offline.ts';

const passage = (chapterId: string, slug: string, section: string, text: string): Passage => ({
  chapterId,
  chapterTitle: `Chapter ${chapterId.slice(-2)}: T`,
  section,
  parent: '',
  slug,
  text,
  code: '',
});

describe('the written glossary placed in the book', () => {
  const passages = [
    passage('chapter-02', 'spv', 'SPV', 'Simplified payment verification, SPV, checks a proof against headers. It needs no full node.'),
    passage('chapter-06', '', 'Overlays', 'An overlay is a set of servers that track one slice of the ledger.'),
  ];

  it('links each entry to its section (the opening of a chapter too) and sorts the terms, numbers in order', () => {
    const glossary = resolveGlossary(
      [
        {
          term: 'overlay',
          meaning: 'set of servers',
          chapter: 'chapter-06',
          section: '',
          sentence: 'An overlay is a set of servers that track one slice of the ledger.',
        },
        { term: 'SPV', meaning: 'simplified payment verification', expansion: true, chapter: 'chapter-02', section: 'spv', sentence: 'It needs no full node.' },
      ],
      passages,
    );
    expect(glossary.map((g) => [g.term, g.url, g.section, g.expansion])).toEqual([
      ['overlay', '/book/chapter-06', 'Overlays', false],
      ['SPV', '/book/chapter-02#spv', 'SPV', true],
    ]);
  });

  it('refuses a file that lists a term twice, a long meaning or a chapter that is not chapter-NN', () => {
    const spv = { term: 'SPV', meaning: 'simplified payment verification', chapter: 'chapter-02', section: 'spv', sentence: 'It needs no full node.' };
    expect(glossaryFileSchema.safeParse([spv]).success).toBe(true);
    expect(glossaryFileSchema.safeParse([spv, { ...spv, meaning: 'other' }]).error?.issues[0]?.message).toBe('a term is listed twice');
    expect(glossaryFileSchema.safeParse([{ ...spv, meaning: 'x'.repeat(121) }]).success).toBe(false);
    expect(glossaryFileSchema.safeParse([{ ...spv, chapter: 'ch2' }]).success).toBe(false);
    expect(glossaryFileSchema.safeParse([{ ...spv, note: 'extra' }]).success).toBe(false);
  });

  it('stops the build, naming the file and the term, when a section is gone or its sentence was edited', () => {
    const spv = { term: 'SPV', meaning: 'simplified payment verification', chapter: 'chapter-02', section: 'spv', sentence: 'It needs no full node.' };
    expect(() => resolveGlossary([{ ...spv, section: 'gone' }], passages)).toThrow('content/glossary.json: SPV: no section "gone" in chapter-02');
    expect(() => resolveGlossary([{ ...spv, sentence: 'It needs a full node.' }], passages)).toThrow(
      /content\/glossary\.json: SPV: the sentence is not in chapter-02#spv/,
    );
  });
});

const entry = (term: string, meaning: string, expansion = false): GlossaryEntry => ({
  term,
  meaning,
  expansion,
  sentence: 'x',
  chapterId: 'chapter-01',
  chapterTitle: 'T',
  section: 'S',
  url: '/book/chapter-01',
});

describe('a question about a glossary term', () => {
  const glossary = [
    entry('SPV', 'simplified payment verification', true),
    entry('identity key', 'pseudonym'),
    entry('overlay', 'set of servers'),
    entry('BRC-100', 'common interface'),
  ];
  it('finds a term of several words, a plural, an acronym before a word, and a spelled-out name', () => {
    expect(termAskedAbout('What is an identity key?', glossary)?.term).toBe('identity key');
    expect(termAskedAbout('What are overlays?', glossary)?.term).toBe('overlay');
    expect(termAskedAbout('Is SPV an overlay?', glossary)?.term).toBe('SPV');
    expect(termAskedAbout('what is brc-100', glossary)?.term).toBe('BRC-100');
    expect(termAskedAbout('What is simplified payment verification?', glossary)?.term).toBe('SPV');
    expect(termAskedAbout('What is an identity?', glossary)).toBeUndefined();
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
