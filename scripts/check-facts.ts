/**
 * `node scripts/check-facts.ts chapter-05`: checks one chapter's written section answers and facts
 * (content/index-terms) as the content test does, and counts them per section.
 */
import { loadBook } from '../src/domain/book/load.ts';
import { answerProblems, factProblems, sectionEntries } from '../tests/support/section-facts.ts';

const chapterId = process.argv[2];
const entries = sectionEntries(await loadBook(), chapterId);
if (entries.length === 0) throw new Error(`no sections for ${chapterId ?? 'the book'}`);
const problems = [...answerProblems(entries), ...factProblems(entries)];
for (const e of entries) console.log(`${String(e.entry.facts?.length ?? 0).padStart(2)} facts  ${e.chapter} ${e.entry.slug || '(opening)'}`);
console.log(problems.length === 0 ? 'no problems' : problems.join('\n'));
process.exitCode = problems.length === 0 ? 0 : 1;
