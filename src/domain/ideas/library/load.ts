import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { BookFacts } from './check.ts';
import { readFeeTable } from './economics.ts';
import { libraryIdeaSchema, type LibraryIdea } from './schema.ts';

/** A file of the library that does not parse or does not match the schema. */
export interface LibraryFileError {
  key: string;
  problems: string[];
}

/**
 * Reads every `content/ideas/<category>/<slug>.yaml` (or only those under `only`, folders or
 * files relative to the project): the ideas that parse, and the files that do not, with why.
 */
export async function loadLibrary(contentDir: string, only: string[] = []): Promise<{ ideas: LibraryIdea[]; errors: LibraryFileError[] }> {
  const root = path.join(contentDir, 'ideas');
  const categories = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  const files = (await Promise.all(categories.map(async (c) => (await readdir(path.join(root, c))).filter((f) => f.endsWith('.yaml')).map((f) => `${c}/${f}`))))
    .flat()
    .sort();
  const wanted = only.map((o) => path.relative(root, path.resolve(o)));
  const chosen = wanted.length === 0 ? files : files.filter((f) => wanted.some((w) => w === '' || f === w || f.startsWith(`${w}/`)));
  const ideas: LibraryIdea[] = [];
  const errors: LibraryFileError[] = [];
  for (const file of chosen) {
    const key = file.replace(/\.yaml$/, '');
    let data: unknown;
    try {
      data = parseYaml(await readFile(path.join(root, file), 'utf8'));
    } catch (error) {
      errors.push({ key, problems: [`YAML: ${(error as Error).message}`] });
      continue;
    }
    const parsed = libraryIdeaSchema.safeParse(data);
    if (parsed.success) ideas.push({ ...parsed.data, key });
    else errors.push({ key, problems: z.prettifyError(parsed.error).split('\n') });
  }
  return { ideas, errors };
}

/** The text of a Markdown heading as rehype-slug sees it (code ticks, links and emphasis dropped). */
function headingText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();
}

/** The fee table of chapter 3 and every chapter's heading anchors (as the reader's pages have them). */
export async function readBookFacts(contentDir: string): Promise<BookFacts> {
  const dir = path.join(contentDir, 'chapters');
  const files = (await readdir(dir)).filter((f) => /^chapter-\d\d\.md$/.test(f));
  const anchors = new Map<string, Set<string>>();
  let chapter3 = '';
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (file === 'chapter-03.md') chapter3 = text;
    const slugger = new GithubSlugger();
    const body = text.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/```[\s\S]*?```/g, '');
    anchors.set(file.replace(/\.md$/, ''), new Set([...body.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => slugger.slug(headingText(m[1] ?? '')))));
  }
  return { feeTable: readFeeTable(chapter3), anchors };
}
