import type { GlossaryEntry } from './glossary.ts';
import type { HistoryEntry, Passage } from './schema.ts';

/** What an answer engine receives: the question, the conversation so far and the passages found. */
export interface EngineQuestion {
  question: string;
  history: HistoryEntry[];
  /** Numbered from 1 in this order; the answer cites them as [n]. Empty when nothing matched. */
  passages: Passage[];
  /** The terms quotes are chosen by (the question's, spelled out as the search saw them); the citations use the same. */
  terms?: string[] | undefined;
  /** The book's definition of the term the question asks about, when it asks about one; its passage is [1]. */
  definition?: GlossaryEntry | undefined;
  /** The question as the reader typed it, when `question` reads a slip of the keyboard as the book's word. */
  typed?: string | undefined;
}

export interface EngineAnswerOptions {
  /** Aborted at the deadline, or when the client goes away. */
  signal: AbortSignal;
  /** Called with each piece of the answer text as it is written. */
  onText?: (text: string) => void;
}

/** One way of answering (docs/architecture.md "Book assistant"): the answer text, citing passages as [n], which the caller checks. */
export interface AnswerEngine {
  readonly name: 'anthropic' | 'openai' | 'offline';
  /** The model id, or the offline engine's name. */
  readonly model: string;
  /** An engine that quotes the book (the offline one) gets more passages and the question with its slips corrected. */
  readonly quotesPassages: boolean;
  answer(input: EngineQuestion, options: EngineAnswerOptions): Promise<string>;
}

/** Enforces an answer's citation markers as it streams: one naming no passage given goes, the rest renumber by first use ("[2, 5]" -> "[1][2]"). */
export class CitationMarkers {
  /** Passage indices (0-based) in the order the answer first cites them. */
  readonly cited: number[] = [];
  /** How many markers named a passage that was not given. */
  dropped = 0;
  private pending = '';
  private readonly count: number;

  constructor(count: number) {
    this.count = count;
  }

  /** Takes the next piece of raw text; returns the text that is now safe to show (a marker still arriving is held back). */
  push(chunk: string): string {
    const text = this.pending + chunk;
    const arriving = /\[[\d,\s]{0,23}$/.exec(text);
    this.pending = arriving?.[0] ?? '';
    return text.slice(0, arriving?.index ?? text.length).replace(/\[([\d,\s]{0,23})\]/g, (_, inner: string) => this.resolve(inner));
  }

  /** The text still held back (an unfinished marker is plain text after all). */
  end(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }

  private resolve(inner: string): string {
    const numbers = inner.split(',').map((s) => s.trim());
    // A marker names a passage by one or two digits; "[2024] EWHC 1198" in a quote is the book's text.
    if (numbers.some((n) => !/^\d{1,2}$/.test(n))) return `[${inner}]`;
    let out = '';
    for (const n of numbers.map(Number)) {
      if (n < 1 || n > this.count) {
        this.dropped += 1;
        continue;
      }
      let at = this.cited.indexOf(n - 1);
      if (at === -1) at = this.cited.push(n - 1) - 1;
      if (!out.includes(`[${at + 1}]`)) out += `[${at + 1}]`;
    }
    return out;
  }
}

/** Links into the reader (`/book/chapter-NN...`) that an answer may contain. */
const BOOK_LINK = /(?:https?:\/\/[^\s)]*)?\/book\/(chapter-\d\d)(?:#[\w-]*)?/g;

/** Removes any link to a chapter that is not among the passages: an answer points only to what it was given. */
export function dropForeignBookLinks(text: string, allowedChapters: ReadonlySet<string>): { text: string; dropped: number } {
  let dropped = 0;
  const out = text.replace(BOOK_LINK, (link, chapterId: string) => {
    if (allowedChapters.has(chapterId)) return link;
    dropped += 1;
    return '';
  });
  return { text: out, dropped };
}
