import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../src/domain/book/load.ts';
import { renderMarkdown, type RenderedFigure } from '../../src/domain/book/render.ts';

/**
 * The book's figures (src/domain/book/figures.ts): every figure renders on the page and for the
 * EPUB, has a caption and a text alternative that says what it shows, is referred to in the text
 * by its number, and is narrow enough to read on a phone.
 */
const dir = path.resolve('content/chapters');
const files = (await readdir(dir)).filter((f) => /^chapter-\d\d\.md$/.test(f)).sort();
const chapters = await Promise.all(
  files.map(async (file) => {
    const { body } = splitFrontmatter(await readFile(path.join(dir, file), 'utf8'), file);
    const order = Number(/chapter-(\d\d)/.exec(file)?.[1]);
    const page = await renderMarkdown(body, { chapterNumber: order, highlight: false });
    const print: string[] = [];
    await renderMarkdown(body, { chapterNumber: order, highlight: false, xhtml: true, figureImage: (_id, svg) => (print.push(svg), 'figure.svg') });
    return { file, body, order, figures: page.figures, html: page.html, print };
  }),
);
const all = chapters.flatMap((c) => c.figures.map((f) => ({ ...c, figure: f })));

/** The SVG widths of a page's figures. */
const widths = (html: string) => [...html.matchAll(/--fig-w:(\d+)/g)].map((m) => Number(m[1]));

describe("the book's figures", () => {
  it('every chapter 1-21 has at least two', () => {
    const short = chapters.filter((c) => c.order >= 1 && c.figures.length < 2).map((c) => `${c.file}: ${c.figures.length}`);
    expect(short).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(50);
  });

  it('each has a caption and a text alternative that says what it shows', () => {
    const problems = all.flatMap(({ file, figure }: { file: string; figure: RenderedFigure }) => [
      ...(figure.caption.length < 30 ? [`${file} Figure ${figure.label}: caption under 30 characters`] : []),
      ...(figure.alt.length < 80 ? [`${file} Figure ${figure.label}: text alternative under 80 characters`] : []),
      ...(figure.alt === figure.caption ? [`${file} Figure ${figure.label}: the text alternative repeats the caption`] : []),
    ]);
    expect(problems).toEqual([]);
  });

  it('each is referred to in the text by its number', () => {
    const unreferenced = all.filter(({ body, figure }) => !new RegExp(`Figure ${figure.label.replace('.', '\\.')}(?!\\d)`).test(body));
    expect(unreferenced.map(({ file, figure }) => `${file}: Figure ${figure.label}`)).toEqual([]);
  });

  it('renders for the EPUB with every colour resolved, and the page stays readable on a phone', () => {
    for (const c of chapters) {
      expect(c.print).toHaveLength(c.figures.length);
      for (const svg of c.print) expect(svg).not.toMatch(/var\(|color-mix|@import|https?:\/\/fonts/);
      for (const w of widths(c.html)) expect(w, `${c.file}: a figure ${w} px wide`).toBeLessThanOrEqual(760);
    }
  });
});
