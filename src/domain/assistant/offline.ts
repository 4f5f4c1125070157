import type { AnswerEngine, EngineAnswerOptions, EngineQuestion } from './engine.ts';
import { sourceName } from './names.ts';
import type { Passage } from './schema.ts';
import { bestQuote, expandQuery, sentences, termsOf } from './text.ts';

/** The first words of every offline answer: the reader knows no model wrote it. */
export const OFFLINE_LEAD = 'Offline engine (no AI model is configured on this site): the passages of the book that best match your question.';
export const OFFLINE_NOT_COVERED =
  'Offline engine (no AI model is configured on this site): the book does not seem to cover this question, as no passage matches its words. Try the terms the book uses, such as SPV, BEEF, overlays, micropayments or BRC-100 wallets.';

/** The assistant without a model: the sections' written answers and the book's own sentences, cited; nothing made up. */
export class OfflineAnswerEngine implements AnswerEngine {
  readonly quotesPassages = true;
  readonly name = 'offline' as const;
  readonly model = 'offline-passages';

  async answer(input: EngineQuestion, options: EngineAnswerOptions): Promise<string> {
    const text = composeOfflineAnswer(input);
    options.onText?.(text);
    return text;
  }
}

/** Said before an answer to a question that is not in English: the offline engine reads English only. */
export const OFFLINE_ENGLISH_ONLY =
  'The offline engine reads English only, so it searched the English terms in your question; a site with Claude or OpenAI configured answers in your language.';

/** Function words of Spanish, German and French that are not English words too. */
const FOREIGN =
  /\b(?:qué|cómo|cuál|cuánto|dónde|significa|funciona|los|las|und|ist|der|das|wie|warum|wer|nicht|eine|bedeutet|funktioniert|welche|kostet|pourquoi|quoi|quel|quelle|combien|fonctionne|avec|dans|sont|une|qu'est-ce|est-ce)\b/i;
/** Short words of those languages that English questions rarely hold: two make a question foreign, one does not. */
const FOREIGN_OR_ENGLISH = /\b(?:que|como|para|por|el|es|des|les|est|ein)\b/gi;

/** A question that reads as another language than English (accents, non-Latin scripts, function words). */
export function looksNonEnglish(question: string): boolean {
  if (/[^\p{Script=Latin}\p{P}\p{N}\p{S}\s]/u.test(question)) return true;
  if (/[ñáéíóúüöäßçàèìòùâêîôû¿¡]/i.test(question)) return true;
  if (FOREIGN.test(question)) return true;
  return new Set((question.match(FOREIGN_OR_ENGLISH) ?? []).map((w) => w.toLowerCase())).size >= 2;
}

/** An opening sentence shorter than this is followed by the next sentence of its passage. */
const SHORT_OPENING = 120;

/** The first words of a sentence that leans on the one before ("This ...", "But ..."; "It ..." when it opens the quote). */
const POINTS_BACK = /^(?:this|that|these|those|they|them|such|both|but|however|instead|also|the same|the other|from the table)\b/i;
const POINTS_BACK_FIRST = new RegExp(`${POINTS_BACK.source}|^(?:it|its|he|she|his|her|their)\\b`, 'i');

/** How far below the first sentence's score a second may be: a passage's rank costs 2, so one passage down. */
const SECOND_OPENING = 2;

/** An opening of two sentences is kept to this length; a longer pair opens with the first alone. */
const MAX_OPENING = 480;

/** How far below the best written fact's score a second may be, and still open the answer: one passage's place. */
const SECOND_FACT = 0.2;

/** Sentence `i` of a passage's sentences `list`, the passage at place `at` of the answer (0-based). */
type Chosen = { list: string[]; i: number; at: number; score: number };

/** The answer's opening, and the sentences it quotes of each passage (by the passage's place). */
type Opening = { text: string; used: Map<number, Set<number>> };

/** Quotes sentences `from` to `to` of a passage as one citation. */
function quoted(list: readonly string[], from: number, to: number, at: number): string {
  return `“${list.slice(from, to + 1).join(' ')}” [${at + 1}]`;
}

/**
 * The opening: for a term the glossary defines, its expansion or a standard's subject, then the book's defining sentence; else the
 * written facts that fit the question, the best section's written answer, then the book's sentences that answer the question as asked.
 */
function opening(input: EngineQuestion, terms: readonly string[]): Opening {
  const { definition } = input;
  if (definition) {
    const { term, meaning } = definition;
    const says = definition.expansion ? 'stands for' : /^BRC-\d+$/.test(term) && 'is the standard the book cites for';
    const lead = says ? `${term} ${says} ${meaning}. ` : '';
    const list = sentences(input.passages[0]?.text ?? '');
    const at = list.indexOf(definition.sentence);
    if (at < 0) return { text: `${lead}“${definition.sentence}” [1]`, used: new Map() };
    const last = withNextIfShort(list, at);
    return { text: `${lead}${quoted(list, at, last, 0)}`, used: new Map([[0, new Set([at, last])]]) };
  }
  // The written facts that fit the question best (the first's passage leads the citations): the best, and the next within
  // SECOND_FACT of it (decision 027); then the section's written answer and the book's sentences.
  const factScore = factScorer(terms);
  const [fact, ...rest] = input.passages
    .flatMap((p, at) => (p.facts ?? []).map(({ question, answer }) => ({ answer, at, score: factScore(question, answer, at) })))
    .filter((f) => f.score > -Infinity)
    .sort((a, b) => b.score - a.score);
  const second = fact && rest.find((f) => f.score >= fact.score - SECOND_FACT && f.answer !== fact.answer);
  const quotedOpening = bestSentences(input, scorer(terms));
  // Reading, not a measure (decision 027): a sentence of the section's answer whose terms the facts have mostly said is dropped.
  const said = new Set(termsOf(`${fact?.answer ?? ''} ${second?.answer ?? ''}`));
  const fresh = sentences(input.passages[0]?.answer ?? '').filter((s) => termsOf(s).filter((t) => said.has(t)).length < 0.7 * termsOf(s).length);
  const parts = [...[fact, second].map((f) => (f ? `${f.answer} [${f.at + 1}]` : '')), fresh.length ? `${fresh.join(' ')} [1]` : '', quotedOpening.text];
  return { text: parts.filter(Boolean).join(' '), used: quotedOpening.used };
}

/**
 * How well a written fact answers: the question's likeness to the fact's own (Dice over terms), a quarter of the share of its terms the
 * fact holds (-Infinity for none), 0.2 less for each place its passage is below the first (decision 026: a count chose long facts).
 */
function factScorer(terms: readonly string[]): (question: string, answer: string, at: number) => number {
  const shared = (list: string[]) => list.filter((t) => terms.includes(t)).length;
  return (question, answer, at) => {
    const [own, held] = [termsOf(question), shared(termsOf(`${question} ${answer}`))];
    return held === 0 ? -Infinity : (2 * shared(own)) / (terms.length + own.length) + (0.25 * held) / terms.length - 0.2 * at;
  };
}

/** How well a text answers the question: the question's terms it holds (-Infinity for none), 2 less for each place its passage is below the first. */
function scorer(terms: readonly string[]): (text: string, at: number) => number {
  const wanted = new Set(terms);
  return (text, at) => {
    const matched = termsOf(text).filter((t) => wanted.has(t)).length;
    return matched === 0 ? -Infinity : matched - at * 2;
  };
}

/** The book's sentences that answer the question best (by `score`), quoted and cited. */
function bestSentences(input: EngineQuestion, score: (text: string, at: number) => number): Opening {
  const ranked = input.passages
    .flatMap((p, at) => sentences(p.text).map((sentence, i, list): Chosen => ({ list, i, at, score: sentence.length > 400 ? -Infinity : score(sentence, at) })))
    .filter((c) => c.score > -Infinity);
  // The best first (of equals, the earlier), then the next best not yet quoted within SECOND_OPENING:
  // from another passage, or after the first in its own (the sentences before it set it up).
  ranked.sort((a, b) => b.score - a.score);
  const first = ranked[0];
  if (!first) return { text: '', used: new Map() };
  const last = withNextIfShort(first.list, first.i);
  // Reading, not a measure (decision 023): a first sentence that points back is quoted with the one before it.
  const back = first.i > 0 && POINTS_BACK_FIRST.test(first.list[first.i] ?? '') && quoted(first.list, first.i - 1, last, first.at).length <= MAX_OPENING;
  const from = back ? first.i - 1 : first.i;
  const used = new Map([[first.at, new Set(Array.from({ length: last - from + 1 }, (_, k) => from + k))]]);
  const text = quoted(first.list, from, last, first.at);
  const shown = new Set(first.list.slice(from, last + 1));
  // The sentence right after the first quote joins it (the best sentence still leads); any other is quoted on its own.
  const follows = (c: Chosen) => c.at === first.at && c.i === last + 1;
  const second = ranked.find(
    (c) =>
      !(c.at === first.at && c.i <= last) &&
      c.score >= first.score - SECOND_OPENING &&
      !shown.has(c.list[c.i] ?? '') &&
      // Reading: a sentence quoted on its own must stand alone ("They eat the transfer alive" does not).
      (follows(c) || !POINTS_BACK.test(c.list[c.i] ?? '')),
  );
  if (!second) return { text, used };
  if (follows(second)) {
    const joined = quoted(first.list, first.i, second.i, first.at);
    if (joined.length > MAX_OPENING) return { text, used };
    used.get(first.at)?.add(second.i);
    return { text: joined, used };
  }
  const more = quoted(second.list, second.i, second.i, second.at);
  if (text.length + more.length + 1 > MAX_OPENING) return { text, used };
  used.set(second.at, new Set([...(used.get(second.at) ?? []), second.i]));
  return { text: `${text} ${more}`, used };
}

/** The last sentence to quote from sentence `i`: the next too when `i` is short ("Public ledgers are pseudonymous."). */
function withNextIfShort(list: readonly string[], i: number): number {
  const sentence = list[i] ?? '';
  const next = list[i + 1];
  return sentence.length < SHORT_OPENING && next && sentence.length + next.length <= 320 ? i + 1 : i;
}

/** Says what was answered when a slip was read as the book's word; a typed "[3]" shows as "(3)" (a marker would cite). */
const readAs = (question: string) => `Read as: “${question.replace(/\[([\d,\s]*)\]/g, '($1)')}”`;

/** The offline answer for a question and its passages: the answer first, then the passages it came from. */
function composeOfflineAnswer(input: EngineQuestion): string {
  const foreign = looksNonEnglish(input.question);
  const read = input.typed === undefined ? [] : [readAs(input.question)];
  if (input.passages.length === 0) return [...(foreign ? [OFFLINE_ENGLISH_ONLY] : []), OFFLINE_NOT_COVERED, ...read].join('\n\n');
  const terms = input.terms ?? termsOf(expandQuery(input.question));
  const { text: answer, used } = opening(input, terms);
  // Each passage is quoted where the opening did not quote it (named only if quoted whole); those the
  // opening cites come first, in its order, so the sources read [1], [2], [3] once renumbered.
  const cited = [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]) - 1);
  const order = [...new Set([...cited, ...input.passages.keys()])].filter((i) => i >= 0 && i < input.passages.length);
  const parts = order.map((i) => {
    const p = input.passages[i] as Passage;
    const name = sourceName(p.chapterTitle, p.section);
    const source = name.section === undefined ? `[${i + 1}] ${name.chapter}` : `[${i + 1}] ${name.section} (${name.chapter})`;
    const skip = used.get(i);
    return skip && skip.size >= sentences(p.text).length ? source : `${source}: “${bestQuote(p.text, terms, undefined, skip)}”`;
  });
  // Said once a conversation: on a phone, a lead repeated above every answer pushed the answer out of view.
  const lead = input.history.length === 0 ? [OFFLINE_LEAD] : [];
  return [...lead, ...(foreign ? [OFFLINE_ENGLISH_ONLY] : []), ...read, ...(answer ? [answer] : []), ...parts].join('\n\n');
}
