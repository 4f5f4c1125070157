/**
 * The book assistant's figures, in-process: how often the offline engine's first
 * citation is the chapter that answers the question (tests/support/assistant-questions.ts), and
 * p50/p95 of a whole offline answer (retrieval, quoting, citation checks). Called by bench/run.ts;
 * on its own: npx node bench/assistant.ts [rounds]
 */
import { pathToFileURL } from 'node:url';
import { askBook } from '../src/domain/assistant/ask.ts';
import type { AnswerEngine } from '../src/domain/assistant/engine.ts';
import { OfflineAnswerEngine } from '../src/domain/assistant/offline.ts';
import type { Passage } from '../src/domain/assistant/schema.ts';
import { BookIndex, buildIndexFile } from '../src/domain/assistant/search.ts';
import { loadBook } from '../src/domain/book/load.ts';
import { factPattern, HELD_OUT } from '../tests/support/assistant-heldout.ts';
import { LATER_HELD_OUT, OFF_TOPIC } from '../tests/support/assistant-heldout-later.ts';
import { SEALED_OFF_TOPIC } from '../tests/support/assistant-sealed-off-topic.ts';
import { DEV_OFF_TOPIC_DOMAIN } from '../tests/support/assistant-dev-off-topic-domain.ts';
import { FOLLOW_UPS, SWITCHES } from '../tests/support/assistant-conversations.ts';
import { QUALITY_QUESTIONS } from '../tests/support/assistant-questions.ts';

export interface AssistantFigures {
  questions: number;
  hits: number;
  hitRate: number;
  misses: string[];
  answers: number;
  p50Ms: number;
  p95Ms: number;
  indexBuildMs: number;
  indexLoadMs: number;
  /** The held-out questions (never tuned on), by kind: first citation right, fact in the opening, "not covered". */
  heldOut: Record<string, { questions: number; firstCitation: number; facts: number; factInOpening: number; notCovered: number }>;
  /** Each later held-out set: first citation right, "not covered", and, where the set gives facts, the fact in the opening and in a passage the engine was given. */
  later: {
    name: string;
    written: string;
    questions: number;
    firstCitation: number;
    notCovered: number;
    facts: number;
    factInOpening: number;
    factGiven: number;
    /** By the reader's style, for a set that gives it: first citation right and fact in the opening. */
    byStyle: Record<string, { questions: number; firstCitation: number; factInOpening: number }>;
  }[];
  /** The later held-out questions with one slip of the keyboard each (slipped): as typed right, with the slip, and the slipped answers' time. */
  slips: { questions: number; firstCitation: number; slippedFirstCitation: number; slippedNotCovered: number; slippedP95Ms: number };
  /** Questions the book does not answer (OFF_TOPIC): how many were answered as if it did. */
  offTopic: { questions: number; answered: string[] };
  /** Off-topic questions in the book's words (prices, exchanges, tax...), the development set of decision 022. */
  domainOffTopic: { questions: number; declined: number };
  /** The sealed off-topic set (a writer who never saw the engine): only how many were declined, never which. */
  sealedOffTopic: { questions: number; declined: number };
  /** Two-turn conversations: a follow-up's first citation and fact in the opening; a new question's first citation, and how many of its citations are the previous answer's (outside the chapters that answer it). */
  conversations: { followUps: number; followUpFirstCitation: number; followUpFacts: number; switches: number; switchFirstCitation: number; pulledBack: number };
}

/** The question with two neighbouring letters of its longest word swapped ("Merkle" -> "Merlke"), the commonest slip. */
export function slipped(question: string): string {
  const words = question.split(' ');
  const letters = (w: string) => w.replace(/\W/g, '').length;
  const longest = words.reduce((best, w, i) => (letters(w) > letters(words[best] ?? '') ? i : best), 0);
  const word = words[longest] ?? '';
  const k = Math.floor(letters(word) / 2);
  words[longest] = `${word.slice(0, k)}${word[k + 1] ?? ''}${word[k] ?? ''}${word.slice(k + 2)}`;
  return words.join(' ');
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

export async function assistantFigures(rounds = 10): Promise<AssistantFigures> {
  const book = await loadBook();
  let t = performance.now();
  const file = buildIndexFile(book);
  const indexBuildMs = performance.now() - t;
  const json = JSON.stringify(file);
  t = performance.now();
  const index = BookIndex.fromJson(json);
  const indexLoadMs = performance.now() - t;
  const engine = new OfflineAnswerEngine();

  const misses: string[] = [];
  for (const q of QUALITY_QUESTIONS) {
    const r = await askBook({ question: q.question, history: [] }, { search: index, engine });
    if (r.citations[0]?.chapterId !== q.chapterId) misses.push(`${q.chapterId}: ${q.question} -> ${r.citations[0]?.url ?? 'none'}`);
  }
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const q of QUALITY_QUESTIONS) {
      const start = performance.now();
      await askBook({ question: q.question, history: [] }, { search: index, engine });
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  // Fees are read from chapter 3's table (the book's one copy of them).
  const table = book.chapters.find((c) => c.id === 'chapter-03')?.markdown ?? '';
  const heldOut: AssistantFigures['heldOut'] = {};
  for (const q of HELD_OUT) {
    const r = await askBook({ question: q.question, history: [] }, { search: index, engine });
    const k = (heldOut[q.kind] ??= { questions: 0, firstCitation: 0, facts: 0, factInOpening: 0, notCovered: 0 });
    k.questions += 1;
    if (q.chapters.includes(r.citations[0]?.chapterId ?? '')) k.firstCitation += 1;
    if (/does not (seem to )?cover/.test(r.answer)) k.notCovered += 1;
    if (!q.fact) continue;
    k.facts += 1;
    const opening = r.answer.split(/\n\n\[1\] /)[0] ?? '';
    const pattern = factPattern(q.fact, table);
    if (pattern.test(opening)) k.factInOpening += 1;
  }
  const later: AssistantFigures['later'] = [];
  for (const set of LATER_HELD_OUT) {
    const figures = {
      name: set.name,
      written: set.written,
      questions: set.questions.length,
      firstCitation: 0,
      notCovered: 0,
      facts: 0,
      factInOpening: 0,
      factGiven: 0,
      byStyle: {} as Record<string, { questions: number; firstCitation: number; factInOpening: number }>,
    };
    for (const q of set.questions) {
      // The passages the engine was given: the fact may be in one of them and not in the opening.
      let given: readonly Passage[] = [];
      const seeing: AnswerEngine = {
        name: engine.name,
        model: engine.model,
        quotesPassages: engine.quotesPassages,
        answer: (input, options) => ((given = input.passages), engine.answer(input, options)),
      };
      const r = await askBook({ question: q.question, history: [] }, { search: index, engine: seeing });
      const style = q.style ? (figures.byStyle[q.style] ??= { questions: 0, firstCitation: 0, factInOpening: 0 }) : undefined;
      if (style) style.questions += 1;
      if (q.chapters.includes(r.citations[0]?.chapterId ?? '')) {
        figures.firstCitation += 1;
        if (style) style.firstCitation += 1;
      }
      if (/does not (seem to )?cover/.test(r.answer)) figures.notCovered += 1;
      if (!q.fact) continue;
      figures.facts += 1;
      if (q.fact.test(r.answer.split(/\n\n\[1\] /)[0] ?? '')) {
        figures.factInOpening += 1;
        if (style) style.factInOpening += 1;
      }
      if (given.some((p) => q.fact?.test(p.text))) figures.factGiven += 1;
    }
    later.push(figures);
  }
  const slips = { questions: 0, firstCitation: 0, slippedFirstCitation: 0, slippedNotCovered: 0, slippedP95Ms: 0 };
  const slipTimes: number[] = [];
  for (const q of LATER_HELD_OUT.flatMap((set) => set.questions)) {
    const asTyped = await askBook({ question: q.question, history: [] }, { search: index, engine });
    const start = performance.now();
    const r = await askBook({ question: slipped(q.question), history: [] }, { search: index, engine });
    slipTimes.push(performance.now() - start);
    slips.questions += 1;
    if (q.chapters.includes(asTyped.citations[0]?.chapterId ?? '')) slips.firstCitation += 1;
    if (q.chapters.includes(r.citations[0]?.chapterId ?? '')) slips.slippedFirstCitation += 1;
    if (/does not (seem to )?cover/.test(r.answer)) slips.slippedNotCovered += 1;
  }
  const offTopic = { questions: OFF_TOPIC.length, answered: [] as string[] };
  for (const question of OFF_TOPIC) {
    const r = await askBook({ question, history: [] }, { search: index, engine });
    if (!/does not (seem to )?cover/.test(r.answer)) offTopic.answered.push(`${question} -> ${r.citations[0]?.url ?? 'none'}`);
  }
  const domainOffTopic = { questions: DEV_OFF_TOPIC_DOMAIN.length, declined: 0 };
  for (const question of DEV_OFF_TOPIC_DOMAIN) {
    const r = await askBook({ question, history: [] }, { search: index, engine });
    if (/does not (seem to )?cover/.test(r.answer)) domainOffTopic.declined += 1;
  }
  const sealedOffTopic = { questions: SEALED_OFF_TOPIC.length, declined: 0 };
  for (const question of SEALED_OFF_TOPIC) {
    const r = await askBook({ question, history: [] }, { search: index, engine });
    if (/does not (seem to )?cover/.test(r.answer)) sealedOffTopic.declined += 1;
  }
  const conversations = {
    followUps: FOLLOW_UPS.length,
    followUpFirstCitation: 0,
    followUpFacts: 0,
    switches: SWITCHES.length,
    switchFirstCitation: 0,
    pulledBack: 0,
  };
  for (const c of [...FOLLOW_UPS, ...SWITCHES]) {
    const before = await askBook({ question: c.first, history: [] }, { search: index, engine });
    const history = [
      { role: 'user' as const, content: c.first },
      { role: 'assistant' as const, content: before.answer.slice(0, 6000) },
    ];
    const r = await askBook({ question: c.then, history }, { search: index, engine });
    const right = c.chapters.includes(r.citations[0]?.chapterId ?? '');
    if (FOLLOW_UPS.includes(c)) {
      if (right) conversations.followUpFirstCitation += 1;
      if (c.fact?.test(r.answer.split(/\n\n\[1\] /)[0] ?? '')) conversations.followUpFacts += 1;
    } else {
      if (right) conversations.switchFirstCitation += 1;
      const earlier = new Set(before.citations.map((x) => x.url));
      conversations.pulledBack += r.citations.filter((x) => earlier.has(x.url) && !c.chapters.includes(x.chapterId)).length;
    }
  }
  slips.slippedP95Ms = at(
    slipTimes.sort((a, b) => a - b),
    0.95,
  );
  const hits = QUALITY_QUESTIONS.length - misses.length;
  return {
    questions: QUALITY_QUESTIONS.length,
    hits,
    hitRate: hits / QUALITY_QUESTIONS.length,
    misses,
    answers: times.length,
    p50Ms: at(times, 0.5),
    p95Ms: at(times, 0.95),
    indexBuildMs,
    indexLoadMs,
    heldOut,
    later,
    slips,
    offTopic,
    domainOffTopic,
    sealedOffTopic,
    conversations,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const f = await assistantFigures(Number(process.argv[2] ?? 10));
  console.log(`first citation is the answering chapter: ${f.hits}/${f.questions} (${(f.hitRate * 100).toFixed(1)}%, target >= 80%)`);
  for (const m of f.misses) console.log(`  miss: ${m}`);
  console.log(`offline answer, in-process (${f.answers}): p50 ${f.p50Ms.toFixed(2)} ms, p95 ${f.p95Ms.toFixed(2)} ms (target p95 < 100 ms)`);
  console.log(`index: built in ${f.indexBuildMs.toFixed(0)} ms, loaded in ${f.indexLoadMs.toFixed(1)} ms`);
  for (const [kind, k] of Object.entries(f.heldOut))
    console.log(
      `held-out ${kind}: first citation ${k.firstCitation}/${k.questions}, fact in the opening ${k.factInOpening}/${k.facts}, not covered ${k.notCovered}`,
    );
  for (const set of f.later) {
    console.log(
      `${set.name}: first citation ${set.firstCitation}/${set.questions}${set.facts ? `, fact in the opening ${set.factInOpening}/${set.facts} (in a passage given ${set.factGiven})` : ''}, not covered ${set.notCovered}`,
    );
    for (const [style, k] of Object.entries(set.byStyle))
      console.log(`  ${style}: first citation ${k.firstCitation}/${k.questions}, fact in the opening ${k.factInOpening}/${k.questions}`);
  }
  console.log(`questions the book does not answer, answered as if it did: ${f.offTopic.answered.length}/${f.offTopic.questions}`);
  for (const a of f.offTopic.answered) console.log(`  answered: ${a}`);
  console.log(`off-topic in the book's words (development set of decision 022): declined ${f.domainOffTopic.declined}/${f.domainOffTopic.questions}`);
  console.log(`sealed off-topic set (never read question by question): declined ${f.sealedOffTopic.declined}/${f.sealedOffTopic.questions}`);
  const c = f.conversations;
  console.log(
    `conversations: follow-ups first citation ${c.followUpFirstCitation}/${c.followUps}, fact in the opening ${c.followUpFacts}; new questions first citation ${c.switchFirstCitation}/${c.switches}, citations of the previous answer's passages ${c.pulledBack}`,
  );
  const s = f.slips;
  console.log(
    `one slip of the keyboard in each later held-out question: first citation ${s.slippedFirstCitation}/${s.questions} (typed right: ${s.firstCitation}/${s.questions}), not covered ${s.slippedNotCovered}, p95 ${s.slippedP95Ms.toFixed(2)} ms`,
  );
}
