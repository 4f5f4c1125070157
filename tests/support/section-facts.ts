import { splitChapter } from '../../src/domain/assistant/sections.ts';
import type { Book } from '../../src/domain/book/load.ts';
import type { IndexTerms } from '../../src/domain/book/schema.ts';

/**
 * Checks of the sections' written answers and facts (content/index-terms): every number and named
 * term they state is in the section, an answer has 1-3 sentences and a fact 1-2, a fact's question
 * is a question no other fact of the chapter asks. Shared by the content test and `check-facts`.
 */
export interface SectionEntry {
  chapter: string;
  entry: IndexTerms[number];
  text: string;
}

export function sectionEntries(book: Book, chapterId?: string): SectionEntry[] {
  return book.chapters
    .filter((chapter) => chapterId === undefined || chapter.id === chapterId)
    .flatMap((chapter) => {
      const passages = splitChapter(chapter);
      return (chapter.indexTerms ?? []).map((entry, i) => ({
        chapter: chapter.id,
        entry,
        text: `${passages[i]?.section ?? ''}\n${passages[i]?.text ?? ''}\n${passages[i]?.code ?? ''}`,
      }));
    });
}

/** Numbers as written, commas dropped ("1,000" is 1000), years and versions ("2.1.0") and all. */
const numbersOf = (text: string) => [...text.matchAll(/\d[\d,]*(?:\.\d+)*/g)].map((m) => m[0].replace(/,(?=\d{3})/g, '').replace(/[.,]$/, ''));
/** Named terms: acronyms and standards (SPV, BEEF, BRC-22), code in backticks, and CamelCase names. */
const termsOf = (text: string) =>
  [...text.matchAll(/`([^`]+)`|\b([A-Z]{2,}[A-Za-z0-9]*(?:-\d+)?)\b|\b([A-Z][a-z]+[A-Z][A-Za-z]+)\b/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
export const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z0-9"'`])/).filter(Boolean);

/** What the written text states that its section does not: numbers and named terms. */
export function unsupported(written: string, section: string): string[] {
  const haystack = section.replace(/,(?=\d{3})/g, '');
  const lower = section.toLowerCase();
  return [
    ...numbersOf(written)
      .filter((n) => !new RegExp(`(?<!\\d|\\d\\.)${n.replaceAll('.', '\\.')}(?![\\d])`).test(haystack))
      .map((n) => `${n} is not in the section`),
    ...termsOf(written)
      .filter((t) => !lower.includes(t.toLowerCase()))
      .map((t) => `"${t}" is not in the section`),
  ];
}

/** Every problem with the sections' written answers: missing, over three sentences, not ending a sentence. */
export function answerProblems(entries: readonly SectionEntry[]): string[] {
  return entries.flatMap(({ chapter, entry }) => {
    const where = `${chapter} ${entry.slug || '(opening)'} answer`;
    if (!entry.answer) return [`${where}: missing`];
    const n = sentencesOf(entry.answer).length;
    return [...(n > 3 ? [`${where}: ${n} sentences (at most 3)`] : []), ...(/[.!?]["')]?$/.test(entry.answer) ? [] : [`${where}: does not end a sentence`])];
  });
}

/** Every problem with the written facts of the entries (an empty list when they hold). */
export function factProblems(entries: readonly SectionEntry[]): string[] {
  const problems: string[] = [];
  const asked = new Map<string, string>();
  for (const { chapter, entry, text } of entries) {
    const where = `${chapter} ${entry.slug || '(opening)'}`;
    for (const [i, fact] of (entry.facts ?? []).entries()) {
      const at = `${where} fact ${i + 1}`;
      if (!/\?$/.test(fact.question)) problems.push(`${at}: the question does not end with "?"`);
      const n = sentencesOf(fact.answer).length;
      if (n > 2) problems.push(`${at}: ${n} sentences (at most 2)`);
      if (!/[.!?]["')]?$/.test(fact.answer)) problems.push(`${at}: the answer does not end a sentence`);
      if (/^(It|This|That|They|These|Those|He|She)\b/.test(fact.answer))
        problems.push(`${at}: the answer opens by pointing back ("${fact.answer.split(' ')[0]}")`);
      for (const p of unsupported(fact.answer, text)) problems.push(`${at}: ${p}`);
      const key = `${chapter} ${fact.question.toLowerCase().replace(/[^a-z0-9 ]/g, '')}`;
      const before = asked.get(key);
      if (before) problems.push(`${at}: the same question as ${before}`);
      asked.set(key, at);
      if (entry.answer && fact.answer === entry.answer) problems.push(`${at}: repeats the section's answer`);
    }
  }
  return problems;
}
