import { z } from 'zod';
import type { GlossaryFile } from '../book/schema.ts';
import { passageUrl, type Passage } from './schema.ts';

/** A term of the book's glossary (content/glossary.json) placed in the reader: the /glossary page and "what is X" answers. */
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

/** The glossary entries placed in the reader, sorted; throws when an entry's sentence is not in its section word for word. */
export function resolveGlossary(entries: GlossaryFile, passages: readonly Passage[]): GlossaryEntry[] {
  const resolved = entries.map((e) => {
    const passage = passages.find((p) => p.chapterId === e.chapter && p.slug === e.section);
    if (!passage) throw new Error(`content/glossary.json: ${e.term}: no section "${e.section}" in ${e.chapter}`);
    if (!passage.text.includes(e.sentence))
      throw new Error(`content/glossary.json: ${e.term}: the sentence is not in ${e.chapter}#${e.section} ("${e.sentence.slice(0, 60)}...")`);
    return {
      term: e.term,
      meaning: e.meaning,
      expansion: e.expansion ?? false,
      sentence: e.sentence,
      chapterId: passage.chapterId,
      chapterTitle: passage.chapterTitle,
      section: passage.section,
      url: passageUrl(passage),
    };
  });
  return resolved.sort((a, b) => a.term.localeCompare(b.term, 'en', { numeric: true }));
}

/**
 * The glossary entry a question names ("What does SPV stand for?", "What is an identity key?"): an
 * acronym or name as a word, a term of words as a phrase (a plural too); a name first, then the longest.
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
  // A name of two words or more ("Atomic BEEF" for BRC-95) names its term too, and says more than a word inside it (BEEF).
  const byName = glossary.filter((g) => g.meaning.includes(' ') && phrase(g.meaning));
  const name = [...byName].sort((a, b) => b.meaning.length - a.meaning.length)[0];
  const term = byTerm.sort((a, b) => Number(named(b)) - Number(named(a)) || b.term.length - a.term.length || Number(b.expansion) - Number(a.expansion))[0];
  if (name && (!term || (name.meaning.length > term.term.length && name.meaning.toLowerCase().includes(term.term.toLowerCase())))) return name;
  return term ?? (name?.expansion ? name : undefined);
}
