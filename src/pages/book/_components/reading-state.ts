/**
 * What the visitor has read, kept in localStorage: the last chapter opened (the reader resumes
 * there) and every chapter opened so far (marked as read in the chapter list).
 * The inline resume script of /book (ReaderLayout.astro) reads LAST_CHAPTER_KEY too.
 */
export const LAST_CHAPTER_KEY = 'book:lastChapter';
export const READ_CHAPTERS_KEY = 'book:readChapters';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: nothing is remembered
  }
}

export function readChapters(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(READ_CHAPTERS_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Records that `id` was opened: it becomes the resume point and is marked as read. */
export function recordVisit(id: string): Set<string> {
  const read = readChapters();
  read.add(id);
  try {
    storage()?.setItem(LAST_CHAPTER_KEY, id);
    storage()?.setItem(READ_CHAPTERS_KEY, JSON.stringify([...read].sort()));
  } catch {
    // quota or blocked storage: the reader still works, it just will not resume
  }
  return read;
}
