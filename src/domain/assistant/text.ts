import { stemmer } from 'stemmer';

/**
 * Tokenisation shared by the index and the queries, made for the book's vocabulary: compounds such
 * as BRC-100, OP_RETURN, IPv6 or C2PA stay whole (and their parts are indexed too), acronyms are
 * not stemmed, ordinary English words are (Porter), and function words are dropped.
 */

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each
  few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once
  only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under
  until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
  book books chapter chapters explain explains tell say says said does mean means use used using way ways thing things get gets make makes much many one ones`.split(
    /\s+/,
  ),
);

/** Splits text into candidate terms: words, numbers and joined compounds (BRC-100, OP_RETURN, 4.2). */
export function tokenize(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:[-_.'’][\p{L}\p{N}]+)*/gu) ?? [];
}

function normalizeWord(word: string): string | null {
  if (STOPWORDS.has(word) || word.length < 2) return null;
  // Acronyms and words with digits (spv, beef, brc, ipv6, c2pa) are kept as written: stemming
  // would fold "beef" and "bees" together for no gain.
  if (/\d/.test(word) || word.length <= 4) return word;
  return stemmer(word);
}

/**
 * The index terms of one token: the token itself (lowercased, stemmed when it is an ordinary
 * word) and, for a compound, each of its parts. Returns null for a stop word.
 */
export function processTerm(token: string): string[] | null {
  const lower = token
    .toLowerCase()
    .replace(/[’']s$/, '')
    .replace(/’/g, "'");
  const parts = lower.split(/[-_.']/).filter(Boolean);
  if (parts.length <= 1) {
    const one = normalizeWord(lower);
    return one ? [one] : null;
  }
  const terms = new Set<string>([lower]);
  for (const part of parts) {
    const t = normalizeWord(part);
    if (t) terms.add(t);
  }
  return [...terms];
}

/** The distinct terms of a text, as the index sees them. */
export function termsOf(text: string): string[] {
  const out = new Set<string>();
  for (const token of tokenize(text)) for (const t of processTerm(token) ?? []) out.add(t);
  return [...out];
}

/** Splits prose into sentences (good enough for quoting: abbreviations rarely end a sentence here). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?][”"’)\]]*)\s+(?=[“"([]?[\p{Lu}\d])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The quote for a citation: the sentence of `text` sharing the most terms with the question, with
 * its neighbours while the quote stays under `maxChars`; verbatim, so it can be checked.
 */
export function bestQuote(text: string, questionTerms: readonly string[], maxChars = 320): string {
  const list = sentences(text);
  if (list.length === 0) return '';
  const wanted = new Set(questionTerms);
  let best = 0;
  let bestScore = -1;
  list.forEach((s, i) => {
    const score = termsOf(s).filter((t) => wanted.has(t)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  let quote = list[best] ?? '';
  for (let next = best + 1; next < list.length; next += 1) {
    const candidate = `${quote} ${list[next]}`;
    if (candidate.length > maxChars) break;
    quote = candidate;
  }
  if (quote.length <= maxChars) return quote;
  const cut = quote.slice(0, maxChars - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars / 2)).trimEnd()}…`;
}
