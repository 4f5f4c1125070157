/**
 * Checks of written prose that code can make without judging it: a/an before the right sound,
 * doubled words, money and satoshi figures as written, and six-word phrases shared across texts.
 */

/** Lower-case words that start with a vowel letter but a consonant sound ("a user", "a one-off"). */
const CONSONANT_SOUND = /^(uni([^nmd]|$)|use|usa|usu|uti|ure|uro|eu|one\b|once|ubiq|uk\b|us\b)/;
/** Lower-case words that start with a consonant letter but a vowel sound ("an hour"). */
const VOWEL_SOUND = /^(hour|honest|honou?r|heir|herb\b)/;
/** Capital letters whose names start with a vowel sound (an FDA, an MRI, an SDK). */
const VOWEL_LETTERS = new Set('AEFHILMNORSX');
/** Initialisms said as a word, with the article they take. */
const SAID_AS_WORDS: Record<string, 'a' | 'an'> = {
  SACCO: 'a',
  SASRA: 'a',
  NATO: 'a',
  FSMA: 'an',
  GAAP: 'a',
  CARS: 'a',
  HIPAA: 'a',
  LEI: 'a',
  FHIR: 'a',
  SaaS: 'a',
  NASA: 'a',
  UNESCO: 'a',
  OPEC: 'an',
  IFRS: 'an',
  EUDR: 'a',
  CSRD: 'a',
  ESG: 'an',
  ERC: 'an',
};

/** The article a word wants, or null when unsure. */
function articleFor(word: string): 'a' | 'an' | null {
  const bare = word.replace(/^[("'‘“]+/, '');
  if (bare === '') return null;
  const said = SAID_AS_WORDS[bare.replace(/[^A-Za-z]+$/, '').replace(/s$/, '')] ?? SAID_AS_WORDS[bare.replace(/[^A-Za-z]+$/, '')];
  if (said) return said;
  if (/^\d/.test(bare)) {
    const digits = bare.replace(/[,.].*$/, '');
    return /^(8|11|18)(\D|$)/.test(bare) || (/^8\d*$/.test(digits) && digits.length >= 1) || /^1[18]\d{3}$/.test(digits) ? 'an' : 'a';
  }
  // An initialism: two or more capitals at the start ("SDK", "ERP-connected", "MRIs").
  if (/^[A-Z]{2,}/.test(bare) || /^[A-Z](-|$)/.test(bare)) return VOWEL_LETTERS.has(bare[0] ?? '') ? 'an' : 'a';
  const lower = bare.toLowerCase();
  if (/^[aeiou]/.test(lower)) return CONSONANT_SOUND.test(lower) ? 'a' : 'an';
  if (/^[a-z]/.test(lower)) return VOWEL_SOUND.test(lower) ? 'an' : 'a';
  return null;
}

/** "a" or "an" before the wrong sound, as the phrases found ("a attendance", "an user"). */
export function articleSlips(text: string): string[] {
  const slips: string[] = [];
  for (const m of text.matchAll(/(?<![\w'-])(a|an|A|An)\s+([^\s]+)/g)) {
    const [phrase, article, next] = m;
    if (!article || !next || !phrase) continue;
    const wanted = articleFor(next);
    if (wanted && wanted !== article.toLowerCase()) slips.push(phrase);
  }
  return slips;
}

/** A word written twice in a row ("the the"). */
export function doubledWords(text: string): string[] {
  return [...text.matchAll(/\b([A-Za-z]+)\s+\1\b/gi)].map((m) => m[0]).filter((p) => !/^(that that|had had)$/i.test(p));
}

/** A money figure as written, with the tolerance its rounding implies. */
export interface WrittenFigure {
  text: string;
  value: number;
  tolerance: number;
}

const SCALE: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, m: 1e6, billion: 1e9, bn: 1e9, trillion: 1e12 };

export function figure(text: string, digits: string, scaleWord: string | undefined): WrittenFigure {
  const scale = SCALE[(scaleWord ?? '').toLowerCase()] ?? 1;
  const plain = digits.replace(/,/g, '');
  const value = Number(plain) * scale;
  const decimals = plain.includes('.') ? (plain.split('.')[1] ?? '').length : 0;
  const decimalHalf = (0.5 * scale) / 10 ** decimals;
  let zeros = 0;
  if (decimals === 0) for (let i = plain.length - 1; i > 0 && plain[i] === '0'; i -= 1) zeros += 1;
  const zeroHalf = 0.5 * scale * 10 ** zeros;
  return { text, value, tolerance: Math.max(decimalHalf, Math.min(zeroHalf, 0.03 * value)) };
}

/** Every `US$` figure in a text ("US$14", "US$4,200", "US$1.2 million"). */
export function moneyFigures(text: string): WrittenFigure[] {
  return [...text.matchAll(/US\$\s?(\d[\d,]*(?:\.\d+)?)(?:\s?(thousand|million|billion|trillion|bn|k|m)\b)?/gi)].map((m) => figure(m[0], m[1] ?? '0', m[2]));
}

/** A `$` figure not written as `US$` (the library writes every amount one way). */
export function bareDollars(text: string): string[] {
  return [...text.matchAll(/(?<!US)\$\s?\d[\d,.]*/g)].map((m) => m[0]);
}

/** Every satoshi figure ("24 satoshis", "1,200 sats"). */
export function satoshiFigures(text: string): WrittenFigure[] {
  return [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s?(thousand|million|billion)?\s+(?:satoshis|sats)\b/gi)].map((m) => figure(m[0], m[1] ?? '0', m[2]));
}

/** Whether a written figure is one of the values it may be. */
export function matchesOne(written: WrittenFigure, values: number[]): boolean {
  return values.some((v) => Math.abs(v - written.value) <= written.tolerance + 1e-9);
}

/** The six-word phrases of a text, lower case, numbers masked as '#'. */
export function sixWordPhrases(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/us\$\s?[\d,.]+/g, '#')
    .replace(/\d[\d,.]*/g, '#')
    .split(/[^a-z#'-]+/)
    .filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + 6 <= words.length; i += 1) out.add(words.slice(i, i + 6).join(' '));
  return out;
}

/** Every string inside a value (object fields and array items, depth first). */
export function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}
