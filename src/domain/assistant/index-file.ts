import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Book } from '../book/load.ts';
import { BookIndex, buildIndexFile } from './search.ts';

/** Where the build writes the assistant's index (relative to the project root, as on Netlify). */
export const ASSISTANT_INDEX_FILE = path.join('generated', 'assistant-index.json');

/**
 * Loads the index the build wrote. Without it (tests, `npm run dev` before a build) or with one
 * of an older format, `fallback` builds it from the book in-process when given; otherwise the
 * error is thrown (a deployed function must ship its index).
 */
export async function loadBookIndex(file: string = ASSISTANT_INDEX_FILE, fallback?: () => Promise<Book>): Promise<BookIndex> {
  try {
    return BookIndex.fromJson(await readFile(path.resolve(file), 'utf8'));
  } catch (error) {
    if (!fallback) throw error;
    return new BookIndex(buildIndexFile(await fallback()));
  }
}
