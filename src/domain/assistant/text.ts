import { stemmer } from 'stemmer';

/**
 * Tokenisation shared by the index and the queries: compounds (BRC-100, OP_RETURN, C2PA) stay whole and their parts are indexed too,
 * acronyms are not stemmed, other words are (Porter), and function words are dropped with the words readers pad a question with.
 */

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each
  few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once
  only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under
  another until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
  book books chapter chapters explain explains tell say says said does mean means use used using way ways thing things get gets make makes much many one ones
  actually really simply basically honestly exactly literally quite anyway somehow maybe perhaps probably`.split(/\s+/),
);

/** A token: a word, a number (1,000 is one) or a joined compound (BRC-100, OP_RETURN, 4.2). */
const TOKEN = /\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\p{L}\p{N}])|[\p{L}\p{N}]+(?:[-_.'’][\p{L}\p{N}]+)*/gu;

/** Splits text into candidate terms: words, numbers (1,000 is one) and joined compounds (BRC-100, OP_RETURN, 4.2). */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** `text` with each token replaced by what `replace` returns for it (the text between tokens is kept). */
export function replaceTokens(text: string, replace: (token: string) => string): string {
  return text.replace(TOKEN, replace);
}

/** Single-letter edits (insert, delete, substitute, swap two neighbours) from `a` to `b`; past `max`, max + 1. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the table at a time: two rows up (for a swap), the row above and this one.
  let before: number[] = [];
  let above = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    before = above;
    above = row;
  }
  return Math.min(above[b.length] as number, max + 1);
}

const SHORT_PLURAL = /^[a-z]*[aeiouy][a-z]*[^sui]s$/;
const NOT_PLURAL = new Set(['news', 'yes', 'gas', 'this', 'thus', 'ways', 'does', 'goes']);

function normalizeWord(word: string): string | null {
  if (STOPWORDS.has(word) || word.length < 2) return null;
  if (/\d/.test(word)) return word;
  // Short words are not stemmed ("beef" and "bees" would fold together); a short plural is its singular (fees, sats).
  if (word.length <= 4) return SHORT_PLURAL.test(word) && !NOT_PLURAL.has(word) ? word.slice(0, -1) : word;
  return stemmer(word);
}

/** The index terms of a token: itself (lowercased, stemmed if an ordinary word) and a compound's parts; null for a stop word. */
export function processTerm(token: string): string[] | null {
  // An acronym in capitals is a term even when its letters spell a stop word (DID, IT), and its
  // plural is the acronym (DIDs, UTXOs).
  const acronym = /^([A-Z][A-Z0-9]{1,5})s?$/.exec(token);
  if (acronym?.[1] !== undefined) return [acronym[1].toLowerCase()];
  const lower = token
    .toLowerCase()
    .replace(/[’']s$/, '')
    .replace(/’/g, "'");
  const parts = lower.split(/[-_.']/).filter(Boolean);
  const compound = parts.length > 1;
  const terms = new Set(compound ? [lower] : []);
  for (const part of compound ? parts : [lower]) {
    const t = normalizeWord(part);
    if (t) terms.add(t);
  }
  return terms.size > 0 ? [...terms] : null;
}

/** Phrases that frame a question without saying what it is about ("stand" or "difference" would pull in passages about standing). */
const FRAMING =
  /\bwhat(?:'s| is| are| does| do)\b|\bstands? for\b|\bshort for\b|\b(?:the )?meaning of\b|\bhow (?:do|can|should|would) (?:i|we|you)\b|\b(?:can|could|should) (?:i|we|you)\b|\btell me(?: about)?\b|\bwhat (?:happened|became) (?:to|of|with)\b|\b(?:explain|define|abbreviation|acronym)\b/gi;

/** Everyday words for things the book names in its own terms ("hacked" brings "breach"), one way only; they count half. */
const OWNED = '(?:keys?|wallets?|phrase|seed|coins?|password|device|phone|laptop|access)';
const EVERYDAY: readonly (readonly [RegExp, string])[] = [
  [/\bhack(?:ed|ers?|ing|s)?\b/i, 'breach breaches honeypot'],
  [/\b(?:send(?:ing)? money|money home|family abroad|abroad|migrant)\b/i, 'remittance remittances'],
  [/\b(?:appeal|challenge|dispute)\b[^?.]*\b(?:decision|decided|ruling|verdict)/i, 'contest contestability appeal human review'],
  // Losing a key, not money ("how much did they lose?" after the Arup fraud had brought wallet recovery).
  [new RegExp(`\\b(?:stolen|steal|lose|lost|losing)\\b[^?.]*\\b${OWNED}\\b|\\b${OWNED}\\b[^?.]*\\b(?:stolen|lost)\\b`, 'i'), 'recovery backup lost key'],
  [/\bwithout (?:running|downloading) (?:a |the )?(?:full node|whole (?:blockchain|chain|ledger))\b/i, 'SPV simplified payment verification headers'],
];

/** A question as the index should see it: framing phrases dropped, and the book's words for the everyday ones it uses. */
export function expandQuery(question: string): string {
  return [framedQuestion(question), ...expansionsOf(question)].join(' ').replace(/\s+/g, ' ').trim();
}

/** The question without the phrases that only frame it. */
export function framedQuestion(question: string): string {
  return question.replace(FRAMING, ' ').replace(/\s+/g, ' ').trim();
}

/** The words a question implies without saying: the book's words for its everyday ones. */
export function expansionsOf(question: string): string[] {
  return EVERYDAY.filter(([everyday]) => everyday.test(question)).map(([, bookWords]) => bookWords);
}

/** The sentences of a question as a reader ends them (".", "!" or "?" and a space; a decimal point ends none). */
export function questionSentences(question: string): string[] {
  return question.split(/(?<=[.!?])\s+/).flatMap((s) => (s.trim() ? [s.trim()] : []));
}

/** The distinct terms of a text, as the index sees them. */
export function termsOf(text: string): string[] {
  const out = new Set<string>();
  for (const token of tokenize(text)) for (const t of processTerm(token) ?? []) out.add(t);
  return [...out];
}

/** `text` as a regular expression matching it literally (BRC-100, OP_RETURN). */
export function escapeRegExp(text: string): string {
  return text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
}

/** Splits prose into sentences (good enough for quoting: abbreviations rarely end a sentence here). */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?][”"’)\]]*)\s+(?=[“"([]?[\p{Lu}\d])/u).flatMap((s) => (s.trim() ? [s.trim()] : []));
}

/**
 * The quote for a citation, verbatim: the sentence of `text` sharing the most terms with the question, with the next ones while under
 * `maxChars`. When the opening quoted some (`quoted`, by place), the quote goes on from the sentence after them.
 */
export function bestQuote(text: string, questionTerms: readonly string[], maxChars = 320, quoted: ReadonlySet<number> = new Set()): string {
  const list = sentences(text);
  if (list.length === 0) return '';
  const inside = [...quoted].filter((i) => i >= 0 && i < list.length);
  const left = new Set(inside.length >= list.length ? [] : inside);
  const after = Math.max(-1, ...left) + 1;
  let best = left.size > 0 && after < list.length ? after : -1;
  if (best < 0) {
    const wanted = new Set(questionTerms);
    const scores = list.map((s, i) => (left.has(i) ? -1 : termsOf(s).filter((t) => wanted.has(t)).length));
    best = scores.indexOf(Math.max(...scores));
  }
  let quote = list[best] ?? '';
  for (let next = best + 1; next < list.length && !left.has(next); next += 1) {
    const candidate = `${quote} ${list[next]}`;
    // Verbatim: a sentence after a paragraph break is not joined on as if it followed in one.
    if (candidate.length > maxChars || !text.includes(candidate)) break;
    quote = candidate;
  }
  if (quote.length <= maxChars) return quote;
  const cut = quote.slice(0, maxChars - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars / 2)).trimEnd()}…`;
}
