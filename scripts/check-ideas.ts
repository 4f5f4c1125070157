/**
 * Checks the offline idea library (content/ideas/README.md): every file's schema, numbers and
 * prose, and the coverage of the categories checked. `npm run check:ideas -- content/ideas/fintech`
 * checks one category; without arguments, the whole library. Exits 1 when anything is wrong.
 */
import path from 'node:path';
import { checkIdea, checkLibrary } from '../src/domain/ideas/library/check.ts';
import { loadLibrary, readBookFacts } from '../src/domain/ideas/library/load.ts';

const content = path.resolve('content');
const only = process.argv.slice(2);
const [{ ideas, errors }, book] = await Promise.all([loadLibrary(content, only), readBookFacts(content)]);
const all = only.length === 0 ? { ideas } : await loadLibrary(content);
let failed = 0;
for (const e of errors) {
  failed += 1;
  console.log(`\n${e.key}\n  ${e.problems.join('\n  ')}`);
}
for (const idea of ideas) {
  const problems = checkIdea(idea, book);
  if (problems.length === 0) continue;
  failed += 1;
  console.log(`\n${idea.key}\n  ${problems.join('\n  ')}`);
}
const categories = [...new Set(ideas.map((i) => i.fits.category))];
const library = checkLibrary(all.ideas, only.length === 0 ? {} : { categories });
if (library.length > 0) console.log(`\nThe library\n  ${library.join('\n  ')}`);
console.log(`\n${ideas.length + errors.length} files checked, ${failed} with problems; ${library.length} library problems.`);
process.exitCode = failed > 0 || library.length > 0 ? 1 : 0;
