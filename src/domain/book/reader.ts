/**
 * Pure helpers of the book reader: the chapter index, the progress line and the neighbours of a
 * chapter. Shared by the reader pages and the static API (both at build time).
 */

/** A chapter index entry (docs/spec.md section 3), as the static API serves it and the reader pages list it. */
export interface ChapterIndexEntry {
  /** chapter-00 .. chapter-21. */
  id: string;
  /** "Introduction", then "Chapter 1" .. "Chapter 21". */
  title: string;
  /** "Short name – longer line" (an en dash). */
  subtitle: string;
  markdownFile: string;
  resourcesFile: string;
  codeExamplesFile?: string;
}

/** The short name of a subtitle: the part before the first dash (hyphen, en or em dash). */
export function shortSubtitle(subtitle: string): string {
  return (subtitle.split(/\s*[-–—]\s*/)[0] ?? subtitle).trim();
}

/** The reader's progress line: the 1-based position of the current chapter, "n of total". */
export function progressText(index: number, total: number): string {
  if (total <= 0) return '0 of 0';
  const position = Math.min(Math.max(index, 0), total - 1) + 1;
  return `${position} of ${total}`;
}

/** Width of the progress bar in percent (0..100), whole numbers. */
export function progressPercent(index: number, total: number): number {
  if (total <= 0) return 0;
  const position = Math.min(Math.max(index, 0), total - 1) + 1;
  return Math.round((position / total) * 100);
}

/** The chapters before and after `id` in reading order (undefined at the ends). */
export function neighbours<T extends { id: string }>(chapters: readonly T[], id: string): { previous?: T; next?: T } {
  const i = chapters.findIndex((c) => c.id === id);
  if (i < 0) return {};
  const previous = chapters[i - 1];
  const next = chapters[i + 1];
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

/** The reader's path of a chapter. */
export function chapterPath(id: string): string {
  return `/book/${id}`;
}
