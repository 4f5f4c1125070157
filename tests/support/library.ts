import path from 'node:path';
import { LibraryEngine } from '../../src/domain/ideas/library/engine.ts';
import { loadLibrary } from '../../src/domain/ideas/library/load.ts';
import type { LibraryIdea } from '../../src/domain/ideas/library/schema.ts';

let loaded: Promise<LibraryIdea[]> | undefined;

/** The offline library of content/ideas, loaded once per test file (its files must all parse). */
export function realLibrary(): Promise<LibraryIdea[]> {
  loaded ??= loadLibrary(path.resolve('content')).then(({ ideas, errors }) => {
    if (errors.length > 0) throw new Error(`content/ideas: ${errors.map((e) => `${e.key}: ${e.problems.join('; ')}`).join('\n')}`);
    return ideas;
  });
  return loaded;
}

/** The offline engine over the real library. */
export function libraryEngine(): LibraryEngine {
  return new LibraryEngine(realLibrary);
}

/** The sentence the offline answer's notice starts its explanation with. */
export const LIBRARY_NOTICE = 'so this idea comes from the offline library: ideas written whole by people from the book.';
