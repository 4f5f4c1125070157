import { z } from 'zod';
import { passageUrl, type Passage } from './schema.ts';
import { escapeRegExp, sentences } from './text.ts';

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

/**
 * The letter sequences an acronym may spell: a digit repeats the letter before it (C2PA is C, C, P,
 * A) or stands for a small word (P2PKH, pay-to-public-key-hash), and X may stand for "trans" (UTXO,
 * unspent transaction output).
 */
function acronymLetters(term: string): string[] {
  let repeated = '';
  for (const ch of term.replace(/-\d+$/, '')) {
    if (/\d/.test(ch)) repeated += (repeated.at(-1) ?? '').repeat(Math.max(0, Number(ch) - 1));
    else if (/[A-Za-z]/.test(ch)) repeated += ch.toLowerCase();
  }
  const dropped = term
    .replace(/-\d+$/, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  return [...new Set([repeated, dropped, repeated.replace(/tx/g, 't')])];
}

/** Whether `phrase` spells `term` out: the initials of its words (small words aside) are the term's letters. A hyphenated word counts once or by its parts ("Real-time" is R or R, T). */
export function spellsOut(term: string, phrase: string): boolean {
  const sequences = acronymLetters(term);
  if ((sequences[0] ?? '').length < 2) return false;
  return [/[\s-]+/, /\s+/].some((separator) => {
    const all = phrase
      .split(separator)
      .map((w) => w.replace(/[^A-Za-z]/g, '').toLowerCase())
      .filter(Boolean);
    if (all.length < 2 || all.length > (sequences[0] ?? '').length + 3) return false;
    // Small words usually give no letter (Coalition for Content...), sometimes one (Request for Comments).
    const big = all.filter((w) => !SMALL.has(w));
    return sequences.some((letters) => spells(letters, big) || spells(letters, all));
  });
}

/**
 * Whether `words` spell `letters`: each word gives the next letter by its initial, and may give the
 * letters after it from inside itself, in order (Hypertext gives H and T in HTTP).
 */
function spells(letters: string, words: readonly string[]): boolean {
  const [word, ...rest] = words;
  if (word === undefined) return letters === '';
  if (letters[0] !== word[0]) return false;
  // How many of the following letters this word gives from inside itself: none first.
  for (let taken = 1, at = 1; taken <= letters.length; taken += 1) {
    if (spells(letters.slice(taken), rest)) return true;
    const next = letters[taken];
    if (next === undefined) break;
    const found = word.indexOf(next, at);
    if (found < 0) break;
    at = found + 1;
  }
  return false;
}

const ACRONYM = String.raw`[A-Z][A-Z0-9]{1,7}`;
/** What a thing is said to be, when the book introduces a name by its kind: a service, a wallet, a format... */
const KIND =
  /\b(?:service|protocol|format|system|processor|node|wallet|standard|library|server|network|interface|explorer|pattern|broadcaster|indexer|toolkit|framework|sdk|api|token|certificate|proof|ledger|database|overlay|client)s?$/i;
const PHRASE = String.raw`[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,6}`;

interface Candidate {
  term: string;
  meaning: string;
  expansion: boolean;
}

/** Words that make "X is a ..." a judgement or a comparison rather than a definition. */
const JUDGEMENT =
  /^(?:good|great|bad|better|best|worse|worst|reasonable|natural|obvious|different|real|useful|simple|simpler|most|more|less|least|only|same|right|wrong|easy|easier|hard|harder|important|main|first|second|third|last|next|big|bigger|strong|stronger|weak|fair|clear|poor|new|newer|old|cheap|cheaper|expensive|familiar|sensible|promising|plain|perfect|practical|common|typical|whole|full|single|subtle|subtler|safer|safe|lot|kind|sort|way|answer|question|problem|example|case|reason|point|step|thing|part|matter|test|version|variant|start|beginning|end|result|sign|place|home|dead|fine|strange|decent)$/i;
/** Words that point back at an earlier sentence: a sentence with them defines nothing on its own. */
const ANAPHORA = /^(?:this|that|these|those|it|its|their|his|her|our|your|my|such|same|other|another|one)$/i;
/** A term's last word, when it names a role in a story rather than a thing (a post, a variant). */
const NOT_A_TERM =
  /^(?:summary|variant|post|version|way|idea|problem|answer|question|example|case|product|business|company|user|reader|customer|step|thing|point|chapter|section|book|story|lesson|rule|test|option|choice|approach|mistake|risk|goal|state|domain)$/i;

/** Singular of a plural acronym's expansion ("unspent transaction outputs" for UTXOs). */
function singular(phrase: string): string {
  return phrase.replace(/(\w{3,}?)(?:ies)$/, '$1y').replace(/(\w{3,}[^s])s$/, '$1');
}

/** The meaning an "is a" sentence gives: its complement up to a clause or a list, eight words at most. */
function complement(text: string): string | undefined {
  const words = text.split(/\s+/);
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/[`*]/g, '');
    if (/^(?:that|which|who|whose|where|when|because|so|but|and|or|to|for|with|from|in|on|at|by|than|as)$/i.test(word) && out.length > 0) break;
    if (/^[(\u2014]/.test(word) || (out.length > 0 && /^(?:[a-z]{3,}(?:ed|ing)|made|built|held|kept|sent|written|given|known|taken)$/.test(word))) break;
    const stop = /[,;:.()\u2014]/.test(word.slice(-1));
    const clean = word.replace(/[,;:.()\u2014\u201c\u201d"]/g, '');
    if (clean) out.push(clean);
    if (stop || out.length >= 8) break;
  }
  const first = out[0] ?? '';
  if (!first || JUDGEMENT.test(first) || ANAPHORA.test(first) || out.some((w) => ANAPHORA.test(w) && w.toLowerCase() !== 'one')) return undefined;
  if (out.length > 1 && JUDGEMENT.test(out[out.length - 1] ?? '')) return undefined;
  return out.join(' ');
}

/**
 * The definitions one sentence gives. `isName` tells a name (Teranode) from a word that is only
 * capitalised because it opens the sentence (Certification); by default only CamelCase names pass.
 */
export function definitionsIn(sentence: string, isName: (word: string) => boolean = (word) => /[a-z][A-Z]/.test(word)): Candidate[] {
  const found: Candidate[] = [];
  const expand = (term: string, meaning: string, plural = false) => {
    const words = meaning.trim().split(/\s+/);
    // The phrase may start earlier than the expansion ("... called Simplified Payment Verification"):
    // take the shortest tail that spells the term out.
    for (let start = 0; start < words.length; start += 1) {
      if (SMALL.has((words[start] ?? '').toLowerCase())) continue;
      const tail = words.slice(start).join(' ');
      if (spellsOut(term, tail)) {
        found.push({ term, meaning: plural ? singular(tail) : tail, expansion: true });
        return;
      }
    }
  };
  // "Long Name (ACR)" and "long name, ACR,"; "long names (ACRs)"
  for (const m of sentence.matchAll(new RegExp(String.raw`(${PHRASE})\s*(?:\((${ACRONYM})(s?)\)|,\s*(${ACRONYM})(s?)\b)`, 'g')))
    expand(m[2] ?? m[4] ?? '', m[1] ?? '', Boolean(m[3] || m[5]));
  // "ACR (Long Name)", "ACR, the Long Name", "ACR format (Long Name, BRC-74)"
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(${ACRONYM})\b(?:\s+\w+)?\s*(?:\(|,\s*the\s+)(${PHRASE})`, 'g'))) expand(m[1] ?? '', m[2] ?? '');
  // "HL7 FHIR (Fast Healthcare Interoperability Resources)": the second of two names.
  for (const m of sentence.matchAll(new RegExp(String.raw`\b${ACRONYM}\s+(${ACRONYM})\s*\((${PHRASE})`, 'g'))) expand(m[1] ?? '', m[2] ?? '');
  // "RFC stands for Request for Comments"
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(${ACRONYM})\s+stands\s+for\s+(${PHRASE})`, 'g'))) expand(m[1] ?? '', m[2] ?? '');
  // "ARC is the transaction processing service that ...", "HandCash is a consumer wallet": a name
  // (an acronym or a CamelCase product) at the start of a sentence, said to be a kind of thing.
  const is = new RegExp(
    String.raw`^(${ACRONYM}|[A-Z][a-z]+[A-Z][A-Za-z]+)\s+is\s+(?:the|an?)\s+((?:[\w'’-]+\s+){0,5}?[\w-]+?)(?=\s+(?:that|which|who|for|of|in|on|with|between|from|to|built|used|where)\b|[,.;:]|$)`,
  ).exec(sentence);
  if (is && KIND.test(is[2] ?? '')) found.push({ term: is[1] ?? '', meaning: is[2] ?? '', expansion: false });
  // "a transaction processor such as ARC", "transaction processors such as ARC"
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(?:(?:an?|the)\s+)?((?:[a-z-]+\s+){0,2}[a-z-]+?)s?\s+such as (${ACRONYM})\b(?![-\s]?\d)`, 'g')))
    if (KIND.test(m[1] ?? '')) found.push({ term: m[2] ?? '', meaning: m[1] ?? '', expansion: false });
  // What the book calls each BRC: "a topic manager (BRC-22)", "BEEF (BRC-62)", "key derivation
  // (BRC-42 and BRC-43)", "BRC-121 (Simple 402 Payments)", "BRC-105, the HTTP Service Monetization
  // Framework", "Atomic BEEF, BRC-95", "BRC-22 for topic managers".
  const brcName = (term: string, name: string) => {
    const clean = name.replace(/^(?:a|an|the|as|through|and|or|via|to|of|its|their|with|for)\s+/i, '').trim();
    if (clean && !/^(?:a|an|the|and|or)$/i.test(clean) && !/^BRC-\d+$/.test(clean)) found.push({ term, meaning: clean, expansion: false });
  };
  for (const m of sentence.matchAll(/(?:^|[\s,(])((?:[A-Za-z][\w-]*\s+){0,3}[A-Za-z][\w-]*)\s+\((BRC-\d+)((?:\s*(?:,|and|\/)\s*(?:BRC-)?\d+)*)\)/g)) {
    const numbers = [m[2] ?? '', ...[...(m[3] ?? '').matchAll(/\d+/g)].map((n) => `BRC-${n[0]}`)];
    // Four words only when they read as one name ("mutual authentication over HTTP").
    const words = (m[1] ?? '').split(/\s+/);
    const name = words.length > 3 && !/^(?:over|for|of)$/i.test(words[words.length - 2] ?? '') ? words.slice(-3).join(' ') : words.join(' ');
    for (const n of numbers) brcName(n, name.replace(/^(?:[a-z]+\s+)?(?=(?:a|an|the)\s)/, ''));
  }
  const TITLE = String.raw`[A-Z][\w-]*(?:\s+(?:[A-Z0-9][\w-]*|of|for|and|the|in|on|to))*\s+[A-Z0-9][\w-]*|[A-Z][\w-]*`;
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(BRC-\d+)\s+\((${TITLE})\)`, 'g'))) brcName(m[1] ?? '', m[2] ?? '');
  // "BRC-29 (a key derivation based on BRC-42 ...)"
  for (const m of sentence.matchAll(/\b(BRC-\d+)\s+\((?:an?|the)\s+([^()]{3,120})\)/g)) brcName(m[1] ?? '', complement(m[2] ?? '') ?? '');
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(BRC-\d+),\s+(?:the\s+)?(${TITLE})(?=\s*[,(.;])`, 'g'))) brcName(m[1] ?? '', m[2] ?? '');
  for (const m of sentence.matchAll(new RegExp(String.raw`(?:^|[(;]\s*)((?:[A-Z][\w-]*\s+)?[A-Z][\w-]*),\s+(BRC-\d+)\b(?!\s*(?:and|,))`, 'g')))
    brcName(m[2] ?? '', m[1] ?? '');
  for (const m of sentence.matchAll(/\b(BRC-\d+) for ((?:[a-z-]+\s+){0,2}[a-z-]+?)s?(?=\s*[,;.)]|\s+and\b)/g)) brcName(m[1] ?? '', m[2] ?? '');
  // A definition by "is a": "A private key is a 256-bit number", "An overlay is a set of
  // servers...", "Teranode is the BSV Association's rewrite of the node": a term of one to three
  // words opening the sentence, and what it is, when that is not a judgement ("a good first
  // product") or a pointer back ("the industrial version of that insight").
  const definition = /^(?:An?\s+((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)\s+is\s+an?|([A-Z][A-Za-z]+)\s+is\s+(?:an?|the))\s+(.+)$/.exec(sentence);
  if (definition) {
    const term = definition[1] ?? definition[2] ?? '';
    const words = term.split(/\s+/);
    const meaning = complement(definition[3] ?? '');
    const named = !definition[2] || isName(term);
    if (meaning && named && !words.some((w) => JUDGEMENT.test(w)) && !NOT_A_TERM.test(words.at(-1) ?? '')) found.push({ term, meaning, expansion: false });
  }
  return found.map((c) => ({ ...c, meaning: c.meaning.replace(/^(?:the|a|an)\s+/i, '').trim() })).filter((c) => c.term && c.meaning && c.term !== c.meaning);
}

/**
 * The glossary of the book's passages (in reading order): per term, the first sentence that spells
 * it out, or else the name the book gives it most often, with that sentence and its section.
 */
export function buildGlossary(passages: readonly Passage[]): GlossaryEntry[] {
  // Names are the capitalised words the book also writes capitalised inside a sentence (Teranode,
  // Branchline), not the ones capitalised only because they open one (Certification).
  const inner = new Set<string>();
  const lower = new Set<string>();
  const all: { sentence: string; passage: Passage }[] = [];
  for (const passage of passages)
    for (const sentence of sentences(passage.text)) {
      all.push({ sentence, passage });
      for (const m of sentence.slice(1).matchAll(/(?<=[\s(“"])([A-Z][a-z]+[A-Za-z]*)\b/g)) inner.add(m[1] ?? '');
      for (const m of sentence.matchAll(/\b[a-z][a-z]+\b/g)) lower.add(m[0]);
    }
  const isName = (word: string) =>
    inner.has(word) &&
    !lower.has(word.toLowerCase()) &&
    !/^(?:It|Its|This|That|These|Those|There|Here|What|Which|Who|Why|How|When|Each|Every|Any|Our|Your|Their|One|Both|All|Some|No|None)$/.test(word);
  const byTerm = new Map<string, { candidates: { c: Candidate; sentence: string; passage: Passage }[] }>();
  for (const { sentence, passage } of all) {
    for (const c of definitionsIn(sentence, isName)) {
      const entry = byTerm.get(c.term) ?? { candidates: [] };
      entry.candidates.push({ c, sentence, passage });
      byTerm.set(c.term, entry);
    }
  }
  // A section whose heading names a standard ("Topic managers (BRC-22)") is where the book explains
  // it: its first sentence that names the term, or what the book calls it, defines it.
  const headed = (term: string, meaning: string) => {
    const word = new RegExp(`(?:^|[\\s(:])${escapeRegExp(term)}(?=$|[\\s):,])`);
    const called = meaning.toLowerCase().replace(/s$/, '');
    return all.find((x) => word.test(x.passage.section) && (x.sentence.includes(term) || x.sentence.toLowerCase().includes(called)));
  };
  const entries: GlossaryEntry[] = [];
  for (const [term, { candidates }] of byTerm) {
    const spelled = candidates.find((x) => x.c.expansion);
    let chosen = spelled;
    if (!chosen) {
      // The name the book gives most often; a name of two words or more, or an acronym (BEEF for
      // BRC-62), says more than a bare plural ("wallets"); on a tie, the longer name.
      const score = new Map<string, number>();
      for (const x of candidates) {
        const key = x.c.meaning.toLowerCase();
        const weight = /^[A-Z][A-Z0-9-]+$/.test(x.c.meaning) || x.c.meaning.includes(' ') ? 2 : 1;
        score.set(key, (score.get(key) ?? 0) + weight);
      }
      const best = [...score].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)[0]?.[0];
      // Said where a heading names it ("Topic managers (BRC-22)") rather than in a list in passing.
      const named = candidates.filter((x) => x.c.meaning.toLowerCase() === best);
      const heading = (x: (typeof named)[number]) => `${x.passage.section} ${x.passage.parent}`.toLowerCase();
      const key = (best ?? '').replace(/s$/, '');
      chosen = named.find((x) => heading(x).includes(term.toLowerCase()) || (key.length > 3 && heading(x).includes(key))) ?? named[0];
    }
    if (!chosen) continue;
    // The sentence that says what the term does, when the book has one ("BRC-42 describes how two
    // parties...", "ARC is the transaction processing service..."), defines it better than a
    // sentence that only names it in passing.
    const opening = new RegExp(`^${escapeRegExp(term)}(?:\\s*\\([^)]*\\)|,[^,]{3,80},)?\\s+${DEFINING_VERB}\\b(?!\\s+not\\b)`);
    const own = chosen.c.expansion ? undefined : all.find((x) => opening.test(x.sentence));
    const { sentence, passage } = own ?? (/^BRC-\d+$/.test(term) ? headed(term, chosen.c.meaning) : undefined) ?? chosen;
    entries.push({
      term,
      meaning: chosen.c.meaning,
      expansion: chosen.c.expansion,
      sentence,
      chapterId: passage.chapterId,
      chapterTitle: passage.chapterTitle,
      section: passage.section,
      url: passageUrl(passage),
    });
  }
  return entries.sort((a, b) => a.term.localeCompare(b.term, 'en', { numeric: true }));
}

/** Verbs with which a sentence about a term says what it is or does. */
const DEFINING_VERB = '(?:is|are|specifies|describes|defines|organises|organizes|standardises|lets|gives|adds|extends|covers|carries|packages|proves)';

/**
 * The glossary entry a question asks about ("What does SPV stand for?", "what is brc-100", "What is
 * an identity key?"), if any: an acronym or name as a word of the question, or a term of words as a
 * phrase (a plural too); an acronym or a spelled-out term before a lowercase one, then the longest.
 */
export function termAskedAbout(question: string, glossary: readonly GlossaryEntry[]): GlossaryEntry | undefined {
  const words = new Set((question.match(/[A-Za-z0-9]+(?:-[0-9]+)?/g) ?? []).map((w) => w.toUpperCase()));
  const lower = ` ${question.toLowerCase().replace(/[^a-z0-9-]+/g, ' ')} `;
  const named = (g: GlossaryEntry) => /[A-Z]/.test(g.term);
  const phrase = (text: string) => {
    const t = text
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, ' ')
      .trim();
    return lower.includes(` ${t} `) || lower.includes(` ${t}s `) || (t.endsWith('s') && lower.includes(` ${t.slice(0, -1)} `));
  };
  const byTerm = glossary.filter((g) => (named(g) && !g.term.includes(' ') ? words.has(g.term.toUpperCase()) : phrase(g.term)));
  // A name of two words or more that the book gives a term ("Atomic BEEF" for BRC-95, "identity
  // certificates" for BRC-52) names it too, and says more than a word inside it (BEEF).
  const byName = glossary.filter((g) => g.meaning.includes(' ') && phrase(g.meaning));
  const name = [...byName].sort((a, b) => b.meaning.length - a.meaning.length)[0];
  const term = byTerm.sort((a, b) => Number(named(b)) - Number(named(a)) || b.term.length - a.term.length || Number(b.expansion) - Number(a.expansion))[0];
  if (name && (!term || (name.meaning.length > term.term.length && name.meaning.toLowerCase().includes(term.term.toLowerCase())))) return name;
  return term ?? (name?.expansion ? name : undefined);
}
