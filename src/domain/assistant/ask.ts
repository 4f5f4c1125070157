import { outOfScope } from './scope.ts';
import { GenerationError } from '../ideas/engine.ts';
import { CitationMarkers, dropForeignBookLinks, type AnswerEngine } from './engine.ts';
import { passageUrl, type AskRequest, type AskResponse, type Citation, type Passage } from './schema.ts';
import type { Hit, PassageSearch } from './search.ts';
import { termAskedAbout, type GlossaryEntry } from './glossary.ts';
import { looksNonEnglish } from './offline.ts';
import { bestQuote, escapeRegExp, expandQuery, framedQuestion, questionSentences, termsOf } from './text.ts';

/** How many passages each kind of engine gets: the offline answer quotes them all. */
const OFFLINE_PASSAGES = 3;
const MODEL_PASSAGES = 6;
/** The overall deadline of one answer (the SDKs also time out each attempt). */
const ANSWER_DEADLINE_MS = 45_000;

/** What answering needs: the passage search, the engine, and optional streaming and abort. */
export interface AskDeps {
  search: PassageSearch;
  engine: AnswerEngine;
  /** The request's signal: a client that goes away stops the provider call. */
  signal?: AbortSignal;
  deadlineMs?: number;
  /** Each piece of the answer as it is written, citations already checked and numbered. */
  onText?: (text: string) => void;
  /** Told when an engine cited something it was not given (removed from the answer). */
  onDroppedCitations?: (count: number) => void;
}

export const NOT_COVERED_ANSWER =
  'The book does not cover this question: no passage of the book matches it. Try the terms the book uses, such as SPV, BEEF, overlays, micropayments or BRC-100 wallets.';

/**
 * A question is declined below MIN_COVERAGE, the share of its terms the best passage holds weighted by
 * specificity, unless those weigh MIN_MATCHED_SPECIFICITY alone (decisions 020, 022: sealed refusals 3 -> 1 of 110).
 */
const MIN_COVERAGE = 0.3;
const MIN_MATCHED_SPECIFICITY = 8;

function coveredEnough(terms: readonly string[], best: Hit | undefined, specificity: (term: string) => number): boolean {
  if (!best) return false;
  const unique = [...new Set(terms)];
  const weigh = (list: string[]) => list.reduce((sum, t) => sum + specificity(t), 0);
  const total = weigh(unique);
  const held = weigh(unique.filter((t) => best.matched.includes(t)));
  return total === 0 || held / total >= MIN_COVERAGE || held >= MIN_MATCHED_SPECIFICITY;
}

const highest = (found: Hit[]) => found.toSorted((a, b) => b.score - a.score)[0];

/** The passages worth giving an engine, best first: none when no match holds enough of the question's terms. */
export function selectPassages(found: Hit[], questionTerms: number, limit: number, foreign = false, followUp = false): Passage[] {
  // A question in another language is judged by its English terms (BEEF, SPV) alone; a follow-up
  // is searched with the question before it: then one of its own words is enough.
  const covers = ({ matched: { length } }: Hit) => length / Math.max(1, questionTerms) >= 0.6 || length >= 3 || ((foreign || followUp) && length >= 1);
  // When the best match by words does not, the next match that covers it leads ("a commitment in cryptography").
  const lead = found.find(covers);
  if (!lead) return [];
  return [lead, ...found.filter((h) => h !== lead)].slice(0, limit).map((h) => h.passage);
}

/**
 * Whether a question asks what a glossary entry is: only framing before the term ("What is a subtree in Teranode?" asks about
 * subtrees) and at most two other words ("Meaning of SLAP in overlays"; "What does Atomic BEEF narrow a package to?" is not).
 */
function asksForDefinition(question: string, entry: GlossaryEntry): boolean {
  const asked = new RegExp(`\\b(?:${escapeRegExp(entry.term)}|${escapeRegExp(entry.meaning.replace(/s$/, ''))})(?:s|es)?\\b`, 'i');
  const framing = (w: string) => /^(?:the|a|an|in|of|on|for|to|is|are|it|this|that|mean|means|meaning|do|does|qué|significa|was|ist|es|que)$/i.test(w);
  const framed = expandQuery(question);
  const at = framed.search(asked);
  if (at < 0) return false;
  const before = framed.slice(0, at).match(/[\p{L}\p{N}]+/gu) ?? [];
  const rest = framed.replace(new RegExp(asked.source, 'gi'), ' ').match(/[\p{L}\p{N}]+/gu) ?? [];
  return before.every(framing) && rest.filter((w) => !framing(w)).length <= 2;
}

/**
 * Whether a question leans on the one before: it starts with a connective ("And how much?"), names no term or name and is
 * short or has a pronoun ("Who runs them?"), or names one but points back ("How does the BSV stack avoid that problem?").
 */
function leansOnPrevious(question: string, glossary: readonly GlossaryEntry[]): boolean {
  if (/^\s*(?:and|so|but|also|then|what about|how about|and what about)\b/i.test(question)) return true;
  const names = termAskedAbout(question, glossary) !== undefined || /(?<!^|[.?!]\s)\b\p{Lu}[\p{L}\d-]+/u.test(question.trim());
  if (names) return /\b(?:that|this|these|those)\s+(?!is\b|are\b|was\b|were\b|means?\b)\p{L}{3,}/iu.test(question);
  if (termsOf(framedQuestion(question)).length <= 3) return true;
  return /\b(?:it|its|they|them|their|that|this|these|those|he|she|his|her)\b/i.test(question);
}

/** A question that asks what something said before is ("What is that?", "What does it mean?"). */
const POINTING = /^(?:what|who)(?:'s|\s+(?:is|are|was|were|does|do))\s+(?:that|this|it|they|those|these)(?:\s+mean)?\s*\??$/i;

/** The glossary entry a question (or one part of it) asks to define: the term it names, when it asks what that is. */
function definitionAsked(question: string, glossary: readonly GlossaryEntry[]): GlossaryEntry | undefined {
  const entry = termAskedAbout(question, glossary);
  return entry && asksForDefinition(question, entry) ? entry : undefined;
}

/** The question, then its parts that may ask on their own: its sentences, and a clause after ", and" that asks again. */
function questionParts(question: string): string[] {
  const parts = questionSentences(question)
    .flatMap((s) => s.split(/,\s*(?:and|but)\s+(?=(?:is|are|was|were|when|how|what|why|where|who|does|do|did|can|could|should|which)\b)/i))
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length > 1 ? [question, ...parts] : [question];
}

/** Answers from the book: finds the passages, lets the engine write, keeps only citations of passages given; failures are GenerationErrors. */
export async function askBook(request: AskRequest, deps: AskDeps): Promise<AskResponse> {
  const { history } = request;
  // A slip of the keyboard is read as the book's word ("transacton"); a model reads the question as asked.
  const correct = (text: string) => (looksNonEnglish(text) ? text : (deps.search.correct?.(text) ?? text));
  const question = correct(request.question);
  const previous = history.findLast((h) => h.role === 'user')?.content;
  // The question before joins the search only when this one leans on it: a new question is not pulled back to the old subject.
  const glossary = deps.search.glossary;
  const context = previous === undefined || !leansOnPrevious(question, glossary) ? undefined : correct(previous);
  const base = { engine: deps.engine.name, model: deps.engine.model };
  // A subject the book's editor wrote down as not covered (prices, exchanges, tax...): declined, with the nearest section.
  const outside = context === undefined ? outOfScope(question) : undefined;
  if (outside !== undefined) {
    const near = outside.near && deps.search.passageAt?.(outside.near.chapter, outside.near.slug);
    const answer = near ? `${outside.text} [1].` : `${outside.text}.`;
    deps.onText?.(answer);
    return { answer, citations: near ? [citation(near, termsOf(outside.text))] : [], ...base };
  }
  const terms = termsOf(expandQuery(question));
  const offline = deps.engine.quotesPassages;
  const limit = offline ? OFFLINE_PASSAGES : MODEL_PASSAGES;
  const found = deps.search.search(question, { limit: limit + 2, context });
  let passages = selectPassages(found, terms.length, limit, looksNonEnglish(question), context !== undefined);
  // Coverage is judged on the passage the words match best, before the written facts reorder them (decision 025).
  // "How can I sleep better at night?" matched "better" and "night", not its particular words: not covered.
  const specificity = deps.search.specificity?.bind(deps.search);
  if (!looksNonEnglish(question) && context === undefined && specificity && !coveredEnough(terms, highest(found), specificity)) passages = [];
  // A question that asks what a term the glossary defines is, in any of its parts ("What is FHIR? The
  // health chapter uses it a lot"), or what "that" is after naming it ("The docs keep mentioning
  // BRC-69. What is that?"), is answered from the defining passage first.
  const parts = questionParts(question);
  const definition = parts
    .map((part, i) => (!POINTING.test(part) ? definitionAsked(part, glossary) : termAskedAbout(parts[i - 1] ?? '', glossary)))
    .find(Boolean);
  const defining = definition ? deps.search.passageOf?.(definition) : undefined;
  if (definition && defining) passages = [defining, ...passages.filter((p) => p !== defining)].slice(0, limit);
  if (passages.length === 0 && !offline) {
    deps.onText?.(NOT_COVERED_ANSWER);
    return { answer: NOT_COVERED_ANSWER, citations: [], ...base };
  }

  const live = new CitationMarkers(passages.length);
  const deadline = AbortSignal.timeout(deps.deadlineMs ?? ANSWER_DEADLINE_MS);
  const signal = deps.signal ? AbortSignal.any([deps.signal, deadline]) : deadline;
  const raw = await deps.engine.answer(
    {
      question: offline ? question : request.question,
      history,
      passages,
      terms,
      definition: defining ? definition : undefined,
      typed: offline && question !== request.question ? request.question : undefined,
    },
    {
      signal,
      onText: (chunk) => {
        const safe = live.push(chunk);
        if (safe) deps.onText?.(safe);
      },
    },
  );
  const held = live.end();
  if (held) deps.onText?.(held);

  // The final text is checked again from the start (it may have streamed in other chunks), and loses links to other chapters.
  const markers = new CitationMarkers(passages.length);
  const marked = (markers.push(raw) + markers.end()).trim();
  const { text, dropped } = dropForeignBookLinks(marked, new Set(passages.map((p) => p.chapterId)));
  if (markers.dropped + dropped > 0) deps.onDroppedCitations?.(markers.dropped + dropped);
  if (!text) throw new GenerationError('invalid_output', `${deps.engine.name === 'anthropic' ? 'Claude' : 'OpenAI'} returned an empty answer`);

  return { answer: text, citations: markers.cited.map((i) => citation(passages[i] as Passage, terms)), ...base };
}

/** A passage as cited: its place in the reader and its sentences that match `terms` best. */
const citation = (p: Passage, terms: readonly string[]): Citation => ({
  chapterId: p.chapterId,
  title: p.chapterTitle,
  section: p.section,
  url: passageUrl(p),
  quote: bestQuote(p.text, terms),
});
