/**
 * `npm run assistant:baseline`: records the offline assistant's outcome on every dev-split question
 * (tests/support/assistant-splits.ts) in tests/support/assistant-dev-baseline.json, which `npm test`
 * gates against (tests/content/assistant-dev-gate.test.ts). Run it when a change is kept by the
 * sealed split (decision 023) and commit the file with the change.
 */
import { writeFile } from 'node:fs/promises';
import { BookIndex, buildIndexFile } from '../src/domain/assistant/search.ts';
import { loadBook } from '../src/domain/book/load.ts';
import { outcomes, splits } from '../tests/support/assistant-splits.ts';

const book = await loadBook();
const search = new BookIndex(buildIndexFile(book));
const { dev } = splits(book.chapters.find((c) => c.id === 'chapter-03')?.markdown ?? '');
const results = await outcomes(dev, search);
const baseline = Object.fromEntries(dev.map((q, i) => [q.question, results[i] ?? '00']));
await writeFile('tests/support/assistant-dev-baseline.json', `${JSON.stringify(baseline, null, 2)}\n`);
const count = (k: 0 | 1) => results.filter((r) => r[k] === '1').length;
console.log(`assistant baseline: ${dev.length} dev questions, first citation ${count(0)}, fact in the opening ${count(1)}`);
