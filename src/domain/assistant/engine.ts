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

/**
 * One way of answering (docs/architecture.md "Book assistant"): Claude, OpenAI or the offline engine. It
 * returns the answer text, citing passages as [n]; the caller checks every citation.
 */
export interface AnswerEngine {
  readonly name: 'anthropic' | 'openai' | 'offline';
  /** The model id, or the offline engine's name. */
  readonly model: string;
  /**
   * What the engine can do: an engine that quotes the book itself (the offline one) gets more
   * passages and the question as the search read it (slips corrected); a model
   * writes from fewer passages and reads the question as asked.
   */
  readonly quotesPassages: boolean;
  answer(input: EngineQuestion, options: EngineAnswerOptions): Promise<string>;
}

/**
 * Follows the citation markers of an answer as it streams and enforces them in code: a marker
 * must name a passage that was given ([1] to [count]); any other is removed. Valid markers are
 * renumbered in order of first use, so [n] in the output is `citations[n - 1]`. Works on any
 * chunking; "[2, 5]" becomes "[1][2]".
 */
export class CitationMarkers {
  /** Passage indices (0-based) in the order the answer first cites them. */
  readonly cited: number[] = [];
  /** How many markers named a passage that was not given. */
  dropped = 0;
  private pending = '';
  private readonly count: number;

  constructor(passageCount: number) {
    this.count = passageCount;
  }

  /** Takes the next piece of raw text; returns the text that is now safe to show. */
  push(chunk: string): string {
    let out = '';
    for (const ch of chunk) {
      if (!this.pending) {
        if (ch === '[') this.pending = '[';
        else out += ch;
        continue;
      }
      if (ch === ']') {
        out += this.resolve(this.pending.slice(1));
        this.pending = '';
      } else if (/[\d,\s]/.test(ch) && this.pending.length < 24) {
        this.pending += ch;
      } else {
        out += this.pending;
        this.pending = ch === '[' ? '[' : '';
        if (ch !== '[') out += ch;
      }
    }
    return out;
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

/**
 * Removes any link to a chapter that is not among the passages: the answer may only point to what
 * it was given, even outside the [n] markers.
 */
export function dropForeignBookLinks(text: string, allowedChapters: ReadonlySet<string>): { text: string; dropped: number } {
  let dropped = 0;
  const out = text.replace(BOOK_LINK, (link, chapterId: string) => {
    if (allowedChapters.has(chapterId)) return link;
    dropped += 1;
    return '';
  });
  return { text: out, dropped };
}

/**
 * Streams the value of the top-level "answer" string of a JSON object as it is written (the
 * providers answer in a JSON schema, so malformed output is detected, while the reader still sees
 * the text appear). Handles any chunking and JSON escapes.
 */
export class JsonAnswerStream {
  private depth = 0;
  private inString = false;
  private escape: string | null = null;
  private key = '';
  private lastKey: string | null = null;
  private expectKey = false;
  private inAnswer = false;
  private readonly onText: (text: string) => void;

  constructor(onText: (text: string) => void) {
    this.onText = onText;
  }

  push(chunk: string): void {
    let out = '';
    for (const ch of chunk) {
      if (this.inString) {
        if (this.escape !== null) {
          this.escape += ch;
          const decoded = this.decode(this.escape);
          if (decoded === undefined) continue;
          this.escape = null;
          if (this.inAnswer) out += decoded;
          else if (this.expectKey) this.key += decoded;
        } else if (ch === '\\') this.escape = '';
        else if (ch === '"') {
          this.inString = false;
          if (this.inAnswer) this.inAnswer = false;
          else if (this.expectKey && this.depth === 1) this.lastKey = this.key;
        } else if (this.inAnswer) out += ch;
        else if (this.expectKey) this.key += ch;
        continue;
      }
      if (ch === '"') {
        this.inString = true;
        if (this.depth === 1 && !this.expectKey && this.lastKey === 'answer') this.inAnswer = true;
        else this.key = '';
      } else if (ch === '{' || ch === '[') {
        this.depth += 1;
        if (this.depth === 1) this.expectKey = true;
      } else if (ch === '}' || ch === ']') this.depth -= 1;
      else if (ch === ':' && this.depth === 1) this.expectKey = false;
      else if (ch === ',' && this.depth === 1) {
        this.expectKey = true;
        this.lastKey = null;
      }
    }
    if (out) this.onText(out);
  }

  /** The character of an escape sequence (after the backslash), or undefined while incomplete. */
  private decode(seq: string): string | undefined {
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
    const first = seq[0] ?? '';
    if (first !== 'u') return simple[first] ?? first;
    if (seq.length < 5) return undefined;
    return String.fromCharCode(parseInt(seq.slice(1, 5), 16) || 0xfffd);
  }
}
