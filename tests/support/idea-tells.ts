import type { GeneratedIdea } from '../../src/domain/ideas/schema.ts';

/**
 * The tells of a machine-written idea that a reader notices (issue 27), measured over a set of
 * ideas: sentence frames and stock phrases repeated across ideas (numbers masked), slips of
 * number agreement and ranges, doubled words, and miner fees below the book's fee table. Used by
 * `npm run bench:ideas` (on its own settings) and tests/unit/offline-engine.test.ts (on others).
 */

/** Every text of an idea, as one list of strings. */
export function ideaTexts(idea: GeneratedIdea): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (['id', 'engine', 'model', 'inspiredBy', 'notice', 'seed', 'fallbackFrom', 'resolvedSettings'].includes(key)) return;
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(idea);
  return out;
}

/** Numbers (and dollar amounts with their scale) replaced by '#'. */
export function maskNumbers(text: string): string {
  return text.replace(/US\$[\d.,]+(?:\s(?:thousand|million|billion))?/g, 'US$#').replace(/\d[\d,.]*/g, '#');
}

function sentencesOf(idea: GeneratedIdea): string[] {
  return ideaTexts(idea)
    .flatMap((t) => t.split(/(?<=[.!?])\s+(?=[A-Z0-9])/))
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 6);
}

/** The most common keys and in how many ideas each appears, most common first. */
function top(perIdea: Set<string>[], n = 5): { text: string; ideas: number }[] {
  const counts = new Map<string, number>();
  for (const keys of perIdea) for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([text, ideas]) => ({ text, ideas }));
}

const PHRASE_WORDS = 9;
/** "1" before a plural noun ("1 transactions", "1 paid readings"), and the singulars that end in s. */
const SLIP_PLURAL = /(?<![\d.,])\b1 (?:[a-z-]+ ){0,2}[a-z-]*[a-rt-z]s\b(?=\s(?:a|per|each|in|on|and|to|from|of)\b|[.,;:)]|$)/g;
const SINGULAR_OK = /(?<![\d.,])\b1 (?:[a-z-]+ ){0,2}(?:[a-z-]*(?:ss|us|is|ys|ics)|news|series|sales)\b/;

export interface IdeaTells {
  ideas: number;
  /** The sentence frames (numbers masked) found in the most ideas, most common first. */
  topFrames: { text: string; ideas: number }[];
  /** The runs of nine words (numbers masked) found in the most ideas, most common first. */
  topPhrases: { text: string; ideas: number }[];
  /** "Months 3-3", "1 transactions", "1 paid readings". */
  slips: string[];
  /** "Solar Solar Share". */
  doubled: string[];
  /** Every miner fee an idea states per transaction, in satoshis. */
  feesPerTransaction: number[];
  /** Cost lines that mention miner fees without a fee per transaction. */
  feesUnstated: string[];
}

export function ideaTells(ideas: GeneratedIdea[]): IdeaTells {
  const frames = ideas.map((idea) => new Set(sentencesOf(idea).map(maskNumbers)));
  const phrases = ideas.map((idea) => {
    const keys = new Set<string>();
    for (const text of ideaTexts(idea)) {
      const words = maskNumbers(text).split(/\s+/).filter(Boolean);
      for (let i = 0; i + PHRASE_WORDS <= words.length; i += 1) keys.add(words.slice(i, i + PHRASE_WORDS).join(' '));
    }
    return keys;
  });
  const slips: string[] = [];
  const doubled: string[] = [];
  const feesPerTransaction: number[] = [];
  const feesUnstated: string[] = [];
  for (const idea of ideas) {
    for (const text of ideaTexts(idea)) {
      for (const m of text.matchAll(/\bMonths? (\d+)\s*[-–]\s*(\d+)\b/g)) if (m[1] === m[2]) slips.push(m[0]);
      for (const m of text.matchAll(SLIP_PLURAL)) if (!SINGULAR_OK.test(m[0])) slips.push(m[0]);
      for (const m of text.matchAll(/\b([A-Za-z][a-z-]*)\s+\1\b/gi)) doubled.push(m[0]);
    }
    for (const line of idea.businessModel.costStructure) {
      if (!/miner fee/i.test(line)) continue;
      const each = /(\d[\d,]*) satoshis? (?:each|a transaction|per transaction)/.exec(line);
      if (each) feesPerTransaction.push(Number((each[1] ?? '').replace(/,/g, '')));
      else feesUnstated.push(line);
    }
  }
  return { ideas: ideas.length, topFrames: top(frames), topPhrases: top(phrases), slips, doubled, feesPerTransaction, feesUnstated };
}
