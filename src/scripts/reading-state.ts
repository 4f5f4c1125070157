/**
 * What the visitor has read, kept in localStorage only: the last chapter opened (/book and the
 * landing page resume there), every chapter read to its end (marked as read in the chapter list)
 * and the reading position inside the last chapter.
 * The inline resume script of /book (ReaderLayout.astro) reads LAST_CHAPTER_KEY too.
 */
export const LAST_CHAPTER_KEY = 'book:lastChapter';
const READ_CHAPTERS_KEY = 'book:readChapters';
const POSITION_KEY = 'book:position';

/** Where the reader was: the chapter, the section heading above the top of the window and how far past it. */
export interface ReadingPosition {
  id: string;
  /** The chapter's display title ("Chapter 6"), for the landing page's "Continue Chapter 6". */
  title: string;
  /** Id of the last heading scrolled past ('' before the first one). */
  anchor: string;
  /** CSS pixels scrolled past that heading (or past the top of the text). */
  offset: number;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: nothing is remembered
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // quota or blocked storage: the reader still works, it just will not resume
  }
}

function readChapters(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(READ_CHAPTERS_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Records that `id` was opened: it becomes the resume point. Returns the chapters read so far. */
export function recordVisit(id: string): Set<string> {
  write(LAST_CHAPTER_KEY, id);
  return readChapters();
}

/** Marks `id` as read (its end was reached). Returns the chapters read so far. */
export function recordRead(id: string): Set<string> {
  const read = readChapters();
  read.add(id);
  write(READ_CHAPTERS_KEY, JSON.stringify([...read].sort()));
  return read;
}

/** The saved position, if any and well formed. */
export function readPosition(): ReadingPosition | undefined {
  try {
    const p = JSON.parse(storage()?.getItem(POSITION_KEY) ?? 'null') as Partial<ReadingPosition> | null;
    if (
      p &&
      typeof p.id === 'string' &&
      /^chapter-\d\d$/.test(p.id) &&
      typeof p.title === 'string' &&
      typeof p.anchor === 'string' &&
      typeof p.offset === 'number' &&
      Number.isFinite(p.offset)
    ) {
      return { id: p.id, title: p.title, anchor: p.anchor, offset: Math.max(0, p.offset) };
    }
  } catch {
    // unreadable: start from the top
  }
  return undefined;
}

export function savePosition(position: ReadingPosition): void {
  write(POSITION_KEY, JSON.stringify(position));
}
