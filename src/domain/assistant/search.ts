import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { createRequire } from 'node:module';
import type { Book } from '../book/load.ts';
import { glossaryEntrySchema, resolveGlossary, type GlossaryEntry } from './glossary.ts';
import { passageSchema, type Passage } from './schema.ts';
import { splitChapter } from './sections.ts';
import { editDistance, expandQuery, expansionsOf, framedQuestion, holdsPair, processTerm, replaceTokens, termPairs, termsOf, tokenize } from './text.ts';
import { z } from 'zod';

/** Bumped when the index format or its tokenisation changes (an old file is then rebuilt). */
export const INDEX_VERSION = 9;

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

/**
 * BM25 (MiniSearch's BM25+) over the book's sections. A match in a section's heading counts most,
 * then the chapter's name and subtitle (every section of a chapter shares its subject), then the
 * prose, the questions readers would ask to find the section ("why do huge data leaks keep
 * happening year after year?") and its index terms in readers' words (a reader's "supermarket"
 * finds the section on retailers' recalls); code counts little (the book's code is illustrative).
 */
const FIELD_BOOST = { heading: 2.5, chapter: 1.2, text: 1, asks: 0.75, terms: 0.5, code: 0.25 } as const;

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
  const passages = book.chapters.flatMap((chapter) => {
    const subject = `${chapter.subtitle} ${chapter.description}`;
    const split = splitChapter(chapter);
    // An index entry for a section the chapter no longer has is stale: the build says so.
    const slugs = new Set(split.map((p) => p.slug));
    const stale = (chapter.indexTerms ?? []).filter((entry) => !slugs.has(entry.slug));
    if (stale.length > 0)
      throw new Error(`content/index-terms/${chapter.id}.json: no section ${stale.map((e) => `"${e.slug}" (${e.section})`).join(', ')} in the chapter`);
    const entryOf = new Map((chapter.indexTerms ?? []).map((entry) => [entry.slug, entry]));
    return split.map((p) => {
      const entry = entryOf.get(p.slug);
      return { passage: entry?.answer ? { ...p, answer: entry.answer } : p, subject, terms: entry?.terms ?? '', asks: (entry?.questions ?? []).join(' ') };
    });
  });
  const search = new MiniSearch<IndexedDoc>(MINISEARCH_OPTIONS);
  search.addAll(
    passages.map(({ passage, subject, terms, asks }, id) => ({
      id,
      heading: passage.parent ? `${passage.section} ${passage.parent}` : passage.section,
      chapter: subject,
      text: passage.text,
      terms,
      asks,
      code: passage.code,
    })),
  );
  const list = passages.map((p) => p.passage);
  return {
    version: INDEX_VERSION,
    passages: list,
    glossary: resolveGlossary(book.glossary ?? [], list),
    index: search.toJSON() as unknown as Record<string, unknown>,
  };
}

/**
 * A passage found for a question, with its score (its BM25 score relative to the best passage's,
 * plus its chapter's evidence: see withChapterEvidence) and the question terms it contains.
 */
export interface Hit {
  passage: Passage;
  score: number;
  matched: string[];
  /** The passage holds two neighbouring content words of the question together ("travel rule"). */
  phrase?: boolean;
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
 * English words (an-array-of-english-words, about 275,000, lowercase): a word the book never uses
 * but English has ("donors", "mattress", "tower") is the reader's word, not a slip of the book's.
 * Loaded on the first question with a word the book lacks (about 50 ms, once per instance).
 */
function englishWords(): ReadonlySet<string> {
  if (!english) {
    try {
      english = new Set(createRequire(import.meta.url)('an-array-of-english-words') as string[]);
    } catch (error) {
      // Without the list every word the book lacks may be a slip, as before it: answering goes on.
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

  private readonly specificities = new Map<string, number>();

  specificity(term: string): number {
    let value = this.specificities.get(term);
    if (value === undefined) {
      const passages = this.index.search(term, { tokenize: (t) => [t], processTerm: (t) => t }).length;
      value = Math.log((this.passages.length + 1) / (passages + 1)) + 1;
      this.specificities.set(term, value);
    }
    return value;
  }

  /** Whether the book has an index term (already processed) anywhere. */
  private has(term: string): boolean {
    return this.index.search(term, { tokenize: (t) => [t], processTerm: (t) => t }).length > 0;
  }

  /** The book's words as written (lowercase) by length, with how often each occurs: built on the first question that needs them. */
  private words: Map<number, Map<string, number>> | undefined;
  /** The words the prose writes with a capital, as written, by their lower-case form: built when first needed. */
  private names: Map<string, string> | undefined;

  private bookWords(): Map<number, Map<string, number>> {
    if (!this.words) {
      this.words = new Map();
      for (const p of this.passages)
        for (const w of `${p.section} ${p.text}`.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
          const ofLength = this.words.get(w.length) ?? new Map<string, number>();
          ofLength.set(w, (ofLength.get(w) ?? 0) + 1);
          this.words.set(w.length, ofLength);
        }
    }
    return this.words;
  }

  /** The words the book's prose writes with a capital (Merkle, PushDrop, TypeScript), by their lower-case form. */
  private capitalised(): Map<string, string> {
    if (!this.names) {
      this.names = new Map();
      for (const p of this.passages)
        for (const w of p.text.match(/\b\p{Lu}\p{L}{3,}/gu) ?? []) if (!this.names.has(w.toLowerCase())) this.names.set(w.toLowerCase(), w);
    }
    return this.names;
  }

  /**
   * The question with each word the book never uses read as the book's word one slip away (an
   * insertion, a deletion, a wrong letter or two letters swapped; two slips for a word of eight
   * letters or more): "transacton" as transaction, "Merlke" as Merkle. Acronyms, numbers,
   * compounds and short words are left as written, and so is an English word ("donors" is not
   * read as doors, "mattress" not as matters) and a word no book word is near ("Tokyo": a question
   * about it stays uncovered). Of two equally near words, the book's more frequent one.
   * Only the first MAX_UNKNOWN_WORDS such words are looked at: a question of junk words costs no more
   * than a question with a few slips.
   */
  correct(question: string): string {
    let unknown = 0;
    let first = true;
    return replaceTokens(question, (token) => {
      // A capital after the question's first word is a name's: read only as a name the book writes ("Merlke" as
      // Merkle), never as a common word ("France" is not "franca", "Tokyo" stays as written).
      const names = !first && /^\p{Lu}/u.test(token) ? this.capitalised() : undefined;
      first = false;
      const word = token.toLowerCase();
      const term = processTerm(token)?.[0];
      if (word.length < 5 || !/^\p{Ll}+$/u.test(word) || /^\p{Lu}{2}/u.test(token) || term === undefined || this.has(term)) return token;
      if (englishWords().has(word)) return token;
      if ((unknown += 1) > MAX_UNKNOWN_WORDS) return token;
      const reach = word.length >= 8 ? 2 : 1;
      let near: [string, number, number] | undefined;
      for (const [length, words] of this.bookWords()) {
        if (length < word.length - reach || length > word.length + reach) continue;
        for (const [candidate, count] of words) {
          if (names && !names.has(candidate)) continue;
          const distance = editDistance(word, candidate, reach);
          if (distance <= reach && (!near || distance < near[1] || (distance === near[1] && count > near[2]))) near = [candidate, distance, count];
        }
      }
      const read = near?.[0];
      if (read === undefined) return token;
      // A capital stays, as the book writes the name when it is one: "Merlke" is read as Merkle,
      // "TypeSrcipt" as TypeScript, "Transacton" as Transaction, "transacton" as transaction.
      if (!/^\p{Lu}/u.test(token)) return read;
      return this.capitalised().get(read) ?? `${read.charAt(0).toUpperCase()}${read.slice(1)}`;
    });
  }

  /** Parses and checks a generated index file (JSON text). */
  static fromJson(json: string): BookIndex {
    return new BookIndex(indexFileSchema.parse(JSON.parse(json)));
  }

  /**
   * The best passages for `query`, best first. `context` (the previous question of the
   * conversation) joins the search at a low weight, so a follow-up such as "and how is it
   * verified?" stays on the subject.
   */
  search(question: string, { limit = 5, context }: { limit?: number; context?: string | undefined } = {}): Hit[] {
    // The question's own words, without the phrases that only frame it ("what does ... stand for"),
    // with the book's terms spelled out and spelled back (SPV and simplified payment verification).
    // The implied words count half as much as the reader's own, the previous question's less.
    const own = new Set(termsOf(expandQuery(question)));
    if (own.size === 0) return [];
    const framed = framedQuestion(question);
    const implied = expansionsOf(question).join(' ');
    const extra = context ? termsOf(context).filter((t) => !own.has(t)) : [];
    const queries: unknown[] = [framed || question];
    if (implied) queries.push({ queries: [implied], boostTerm: () => 0.5 });
    if (extra.length > 0) queries.push({ queries: [extra.join(' ')], boostTerm: () => 0.35 });
    const results: SearchResult[] = queries.length > 1 ? this.index.search({ combineWith: 'OR', queries } as never) : this.index.search(framed || question);
    // BM25 scores words one by one; whether a passage holds the question's words as a phrase ("the
    // travel rule", not "rule" in a heading and "travel" elsewhere) is noted for the coverage rule.
    const pairs = termPairs(question);
    return results.slice(0, limit).map((r) => {
      const passage = this.passages[r.id as number] as Passage;
      const phrase = holdsPair(`${passage.section} ${passage.text}`, pairs);
      return {
        passage,
        score: r.score,
        matched: [...new Set(r.terms)].filter((t) => own.has(t)),
        ...(phrase ? { phrase } : {}),
      };
    });
  }
}
