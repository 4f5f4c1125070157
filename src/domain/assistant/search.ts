import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { createRequire } from 'node:module';
import type { Book } from '../book/load.ts';
import { glossaryEntrySchema, resolveGlossary, type GlossaryEntry } from './glossary.ts';
import { passageSchema, type Passage } from './schema.ts';
import { splitChapter } from './sections.ts';
import { editDistance, expandQuery, expansionsOf, framedQuestion, processTerm, replaceTokens, termsOf, tokenize } from './text.ts';
import { z } from 'zod';

/** Bumped when the index format or its tokenisation changes (an old file is then rebuilt). */
export const INDEX_VERSION = 10;

interface IndexedDoc {
  id: number;
  heading: string;
  chapter: string;
  text: string;
  code: string;
  /** The section's entry in the chapter's index in readers' words (content/index-terms). */
  terms: string;
  /** The questions readers would ask to find the section (content/index-terms). */
  asks: string;
}

/** BM25+ over the sections: a heading counts most, then the chapter's subject, prose, readers' questions and index terms, code little. */
const FIELD_BOOST = { heading: 2.5, chapter: 1.2, text: 1, asks: 0.75, terms: 0.5, code: 0.25 } as const;

/** How many of the best passages the written facts reorder, and how much their best fact's score weighs against the passage's. */
const [RERANKED, FACT_WEIGHT] = [5, 0.2];

const MINISEARCH_OPTIONS: Options<IndexedDoc> = {
  fields: ['heading', 'chapter', 'text', 'terms', 'asks', 'code'],
  tokenize,
  processTerm,
  searchOptions: { boost: FIELD_BOOST, combineWith: 'OR', tokenize, processTerm },
};

/** The generated index file: the passages and MiniSearch's serialised index over them. */
const indexFileSchema = z.object({
  version: z.literal(INDEX_VERSION),
  passages: z.array(passageSchema),
  /** The book's glossary (content/glossary.json), each entry placed in its passage (glossary.ts). */
  glossary: z.array(glossaryEntrySchema),
  index: z.record(z.string(), z.unknown()),
});
export type IndexFile = z.infer<typeof indexFileSchema>;

/** Splits every chapter into passages and indexes them (run at build time). */
export function buildIndexFile(book: Book): IndexFile {
  const passages: Passage[] = [];
  const docs: IndexedDoc[] = [];
  for (const chapter of book.chapters) {
    const split = splitChapter(chapter);
    const entries = chapter.indexTerms ?? [];
    const stale = entries.filter((entry) => !split.some((p) => p.slug === entry.slug));
    if (stale.length > 0)
      throw new Error(`content/index-terms/${chapter.id}.json: no section ${stale.map((e) => `"${e.slug}" (${e.section})`).join(', ')} in the chapter`);
    for (const p of split) {
      const entry = entries.find((e) => e.slug === p.slug);
      const heading = p.parent ? `${p.section} ${p.parent}` : p.section;
      const asks = (entry?.questions ?? []).join(' ');
      docs.push({
        id: docs.length,
        heading,
        chapter: `${chapter.subtitle} ${chapter.description}`,
        text: p.text,
        terms: entry?.terms ?? '',
        asks,
        code: p.code,
      });
      passages.push({ ...p, ...(entry?.answer ? { answer: entry.answer } : {}), ...(entry?.facts?.length ? { facts: entry.facts } : {}) });
    }
  }
  const search = new MiniSearch<IndexedDoc>(MINISEARCH_OPTIONS);
  search.addAll(docs);
  const index = search.toJSON() as unknown as Record<string, unknown>;
  return { version: INDEX_VERSION, passages, glossary: resolveGlossary(book.glossary ?? [], passages), index };
}

/** The written facts (content/index-terms `facts`) as documents of their own: fact k of passage p is document p * 100 + k (a section has at most 8). */
type Fact = { id: number; question: string; answer: string };
function factIndex(passages: readonly Passage[]): MiniSearch<Fact> {
  const index = new MiniSearch<Fact>({ fields: ['question', 'answer'], tokenize, processTerm, searchOptions: { tokenize, processTerm } });
  index.addAll(passages.flatMap((p, at) => (p.facts ?? []).map((f, k) => ({ id: at * 100 + k, ...f }))));
  return index;
}

/** A passage found for a question, with its BM25 score and the question's terms it contains. */
export interface Hit {
  passage: Passage;
  score: number;
  matched: string[];
}

/** Searches the book's passages (the retrieval port of the assistant). */
export interface PassageSearch {
  search(query: string, options?: { limit?: number; context?: string | undefined }): Hit[];
  /** The question with its slips of the keyboard read as the book's words ("transacton"). */
  correct?(question: string): string;
  /** The book's glossary (terms it defines or spells out). */
  readonly glossary: readonly GlossaryEntry[];
  /** The passage a glossary entry's sentence is in. */
  passageOf?(entry: GlossaryEntry): Passage | undefined;
  /** The passage of a chapter's section (by its heading's id). */
  passageAt?(chapterId: string, slug: string): Passage | undefined;
  /** How particular a (processed) term is to few passages: log((N + 1) / (passages with it + 1)) + 1; a term the book lacks scores most. */
  specificity?(term: string): number;
}

let english: ReadonlySet<string> | undefined;

/**
 * English words (an-array-of-english-words, 275,000): a word the book never uses but English has
 * ("donors", "mattress") is the reader's, not a slip. Loaded when first needed (50 ms, once).
 */
function englishWords(): ReadonlySet<string> {
  if (!english) {
    try {
      english = new Set(createRequire(import.meta.url)('an-array-of-english-words') as string[]);
    } catch (error) {
      console.warn(`assistant: no English word list (${error instanceof Error ? error.message : String(error)}); words the book lacks are read as slips`);
      english = new Set();
    }
  }
  return english;
}

/** How many words the book never uses `correct` looks at in one question (a reader's slips are few). */
const MAX_UNKNOWN_WORDS = 6;

/** The book's passage index, loaded from the generated file. */
export class BookIndex implements PassageSearch {
  readonly passages: Passage[];
  readonly glossary: GlossaryEntry[];
  private readonly index: MiniSearch<IndexedDoc>;

  constructor(file: IndexFile) {
    this.passages = file.passages;
    this.glossary = file.glossary;
    this.index = MiniSearch.loadJS(file.index as unknown as Parameters<typeof MiniSearch.loadJS>[0], MINISEARCH_OPTIONS);
  }

  passageAt(chapterId: string, slug: string): Passage | undefined {
    return this.passages.find((p) => p.chapterId === chapterId && p.slug === slug);
  }

  passageOf(entry: GlossaryEntry): Passage | undefined {
    return this.passages.find((p) => p.chapterId === entry.chapterId && p.section === entry.section && p.text.includes(entry.sentence));
  }

  private readonly counts = new Map<string, number>();

  /** How many passages hold an index term (already processed). */
  private count(term: string): number {
    let n = this.counts.get(term);
    if (n === undefined) this.counts.set(term, (n = this.index.search(term, { tokenize: (t) => [t], processTerm: (t) => t }).length));
    return n;
  }

  specificity(term: string): number {
    return Math.log((this.passages.length + 1) / (this.count(term) + 1)) + 1;
  }

  /** The book's words (four letters or more) with how often each occurs, and those its prose capitalises (Merkle, PushDrop) as written. */
  private vocabulary: { counts: Map<string, number>; names: Map<string, string> } | undefined;

  private words(): { counts: Map<string, number>; names: Map<string, string> } {
    if (!this.vocabulary) {
      const counts = new Map<string, number>();
      const names = new Map<string, string>();
      for (const p of this.passages) {
        for (const w of `${p.section} ${p.text}`.toLowerCase().match(/\p{L}{4,}/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
        for (const w of p.text.match(/\b\p{Lu}\p{L}{3,}/gu) ?? []) if (!names.has(w.toLowerCase())) names.set(w.toLowerCase(), w);
      }
      this.vocabulary = { counts, names };
    }
    return this.vocabulary;
  }

  /**
   * Each word the book never uses read as its word one slip away (two from eight letters; of equals the
   * more frequent): "Merlke" as Merkle. Acronyms, numbers, compounds, short and English words stay.
   */
  correct(question: string): string {
    let unknown = 0;
    let first = true;
    return replaceTokens(question, (token) => {
      // A capital after the first word is a name's: read only as a name the book writes ("France" is not "franca").
      const asName = !first && /^\p{Lu}/u.test(token);
      first = false;
      const word = token.toLowerCase();
      const term = processTerm(token)?.[0];
      if (word.length < 5 || !/^\p{Ll}+$/u.test(word) || /^\p{Lu}{2}/u.test(token) || term === undefined || this.count(term) > 0) return token;
      if (englishWords().has(word)) return token;
      if ((unknown += 1) > MAX_UNKNOWN_WORDS) return token;
      const { counts, names } = this.words();
      const reach = word.length >= 8 ? 2 : 1;
      let near: [string, number, number] | undefined;
      for (const [candidate, count] of counts) {
        if (Math.abs(candidate.length - word.length) > reach || (asName && !names.has(candidate))) continue;
        const distance = editDistance(word, candidate, reach);
        if (distance <= reach && (!near || distance < near[1] || (distance === near[1] && count > near[2]))) near = [candidate, distance, count];
      }
      const read = near?.[0];
      if (read === undefined) return token;
      // A capital stays, as the book writes the name: "TypeSrcipt" as TypeScript, "Transacton" as Transaction.
      if (!/^\p{Lu}/u.test(token)) return read;
      return names.get(read) ?? `${read.charAt(0).toUpperCase()}${read.slice(1)}`;
    });
  }

  /** The written facts' index, built on the first question (about 160 ms). */
  private facts: MiniSearch<Fact> | undefined;
  /** Per passage (by place), the score of its written fact that best matches the question (results come best first). */
  private factScores(question: string): Map<number, number> {
    const best = new Map<number, number>();
    for (const { id, score } of (this.facts ??= factIndex(this.passages)).search(question))
      if (!best.has(Math.trunc(id / 100))) best.set(Math.trunc(id / 100), score);
    return best;
  }

  /** Parses and checks a generated index file (JSON text). */
  static fromJson(json: string): BookIndex {
    return new BookIndex(indexFileSchema.parse(JSON.parse(json)));
  }

  /** The best passages for `question`, best first; `context` (the question it follows on) joins at a low weight. */
  search(question: string, { limit = 5, context }: { limit?: number; context?: string | undefined } = {}): Hit[] {
    // The question's own words without its framing ("what does ... stand for"); the book's words for its
    // everyday ones count half, the previous question's less.
    const own = new Set(termsOf(expandQuery(question)));
    if (own.size === 0) return [];
    const framed = framedQuestion(question);
    const implied = expansionsOf(question).join(' ');
    const extra = context ? termsOf(context).filter((t) => !own.has(t)) : [];
    const queries: unknown[] = [framed || question];
    if (implied) queries.push({ queries: [implied], boostTerm: () => 0.5 });
    if (extra.length > 0) queries.push({ queries: [extra.join(' ')], boostTerm: () => 0.35 });
    const found: SearchResult[] = queries.length > 1 ? this.index.search({ combineWith: 'OR', queries } as never) : this.index.search(framed || question);
    // The first RERANKED by their score and, at FACT_WEIGHT, their best written fact's, each over the best of the five (decision 025).
    const facts = this.factScores(framed || question);
    const top = found.slice(0, RERANKED);
    const [most, mostFact] = [top[0]?.score ?? 1, Math.max(1e-9, ...top.map((r) => facts.get(r.id) ?? 0))];
    const weighed = (r: SearchResult) => r.score / most + (FACT_WEIGHT * (facts.get(r.id) ?? 0)) / mostFact;
    const hit = (r: SearchResult) => ({ passage: this.passages[r.id] as Passage, score: r.score, matched: [...new Set(r.terms)].filter((t) => own.has(t)) });
    return [...top.sort((a, b) => weighed(b) - weighed(a)), ...found.slice(RERANKED)].slice(0, limit).map(hit);
  }
}
