import { z } from 'zod';
import { passageUrl, type Passage } from './schema.ts';
import { sentences } from './text.ts';

/**
 * The book's glossary, generated from the chapters' own sentences at build time (no hand-kept
 * copy that can drift): every acronym the book expands ("simplified payment verification, SPV",
 * "BEEF, the Background Evaluation Extended Format", "SHIP (Services Host Interconnect
 * Protocol)"), every BRC the book names ("topic manager (BRC-22)"), and every component it
 * introduces by kind ("a transaction processor such as ARC"), each with the sentence that defines
 * it and a link to that sentence's section in the reader. Served as /glossary and used by the
 * assistant to answer "what is X" and "what does X stand for" first.
 */
export const glossaryEntrySchema = z.object({
  /** The term as the book writes it: SPV, BRC-100, ARC. */
  term: z.string().min(1),
  /** What it stands for or is: "simplified payment verification", "the wallet interface". */
  meaning: z.string().min(1),
  /** True when `meaning` spells the term out (an acronym's expansion). */
  expansion: z.boolean(),
  /** The book's sentence that defines it, verbatim. */
  sentence: z.string().min(1),
  chapterId: z.string(),
  chapterTitle: z.string(),
  section: z.string(),
  /** Where the sentence is in the reader: /book/chapter-NN#section. */
  url: z.string(),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

const SMALL = new Set(['of', 'the', 'and', 'for', 'a', 'an', 'to', 'in', 'on', 'with']);

/** The letters an acronym spells (a digit repeats the letter before it: C2PA is C, C, P, A). */
function acronymLetters(term: string): string[] {
  const out: string[] = [];
  for (const ch of term.replace(/-\d+$/, '')) {
    if (/\d/.test(ch)) {
      const previous = out.at(-1);
      if (previous) for (let i = 1; i < Number(ch); i += 1) out.push(previous);
    } else if (/[A-Za-z]/.test(ch)) out.push(ch.toLowerCase());
  }
  return out;
}

/** Whether `phrase` spells `term` out: the initials of its words (small words aside) are the term's letters. */
export function spellsOut(term: string, phrase: string): boolean {
  const words = phrase
    .split(/[\s-]+/)
    .map((w) => w.replace(/[^A-Za-z]/g, ''))
    .filter(Boolean);
  const letters = acronymLetters(term);
  if (letters.length < 2 || words.length < 2 || words.length > letters.length + 3) return false;
  const initials = words.filter((w) => !SMALL.has(w.toLowerCase())).map((w) => w[0]?.toLowerCase());
  return initials.join('') === letters.join('');
}

const ACRONYM = String.raw`[A-Z][A-Z0-9]{1,7}`;
/** What a thing is said to be, when the book introduces a name by its kind: a service, a wallet, a format... */
const KIND =
  /\b(?:service|protocol|format|system|processor|node|wallet|standard|library|server|network|interface|explorer|pattern|broadcaster|indexer|toolkit|framework|sdk|api|token|certificate|proof|ledger|database|overlay|client)s?$/i;
const PHRASE = String.raw`[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){1,6}`;

interface Candidate {
  term: string;
  meaning: string;
  expansion: boolean;
}

/** The definitions one sentence gives. */
export function definitionsIn(sentence: string): Candidate[] {
  const found: Candidate[] = [];
  const expand = (term: string, meaning: string) => {
    const words = meaning.trim().split(/\s+/);
    // The phrase may start earlier than the expansion ("... called Simplified Payment Verification"):
    // take the shortest tail that spells the term out.
    for (let start = 0; start < words.length; start += 1) {
      const tail = words.slice(start).join(' ');
      if (spellsOut(term, tail)) {
        found.push({ term, meaning: tail, expansion: true });
        return;
      }
    }
  };
  // "Long Name (ACR)" and "long name, ACR,"
  for (const m of sentence.matchAll(new RegExp(String.raw`(${PHRASE})\s*(?:\((${ACRONYM})\)|,\s*(${ACRONYM})\b)`, 'g'))) expand(m[2] ?? m[3] ?? '', m[1] ?? '');
  // "ACR (Long Name)", "ACR, the Long Name", "ACR format (Long Name, BRC-74)"
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(${ACRONYM})\b(?:\s+\w+)?\s*(?:\(|,\s*the\s+)(${PHRASE})`, 'g'))) expand(m[1] ?? '', m[2] ?? '');
  // "ARC is the transaction processing service that ...", "HandCash is a consumer wallet": a name
  // (an acronym or a CamelCase product) at the start of a sentence, said to be a kind of thing.
  const is = new RegExp(
    String.raw`^(${ACRONYM}|[A-Z][a-z]+[A-Z][A-Za-z]+)\s+is\s+(?:the|an?)\s+((?:[\w'’-]+\s+){0,5}?[\w-]+?)(?=\s+(?:that|which|who|for|of|in|on|with|between|from|to|built|used|where)\b|[,.;:]|$)`,
  ).exec(sentence);
  if (is && KIND.test(is[2] ?? '')) found.push({ term: is[1] ?? '', meaning: is[2] ?? '', expansion: false });
  // "a transaction processor such as ARC", "transaction processors such as ARC"
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(?:(?:an?|the)\s+)?((?:[a-z-]+\s+){0,2}[a-z-]+?)s?\s+such as (${ACRONYM})\b(?![-\s]?\d)`, 'g')))
    if (KIND.test(m[1] ?? '')) found.push({ term: m[2] ?? '', meaning: m[1] ?? '', expansion: false });
  // "a topic manager (BRC-22)", "BEEF (BRC-62)": what the book calls each BRC.
  for (const m of sentence.matchAll(/(?:^|[\s,(])((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)\s+\((BRC-\d+)\)/g)) {
    const name = (m[1] ?? '').replace(/^(?:a|an|the|as|through|and|or|via|to|of|its|their|with)\s+/i, '').trim();
    if (name && !/^(?:a|an|the|and|or)$/i.test(name)) found.push({ term: m[2] ?? '', meaning: name, expansion: false });
  }
  return found.map((c) => ({ ...c, meaning: c.meaning.replace(/^(?:the|a|an)\s+/i, '').trim() })).filter((c) => c.term && c.meaning && c.term !== c.meaning);
}

/**
 * The glossary of the book's passages (in reading order): per term, the first sentence that spells
 * it out, or else the name the book gives it most often, with that sentence and its section.
 */
export function buildGlossary(passages: readonly Passage[]): GlossaryEntry[] {
  const byTerm = new Map<string, { candidates: { c: Candidate; sentence: string; passage: Passage }[] }>();
  for (const passage of passages) {
    for (const sentence of sentences(passage.text)) {
      for (const c of definitionsIn(sentence)) {
        const entry = byTerm.get(c.term) ?? { candidates: [] };
        entry.candidates.push({ c, sentence, passage });
        byTerm.set(c.term, entry);
      }
    }
  }
  const entries: GlossaryEntry[] = [];
  for (const [term, { candidates }] of byTerm) {
    const spelled = candidates.find((x) => x.c.expansion);
    let chosen = spelled;
    if (!chosen) {
      // The name the book gives most often; a name of two words or more, or an acronym (BEEF for
      // BRC-62), says more than a bare plural ("wallets").
      const score = new Map<string, number>();
      for (const x of candidates) {
        const key = x.c.meaning.toLowerCase();
        const weight = /^[A-Z][A-Z0-9-]+$/.test(x.c.meaning) || x.c.meaning.includes(' ') ? 2 : 1;
        score.set(key, (score.get(key) ?? 0) + weight);
      }
      const best = [...score].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]?.[0];
      chosen = candidates.find((x) => x.c.meaning.toLowerCase() === best);
    }
    if (!chosen) continue;
    const { c, sentence, passage } = chosen;
    entries.push({
      term,
      meaning: c.meaning,
      expansion: c.expansion,
      sentence,
      chapterId: passage.chapterId,
      chapterTitle: passage.chapterTitle,
      section: passage.section,
      url: passageUrl(passage),
    });
  }
  return entries.sort((a, b) => a.term.localeCompare(b.term, 'en', { numeric: true }));
}

/** The glossary entry a question asks about ("What does SPV stand for?", "what is brc-100"), if any. */
export function termAskedAbout(question: string, glossary: readonly GlossaryEntry[]): GlossaryEntry | undefined {
  const words = new Set((question.match(/[A-Za-z0-9]+(?:-[0-9]+)?/g) ?? []).map((w) => w.toUpperCase()));
  const matches = glossary.filter((g) => words.has(g.term.toUpperCase()));
  if (matches.length === 0) {
    const lower = question.toLowerCase();
    return glossary.find((g) => g.expansion && lower.includes(g.meaning.toLowerCase()));
  }
  // The longest term wins (BRC-100 over ARC when both appear), then the one spelled out.
  return matches.sort((a, b) => b.term.length - a.term.length || Number(b.expansion) - Number(a.expansion))[0];
}
