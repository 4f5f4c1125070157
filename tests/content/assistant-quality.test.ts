import { describe, expect, it } from 'vitest';
import { askBook } from '../../src/domain/assistant/ask.ts';
import { OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import { BookIndex, buildIndexFile } from '../../src/domain/assistant/search.ts';
import { splitChapter } from '../../src/domain/assistant/sections.ts';
import { termsOf } from '../../src/domain/assistant/text.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { factPattern, HELD_OUT } from '../support/assistant-heldout.ts';
import { LATER_HELD_OUT } from '../support/assistant-heldout-later.ts';
import { QUALITY_QUESTIONS } from '../support/assistant-questions.ts';

/** The retrieval quality bar (the figure itself is printed by `npm run bench`). */
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

const index = async () => new BookIndex(buildIndexFile(await loadBook()));

describe('the glossary', () => {
  it('lists the terms the book defines, each with its sentence and a link to where it is defined', async () => {
    const { glossary, passages } = await index();
    const terms = new Map(glossary.map((g) => [g.term, g]));
    for (const term of [
      ...['SPV', 'BEEF', 'BUMP', 'ARC', 'SHIP', 'SLAP', 'UTXO', 'P2PKH', 'ECDSA', 'GASP', 'LARS', 'CARS', 'BRC', 'SDK', 'API', 'HTTP', 'TLS', 'DNS'],
      ...['BRC-100', 'BRC-22', 'BRC-24', 'BRC-29', 'BRC-42', 'BRC-43', 'BRC-52', 'BRC-62', 'BRC-74', 'BRC-88', 'BRC-95', 'BRC-103', 'BRC-104', 'BRC-105', 'BRC-121'],
      ...['Teranode', 'PushDrop', 'overlay', 'identity key', 'private key'],
    ])
      expect(terms.has(term), term).toBe(true);
    // Every standard the book names is in it, with what the book calls it (a BRC named in passing,
    // "following BRC-2", had no entry: the book now names each one).
    const named = new Set(passages.flatMap((p) => `${p.section} ${p.text}`.match(/\bBRC-\d+\b/g) ?? []));
    expect([...named].filter((brc) => !terms.has(brc))).toEqual([]);
    expect(named.size).toBeGreaterThanOrEqual(20);
    expect(terms.get('SPV')?.meaning.toLowerCase()).toBe('simplified payment verification');
    expect(terms.get('BEEF')?.meaning).toBe('Background Evaluation Extended Format');
    for (const g of glossary) {
      // The sentence is the book's own, in the passage the link points at.
      const passage = passages.find((p) => `/book/${p.chapterId}#${p.slug}` === g.url || (p.chapterId === g.chapterId && !p.slug && g.url === `/book/${p.chapterId}`));
      expect(passage?.text, g.term).toContain(g.sentence);
      // The sentence is about the term: it names it, or what it stands for or is called.
      const names = (text: string) => g.sentence.toLowerCase().includes(text.toLowerCase().replace(/s$/, ''));
      expect(names(g.term) || names(g.meaning), `${g.term}: ${g.sentence}`).toBe(true);
    }
  });
});

describe('every glossary term, asked about', () => {
  it('is answered from its definition: "stands for" with the expansion, "what is" from the chapter that defines it ', async () => {
    const search = await index();
    const engine = new OfflineAnswerEngine();
    const wrong: string[] = [];
    for (const g of search.glossary) {
      const what = /[A-Z]/.test(g.term) ? `What is ${g.term}?` : `What is ${/^[aeiou]/.test(g.term) ? 'an' : 'a'} ${g.term}?`;
      const asked = await askBook({ question: what, history: [] }, { search, engine });
      if (asked.citations[0]?.chapterId !== g.chapterId || !asked.answer.includes(g.sentence)) wrong.push(`${what} -> ${asked.citations[0]?.url ?? 'none'}`);
      if (!g.expansion) continue;
      const stands = await askBook({ question: `What does ${g.term} stand for?`, history: [] }, { search, engine });
      if (!stands.answer.includes(`${g.term} stands for ${g.meaning}.`)) wrong.push(`What does ${g.term} stand for? -> ${stands.answer.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('held-out reader questions (written before the retrieval changes; never tuned on)', () => {
  it('cites the right chapter first for at least 85%, puts the expected fact in the opening, and calls at most one of them "not covered" (issue 44: at most 2% of covered questions; 12 of the 786 development questions)', async () => {
    const book = await loadBook();
    const search = new BookIndex(buildIndexFile(book));
    const engine = new OfflineAnswerEngine();
    // Fees are read from chapter 3's table, never written in the test.
    const table = book.chapters.find((c) => c.id === 'chapter-03')?.markdown ?? '';
    const misses: string[] = [];
    let facts = 0;
    let factsFound = 0;
    const refused: string[] = [];
    for (const q of HELD_OUT) {
      const r = await askBook({ question: q.question, history: [] }, { search, engine });
      if (!q.chapters.includes(r.citations[0]?.chapterId ?? '')) misses.push(`${q.question} -> ${r.citations[0]?.chapterId ?? 'none'}`);
      if (/does not (seem to )?cover/.test(r.answer)) refused.push(q.question);
      if (!q.fact) continue;
      facts += 1;
      const opening = r.answer.split(/\n\n\[1\] /)[0] ?? '';
      const pattern = factPattern(q.fact, table);
      if (pattern.test(opening)) factsFound += 1;
    }
    expect(1 - misses.length / HELD_OUT.length, misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(factsFound / facts).toBeGreaterThanOrEqual(0.9);
    expect(refused.length, refused.join('\n')).toBeLessThanOrEqual(1);
  });
});

describe('the held-out sets the bench measures', () => {
  it("names chapters the book has, and each fact is in the text of one of the question's chapters", async () => {
    // A fact no chapter holds any more would make "fact in the opening" count nothing: an edit of the
    // book that rewords an answer must reword its fact too.
    const book = await loadBook();
    const prose = new Map(book.chapters.map((c) => [c.id, c.markdown.replace(/\s+/g, ' ')]));
    const stale: string[] = [];
    for (const set of LATER_HELD_OUT)
      for (const q of set.questions) {
        for (const id of q.chapters) expect(prose.has(id), `${q.question}: ${id}`).toBe(true);
        if (q.fact && !q.chapters.some((id) => q.fact?.test(prose.get(id) ?? ''))) stale.push(`${q.question}: ${q.fact.source}`);
      }
    expect(stale).toEqual([]);
  });
});

describe("the chapters' index in readers' words (content/index-terms)", () => {
  it('has one entry per passage of every chapter, in reading order, each adding words the section does not use', async () => {
    const book = await loadBook();
    for (const chapter of book.chapters) {
      const passages = splitChapter(chapter);
      const entries = chapter.indexTerms ?? [];
      expect(
        entries.map((e) => `${e.slug} | ${e.section}`),
        `${chapter.id}: one entry per section (npm run build names a stale one)`,
      ).toEqual(passages.map((p) => `${p.slug} | ${p.section}`));
      entries.forEach((entry, i) => {
        if (/^Summary\b/.test(entry.section)) return;
        const items = entry.terms.split(',').map((t) => t.trim());
        expect(items.length, `${chapter.id} ${entry.section}: 3 or more words or phrases`).toBeGreaterThanOrEqual(3);
        expect(new Set(items).size, `${chapter.id} ${entry.section}: no repeats`).toBe(items.length);
        // The entry adds words the section does not already use (the search finds those anyway).
        const own = new Set(termsOf(`${passages[i]?.section} ${passages[i]?.text}`));
        expect(
          termsOf(entry.terms).filter((t) => !own.has(t)),
          `${chapter.id} ${entry.section}: words the section does not use`,
        ).not.toEqual([]);
      });
    }
  });

  it("gives every section the questions readers would ask to find it, most of them in the reader's words", async () => {
    const book = await loadBook();
    for (const chapter of book.chapters) {
      const passages = splitChapter(chapter);
      const asked = new Set<string>();
      (chapter.indexTerms ?? []).forEach((entry, i) => {
        const questions = entry.questions ?? [];
        if (/^Summary\b/.test(entry.section)) return expect(questions, `${chapter.id} ${entry.section}: a summary answers nothing new`).toEqual([]);
        expect(questions.length, `${chapter.id} ${entry.section}: 3 or 4 questions`).toBeGreaterThanOrEqual(3);
        const own = new Set(termsOf(`${passages[i]?.section} ${passages[i]?.text}`));
        for (const question of questions) {
          expect(question, `${chapter.id} ${entry.section}: a question`).toMatch(/\?$/);
          expect(question.split(/\s+/).length, `${chapter.id} ${entry.section}: "${question}" under 20 words`).toBeLessThan(20);
          expect(asked.has(question.toLowerCase()), `${chapter.id}: "${question}" asked twice`).toBe(false);
          asked.add(question.toLowerCase());
        }
        // At least two ask in words the section does not use: the section's own words find it anyway.
        const inOtherWords = questions.filter((q) => termsOf(q).some((t) => !own.has(t)));
        expect(inOtherWords.length, `${chapter.id} ${entry.section}: questions in the reader's words`).toBeGreaterThanOrEqual(2);
      });
    }
  });

  it('stops the build when an entry names a section the chapter no longer has', async () => {
    const book = await loadBook();
    const [first, ...rest] = book.chapters;
    if (!first) throw new Error('no chapters');
    const stale = { ...first, indexTerms: [...(first.indexTerms ?? []), { slug: 'a-section-since-removed', section: 'Gone', terms: 'x' }] };
    expect(() => buildIndexFile({ ...book, chapters: [stale, ...rest] })).toThrow(/index-terms\/chapter-00\.json: no section "a-section-since-removed"/);
  });
});
