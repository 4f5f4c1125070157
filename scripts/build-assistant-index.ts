/**
 * Build step: splits the book into sections and writes the assistant's search index
 * (generated/assistant-index.json), which the `ask` function ships with (netlify.toml
 * `included_files`). See docs/decisions/015-book-assistant.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSISTANT_INDEX_FILE } from '../netlify/functions/_shared/assistant.ts';
import { buildIndexFile } from '../src/domain/assistant/search.ts';
import { loadBook } from '../src/domain/book/load.ts';

const started = performance.now();
const file = buildIndexFile(await loadBook());
const target = path.resolve(ASSISTANT_INDEX_FILE);
await mkdir(path.dirname(target), { recursive: true });
const json = JSON.stringify(file);
await writeFile(target, json);
console.log(
  `assistant: ${file.passages.length} passages indexed into ${ASSISTANT_INDEX_FILE} (${(json.length / 1024).toFixed(0)} KB) in ${Math.round(performance.now() - started)} ms`,
);
