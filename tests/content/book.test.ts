import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBook, loadChapter, shortSubtitle } from '../../src/domain/book/load.ts';
import { countProseWords } from '../../src/domain/book/render.ts';

const CONTENT = path.resolve('content');
const ALL_IDS = Array.from({ length: 22 }, (_, i) => `chapter-${String(i).padStart(2, '0')}`);
// docs/spec.md named 5, 6, 8, 14 and 20; runnable examples came later for 7, 9-13 and 15-19.
const WITH_EXAMPLES = ['chapter-05', 'chapter-06', 'chapter-07', 'chapter-08', 'chapter-09', 'chapter-10', 'chapter-11', 'chapter-12', 'chapter-13', 'chapter-14', 'chapter-15', 'chapter-16', 'chapter-17', 'chapter-18', 'chapter-19', 'chapter-20'];
const PLACEHOLDER = /\b(TODO|TBD|FIXME|lorem ipsum|placeholder|coming soon)\b|\[insert|xxx/i;

const chapterFiles = (await readdir(path.join(CONTENT, 'chapters'))).filter((f) => f.endsWith('.md')).sort();

describe('the book as a whole', () => {
  it('has exactly the 22 chapters chapter-00 .. chapter-21, none missing, none extra', () => {
    expect(chapterFiles).toEqual(ALL_IDS.map((id) => `${id}.md`));
  });

  it('loads in reading order 0..21 with unique ids', async () => {
    const book = await loadBook(CONTENT);
    expect(book.chapters.map((c) => c.order)).toEqual(book.chapters.map((_, i) => i));
    expect(new Set(book.chapters.map((c) => c.id)).size).toBe(book.chapters.length);
  });

  it('has code-example files exactly for the chapters listed in WITH_EXAMPLES', async () => {
    const files = (await readdir(path.join(CONTENT, 'code-examples'))).sort();
    expect(files).toEqual(WITH_EXAMPLES.map((id) => `${id}.json`));
  });

  it('keeps the site manual on the help page, linked once from the Introduction', async () => {
    const intro = await loadChapter(CONTENT, 'chapter-00.md');
    expect(intro.markdown.match(/\]\(\/help\)/g) ?? []).toHaveLength(1);
    expect(intro.markdown).not.toMatch(/^## (Using the book reader|The Business Idea Generator|Saving, browsing and sharing ideas|The EPUB edition)$/m);
    const help = await readFile(path.resolve('src/pages/help.astro'), 'utf8');
    for (const id of ['reader', 'generator', 'ideas', 'epub']) expect(help).toContain(`<h2 id="${id}">`);
  });

  it('links mostly distinct resources, with every BRC linked one way', async () => {
    const book = await loadBook(CONTENT);
    const urls = book.chapters.flatMap((c) => c.resources.map((r) => r.url));
    expect(new Set(urls).size / urls.length, 'share of distinct resource links').toBeGreaterThanOrEqual(0.7);
    // A link to one BRC document (the repository's front page is fine as it is).
    const brcLinks = urls.filter((u) => /brc\.dev\/.|bitcoin-sv\/BRCs\/(blob|tree)\//i.test(u));
    const oneWay = /^https:\/\/github\.com\/bitcoin-sv\/BRCs\/blob\/master\/[a-z-]+\/\d{4}\.md$/;
    expect(brcLinks.filter((u) => !oneWay.test(u)), 'BRC links not in the one canonical form').toEqual([]);
  });

  it('never repeats a run of 40 words in two places', async () => {
    const seen = new Map<string, string>();
    const repeats: string[] = [];
    for (const file of chapterFiles) {
      const { markdown } = await loadChapter(CONTENT, file);
      const words = markdown
        .replace(/^```[\s\S]*?^```/gm, ' ')
        .toLowerCase()
        .split(/\s+/)
        .map((w) => w.replace(/[^a-z0-9]/g, ''))
        .filter(Boolean);
      const own = new Set<string>();
      for (let i = 0; i + 40 <= words.length; i += 1) {
        const run = words.slice(i, i + 40).join(' ');
        if (own.has(run)) continue;
        own.add(run);
        const other = seen.get(run);
        if (other && other !== file) repeats.push(`${file} repeats ${other}: "${run.slice(0, 80)}..."`);
        else seen.set(run, file);
      }
    }
    expect(repeats.slice(0, 5)).toEqual([]);
  });
});

describe.each(chapterFiles)('%s', (file) => {
  it('matches its schemas and reads as a complete chapter', async () => {
    const chapter = await loadChapter(CONTENT, file);
    const words = countProseWords(chapter.markdown);
    expect(words, 'words of prose').toBeGreaterThanOrEqual(2500);
    expect(chapter.markdown).not.toMatch(/^# /m);
    const h2 = chapter.markdown.match(/^## .+/gm) ?? [];
    expect(h2.length, 'h2 sections').toBeGreaterThanOrEqual(4);
    // Summary last, or Summary then the Exercises (chapters 1-21).
    expect(h2.at(-1) === '## Exercises' ? h2.at(-2) : h2.at(-1)).toMatch(/^## Summary/);
    const prose = chapter.markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
    expect(prose, 'raw HTML is not allowed').not.toMatch(/<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i);
    expect(shortSubtitle(chapter.subtitle).length).toBeGreaterThan(1);
    expect(chapter.subtitle, 'short name, an en dash, a longer line').toMatch(/^[^-–—]+ – /);
  });

  it('ends with 3-6 exercises of its own, each with a worked answer (chapters 1-21)', async () => {
    const chapter = await loadChapter(CONTENT, file);
    if (chapter.id === 'chapter-00') return;
    const [, exercises = ''] = chapter.markdown.split(/^## Exercises\n/m);
    expect(exercises, 'an ## Exercises section').not.toBe('');
    const parts = exercises.split(/^### /m).slice(1);
    expect(parts.length, 'exercises').toBeGreaterThanOrEqual(3);
    expect(parts.length, 'exercises').toBeLessThanOrEqual(6);
    parts.forEach((part, i) => {
      expect(part, 'numbered "### Exercise N: title"').toMatch(new RegExp(`^Exercise ${i + 1}: \\S`));
      const [question = '', answer, extra] = part.split(/^#### Answer\n/m);
      expect(extra, 'one answer per exercise').toBeUndefined();
      expect(countProseWords(question.replace(/^.*\n/, '')), `Exercise ${i + 1}: question words`).toBeGreaterThanOrEqual(15);
      expect(countProseWords(answer ?? ''), `Exercise ${i + 1}: worked answer words`).toBeGreaterThanOrEqual(40);
      expect(answer ?? '', 'no other headings inside an exercise').not.toMatch(/^#{1,4} /m);
    });
  });

  it('cross-references other chapters by id', async () => {
    const chapter = await loadChapter(CONTENT, file);
    const refs = [...chapter.markdown.matchAll(/\]\(\/book\/(chapter-\d\d)(#[a-z0-9-]+)?\)/g)].map((m) => m[1]);
    expect(refs.length, 'cross-references').toBeGreaterThanOrEqual(2);
    for (const ref of refs) expect(ALL_IDS).toContain(ref);
    const otherLinks = [...chapter.markdown.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]).filter((href) => !/^\/book\/chapter-\d\d(#[a-z0-9-]+)?$/.test(href ?? '') && href !== '/help');
    expect(otherLinks, 'internal links must point at chapters or the help page').toEqual([]);
  });

  it('has at least 4 resources with https links, and no placeholder text', async () => {
    const chapter = await loadChapter(CONTENT, file);
    expect(chapter.resources.length).toBeGreaterThanOrEqual(4);
    expect(new Set(chapter.resources.map((r) => r.url)).size).toBe(chapter.resources.length);
    const raw = await readFile(path.join(CONTENT, 'chapters', file), 'utf8');
    expect(raw).not.toMatch(PLACEHOLDER);
  });

  it('has complete code examples exactly when it should', async () => {
    const chapter = await loadChapter(CONTENT, file);
    if (WITH_EXAMPLES.includes(chapter.id)) {
      expect(chapter.codeExamples.length).toBeGreaterThanOrEqual(2);
      expect(new Set(chapter.codeExamples.map((e) => e.id)).size).toBe(chapter.codeExamples.length);
      for (const example of chapter.codeExamples) expect(example.code).not.toMatch(PLACEHOLDER);
    } else {
      expect(chapter.codeExamplesFile).toBeUndefined();
    }
  });
});
