import { describe, expect, it } from 'vitest';
import { askBook } from '../../src/domain/assistant/ask.ts';
import { OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import { BookIndex, buildIndexFile, type Hit, type PassageSearch } from '../../src/domain/assistant/search.ts';
import type { Book, ChapterSource } from '../../src/domain/book/load.ts';

/**
 * A synthetic book of three sections whose prose matches a question about equally: the section whose
 * written fact answers the question leads the search (decision 025).
 */
function book(factIn: 'alpha' | 'beta' | 'none'): Book {
  const section = (slug: string) => ({
    slug,
    section: slug,
    terms: 'payment channels',
    questions: ['what is this section about?'],
    answer: 'Channels settle payments off chain.',
    facts:
      factIn === slug
        ? [{ question: 'How do two parties close a payment channel?', answer: 'Either party broadcasts the last signed state to close it.' }]
        : [],
  });
  const chapter = {
    id: 'chapter-01',
    title: 'Chapter 1',
    subtitle: 'Channels – payments between two parties',
    order: 1,
    description: 'A synthetic chapter for the assistant’s unit tests.',
    markdown: [
      '## alpha\n\nChannels settle payments between two parties off chain; they close later.',
      '## beta\n\nChannels settle payments between two parties off chain; they close later.',
      '## gamma\n\nBlocks hold transactions and miners order them.',
    ].join('\n\n'),
    indexTerms: ['alpha', 'beta', 'gamma'].map(section),
  } as unknown as ChapterSource;
  return { config: {} as Book['config'], chapters: [chapter] };
}

const first = (which: 'alpha' | 'beta' | 'none', question: string) => new BookIndex(buildIndexFile(book(which))).search(question)[0]?.passage.slug;

describe('written facts reorder the best passages', () => {
  it('lifts the section whose fact answers the question over an equal match', () => {
    const question = 'How do the two parties close a payment channel?';
    expect(first('beta', question)).toBe('beta');
    expect(first('alpha', question)).toBe('alpha');
  });

  it('keeps the order by the words when no fact matches', () => {
    const question = 'Which miners order the blocks?';
    for (const which of ['alpha', 'beta', 'none'] as const) expect(first(which, question)).toBe('gamma');
  });

  it('keeps the score the words gave each passage (coverage is judged on it)', () => {
    const index = new BookIndex(buildIndexFile(book('beta')));
    const hits = index.search('How do the two parties close a payment channel?');
    expect(hits[0]?.passage.slug).toBe('beta');
    expect(hits[0]?.score).toBeCloseTo(hits[1]?.score ?? 0, 6);
  });
});

describe('coverage after the facts reorder', () => {
  it('is judged on the passage the words match best, not on the one the facts put first', async () => {
    const passage = (slug: string, text: string) => ({
      chapterId: 'chapter-01',
      chapterTitle: 'Chapter 1: Channels',
      section: slug,
      parent: '',
      slug,
      text,
      code: '',
    });
    // As the search returns them once reordered: a written fact lifted the first, which holds one of the
    // question's four terms; the second holds three and has the higher BM25 score.
    const lifted: Hit = { passage: passage('lifted', 'Channels close later.'), score: 5, matched: ['channel'] };
    const best: Hit = { passage: passage('best', 'Two parties settle channel payments off chain.'), score: 10, matched: ['channel', 'settl', 'payment'] };
    const search: PassageSearch = { glossary: [], search: () => [lifted, best], specificity: () => 1 };
    const r = await askBook({ question: 'How do channels settle payments offline?', history: [] }, { search, engine: new OfflineAnswerEngine() });
    expect(r.answer).not.toMatch(/does not (seem to )?cover/);
    expect(r.citations[0]?.section).toBe('best');
  });
});
