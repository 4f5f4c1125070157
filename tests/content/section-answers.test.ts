import { describe, expect, it } from 'vitest';
import { splitChapter } from '../../src/domain/assistant/sections.ts';
import { loadBook } from '../../src/domain/book/load.ts';

/**
 * Every section of the book carries the answer it gives (content/index-terms, `answer`), written by
 * a person who read it: 1-3 sentences, and every number and named term in it is in the section.
 */
const book = await loadBook();
const entries = book.chapters.flatMap((chapter) => {
  const passages = splitChapter(chapter);
  return (chapter.indexTerms ?? []).map((entry, i) => ({ chapter: chapter.id, entry, text: `${passages[i]?.section ?? ''}\n${passages[i]?.text ?? ''}\n${passages[i]?.code ?? ''}` }));
});

/** Numbers as written, commas dropped ("1,000" is 1000), years and all. */
const numbersOf = (text: string) => [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,(?=\d{3})/g, '').replace(/[.,]$/, ''));
/** Named terms: acronyms and standards (SPV, BEEF, BRC-22), code in backticks, and CamelCase names. */
const termsOf = (text: string) =>
  [...text.matchAll(/`([^`]+)`|\b([A-Z]{2,}[A-Za-z0-9]*(?:-\d+)?)\b|\b([A-Z][a-z]+[A-Z][A-Za-z]+)\b/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

describe("the sections' written answers (content/index-terms)", () => {
  it('every section has one, in one to three sentences', () => {
    const missing = entries.filter((e) => !e.entry.answer).map((e) => `${e.chapter} ${e.entry.slug}`);
    expect(missing, 'sections without an answer').toEqual([]);
    for (const { chapter, entry } of entries) {
      const sentences = (entry.answer ?? '').split(/(?<=[.!?])\s+(?=[A-Z0-9"'])/).filter(Boolean);
      expect(sentences.length, `${chapter} ${entry.slug}: 1 to 3 sentences`).toBeLessThanOrEqual(3);
      expect(entry.answer, `${chapter} ${entry.slug}: ends a sentence`).toMatch(/[.!?]["')]?$/);
    }
  });

  it('states only numbers and named terms the section itself has', () => {
    const problems: string[] = [];
    for (const { chapter, entry, text } of entries) {
      const answer = entry.answer ?? '';
      const haystack = text.replace(/,(?=\d{3})/g, '');
      const lower = text.toLowerCase();
      for (const n of numbersOf(answer)) if (!new RegExp(`(?<![\\d.])${n.replace('.', '\\.')}(?![\\d])`).test(haystack)) problems.push(`${chapter} ${entry.slug}: ${n} is not in the section`);
      for (const t of termsOf(answer)) if (!lower.includes(t.toLowerCase())) problems.push(`${chapter} ${entry.slug}: "${t}" is not in the section`);
    }
    expect(problems).toEqual([]);
  });
});
