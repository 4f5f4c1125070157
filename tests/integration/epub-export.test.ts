import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBook, type Book } from '../../src/domain/book/load.ts';
import { buildEpub, type BuiltEpub } from '../../src/domain/epub/build.ts';

/**
 * Builds the EPUB from the real book with each combination of the two options, runs EPUBCheck on
 * every file (any fatal, error or warning fails), then opens the archive and checks its structure.
 */
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';
const run = promisify(execFile);

interface Case {
  includeCodeExamples: boolean;
  includeResources: boolean;
}
const cases: Case[] = [
  { includeCodeExamples: true, includeResources: true },
  { includeCodeExamples: true, includeResources: false },
  { includeCodeExamples: false, includeResources: true },
  { includeCodeExamples: false, includeResources: false },
];
const label = (c: Case) => `code examples ${c.includeCodeExamples ? 'on' : 'off'}, resources ${c.includeResources ? 'on' : 'off'}`;

interface Result {
  built: BuiltEpub;
  ms: number;
  zip: JSZip;
  check: { code: number; output: string };
}

let book: Book;
let chapterFiles: string[];
let dir: string;
const results = new Map<Case, Result>();

async function epubcheck(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('java', ['-jar', EPUBCHECK_JAR, file], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

const text = async (zip: JSZip, name: string): Promise<string> => {
  const file = zip.file(name);
  if (!file) throw new Error(`${name} is missing from the EPUB`);
  return file.async('string');
};

beforeAll(async () => {
  book = await loadBook();
  chapterFiles = (await readdir(path.resolve('content/chapters'))).filter((f) => /^chapter-\d\d\.md$/.test(f)).sort();
  dir = await mkdtemp(path.join(tmpdir(), 'epub-export-'));
  const settings = { title: `The ${book.config.title}`, author: book.config.author };
  // Build one after another (timings stay meaningful), then check all files in parallel.
  for (const [i, c] of cases.entries()) {
    const started = performance.now();
    const built = await buildEpub(
      book,
      { ...settings, includeCodeExamples: c.includeCodeExamples, includeResources: c.includeResources },
      { siteUrl: 'https://example.test' },
    );
    const ms = performance.now() - started;
    await writeFile(path.join(dir, `book-${i}.epub`), built.bytes);
    results.set(c, { built, ms, zip: await JSZip.loadAsync(built.bytes), check: { code: -1, output: '' } });
  }
  await Promise.all(
    cases.map(async (c, i) => {
      (results.get(c) as Result).check = await epubcheck(path.join(dir, `book-${i}.epub`));
    }),
  );
  for (const c of cases) {
    const r = results.get(c) as Result;
    const summary = /Messages:.*/.exec(r.check.output)?.[0] ?? r.check.output.trim().split('\n').at(-1);
    console.log(`EPUB (${label(c)}): ${r.ms.toFixed(0)} ms, ${r.built.bytes.byteLength} bytes, EPUBCheck: ${summary}`);
  }
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(cases)('EPUB export with $includeCodeExamples code examples, $includeResources resources', (c) => {
  const get = () => results.get(c) as Result;

  it('passes EPUBCheck with 0 fatals, 0 errors and 0 warnings', () => {
    const { check } = get();
    expect(check.output).toMatch(/Messages: 0 fatals \/ 0 errors \/ 0 warnings/);
    expect(check.output).not.toMatch(/^(WARNING|ERROR|FATAL)/m);
    expect(check.code).toBe(0);
  });

  it('contains every chapter, in reading order, in the spine and in a nested table of contents', async () => {
    const { built, zip } = get();
    expect(built.chaptersCount).toBe(chapterFiles.length);
    const expected = chapterFiles.map((f) => f.replace(/\.md$/, '.xhtml'));
    for (const f of expected) expect(zip.file(`OEBPS/${f}`), f).not.toBeNull();

    const opf = await text(zip, 'OEBPS/content.opf');
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1]);
    expect(spine).toEqual(['cover', 'nav', ...expected.map((f) => f.replace('.xhtml', ''))]);

    const nav = await text(zip, 'OEBPS/toc.xhtml');
    const topLevel = [...nav.matchAll(/<a href="(chapter-\d\d\.xhtml)">/g)].map((m) => m[1]);
    expect(topLevel).toEqual(expected);
    expect(nav).toContain('epub:type="toc"');
    // Chapter headings are nested under their chapter: <li><a chapter> <ol><li><a chapter#heading>.
    expect(nav).toMatch(/<li><a href="chapter-01\.xhtml">Chapter 1: [^<]+<\/a>\s*<ol>\s*<li><a href="chapter-01\.xhtml#[a-z0-9-]+">/);
    const firstChapterTitle = book.chapters[0]?.title ?? '';
    expect(nav).toContain(`>${firstChapterTitle}: `);
  });

  it('carries the package and accessibility metadata', async () => {
    const opf = await text(get().zip, 'OEBPS/content.opf');
    expect(opf).toContain('<package xmlns="http://www.idpf.org/2007/opf" version="3.0"');
    expect(opf).toMatch(/<dc:identifier id="BookId">urn:uuid:[0-9a-f-]{36}<\/dc:identifier>/);
    expect(opf).toContain(`<dc:title>The ${book.config.title}</dc:title>`);
    expect(opf).toContain(`<dc:language>${book.config.language}</dc:language>`);
    expect(opf).toContain(`<dc:creator id="creator">${book.config.author}</dc:creator>`);
    expect(opf).toMatch(/<dc:date>\d{4}-\d{2}-\d{2}<\/dc:date>/);
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/meta>/);
    for (const property of ['accessMode', 'accessModeSufficient', 'accessibilityFeature', 'accessibilityHazard', 'accessibilitySummary']) {
      expect(opf).toMatch(new RegExp(`<meta property="schema:${property}">[^<]+</meta>`));
    }
    expect(opf).toMatch(/properties="cover-image"/);
  });

  it('has a generated cover with text alternatives and no remote resources', async () => {
    const { zip } = get();
    const cover = await text(zip, 'OEBPS/cover.svg');
    expect(cover).toContain(`<title>The ${book.config.title}, by ${book.config.author}</title>`);
    expect(cover).not.toMatch(/href=|url\(/);
    expect(await text(zip, 'OEBPS/cover.xhtml')).toContain(`alt="Cover of The ${book.config.title} by ${book.config.author}"`);

    const opf = await text(zip, 'OEBPS/content.opf');
    expect(opf).not.toMatch(/href="https?:/);
    for (const name of Object.keys(zip.files).filter((n) => n.endsWith('.xhtml'))) {
      const xhtml = await text(zip, name);
      expect(xhtml, name).not.toMatch(/\ssrc="https?:/);
      expect(xhtml, name).not.toMatch(/<script|<svg/);
    }
  });

  it(`includes code examples only when asked (${c.includeCodeExamples ? 'on' : 'off'})`, async () => {
    const { zip } = get();
    for (const chapter of book.chapters) {
      const xhtml = await text(zip, `OEBPS/${chapter.id}.xhtml`);
      const sections = xhtml.match(/<section class="code-example" /g)?.length ?? 0;
      expect(sections, chapter.id).toBe(c.includeCodeExamples ? chapter.codeExamples.length : 0);
      if (c.includeCodeExamples && chapter.codeExamples.length > 0) {
        expect(xhtml).toMatch(/<pre><code class="language-[a-z0-9-]+">/);
        const first = chapter.codeExamples[0];
        expect(xhtml).toContain(first?.fileName ?? '');
      }
    }
    expect(book.chapters.some((ch) => ch.codeExamples.length > 0)).toBe(true);
  });

  it(`includes resources as link lists only when asked (${c.includeResources ? 'on' : 'off'})`, async () => {
    const { zip } = get();
    for (const chapter of book.chapters) {
      const xhtml = await text(zip, `OEBPS/${chapter.id}.xhtml`);
      const section = /<section class="resources" id="epub-resources">([\s\S]*?)<\/section>/.exec(xhtml)?.[1];
      if (c.includeResources && chapter.resources.length > 0) {
        expect(section, chapter.id).toBeDefined();
        expect(section?.match(/<li><a href="https:/g)?.length).toBe(chapter.resources.length);
      } else {
        expect(section, chapter.id).toBeUndefined();
      }
    }
  });
});

it('builds the whole book within the time budget', () => {
  // Target 3 s on a quiet machine (about 1.3 s measured); the bound leaves room for a busy shared
  // runner and still fails on a regression such as Shiki highlighting (35 s and more when cold).
  for (const r of results.values()) expect(r.ms).toBeLessThan(30_000);
});
