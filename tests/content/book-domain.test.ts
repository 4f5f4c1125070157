import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, loadBook, shortSubtitle, splitFrontmatter } from '../../src/domain/book/load.ts';
import { countProseWords, renderMarkdown } from '../../src/domain/book/render.ts';
import { splitChapter } from '../../src/domain/assistant/sections.ts';

describe('shortSubtitle', () => {
  it('cuts at the first dash', () => {
    expect(shortSubtitle('Overlay Networks and SPV - How apps see only what they need - part one')).toBe('Overlay Networks and SPV');
    expect(shortSubtitle('Healthcare — consent and provenance')).toBe('Healthcare');
    expect(shortSubtitle('No dash at all')).toBe('No dash at all');
  });
});

describe('countProseWords', () => {
  it('counts prose and skips code blocks, inline code and link targets', () => {
    const md = 'One two three.\n\n```ts\nconst a = 1; const b = 2;\n```\n\nFour `code here` [five](/book/chapter-01) six.';
    expect(countProseWords(md)).toBe(6);
    expect(countProseWords('> [!aside] Two words\n>\n> Three more words.')).toBe(5);
  });
});

describe('renderMarkdown', () => {
  const ASIDE = '## Paid API\n\nProse before.\n\n> [!aside] The six `acceptance` checks\n>\n> 1. Check the price.\n> 2. Check the payee.\n\n> A plain quotation.\n\nProse after.\n';

  it('renders an aside as a titled note box, on the page and in the EPUB, and leaves other quotations alone', async () => {
    for (const xhtml of [false, true]) {
      const { html, headings } = await renderMarkdown(ASIDE + ASIDE.replace('## Paid API', '## Again'), { xhtml, highlight: false });
      expect(html).toContain(
        '<aside id="aside-the-six-acceptance-checks" class="book-aside" role="note" aria-labelledby="aside-the-six-acceptance-checks-title"><p id="aside-the-six-acceptance-checks-title" class="book-aside-title">The six <code>acceptance</code> checks</p>',
      );
      expect(html).toContain('<aside id="aside-the-six-acceptance-checks-1"');
      expect(html).toMatch(/<li>Check the payee.<\/li>\s*<\/ol>\s*<\/aside>/);
      expect(html).toContain('<blockquote>\n<p>A plain quotation.</p>\n</blockquote>');
      expect(html).not.toContain('[!aside]');
      expect(headings.map((h) => h.text)).toEqual(['Paid API', 'Again']);
    }
  });

  it("counts an aside's text as its section's, its title a sentence of its own", () => {
    const chapter = { id: 'chapter-16', title: 'Chapter 16', subtitle: 'Paid APIs', markdown: ASIDE } as Parameters<typeof splitChapter>[0];
    const [section] = splitChapter(chapter).filter((p) => p.slug === 'paid-api');
    expect(section?.text).toBe('Prose before. The six acceptance checks. Check the price. Check the payee. A plain quotation. Prose after.');
  });

  const EXERCISES =
    '## Summary\n\nDone.\n\n## Exercises\n\n### Exercise 1: Fee\n\nCompute it.\n\n#### Answer\n\n23 satoshis.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n### Exercise 2: Bug\n\nFind it.\n\n#### Answer\n\nLine 3.\n';

  it('folds each exercise answer under its exercise on the web page, and nothing outside the Exercises section', async () => {
    const { html, headings } = await renderMarkdown(`## Notes\n\n#### Answer\n\nNot an exercise.\n\n${EXERCISES}`);
    expect(html.match(/<details class="exercise-answer"><summary>Answer<\/summary>/g)).toHaveLength(2);
    expect(html).toMatch(/<summary>Answer<\/summary>\s*<p>23 satoshis.<\/p>\s*<table>[\s\S]*<\/table>\s*<\/details>\s*<h3 id="exercise-2-bug">/);
    expect(html).toContain('<h4 id="answer">Answer</h4>');
    expect(headings.map((h) => h.text)).toEqual(['Notes', 'Summary', 'Exercises', 'Exercise 1: Fee', 'Exercise 2: Bug']);
  });

  it('moves the answers to a section at the end of the chapter for the EPUB, linked both ways', async () => {
    const { html, headings } = await renderMarkdown(EXERCISES, { xhtml: true, answers: 'end', highlight: false });
    expect(html).not.toContain('<details');
    const [question, answers] = html.split('<section');
    expect(question).toContain('<a href="#answer-exercise-1-fee">Answer to Exercise 1: Fee</a>');
    expect(question).not.toContain('23 satoshis');
    expect(answers).toMatch(
      /<h2 id="answers-to-the-exercises">Answers to the exercises<\/h2>\s*<h3 id="answer-exercise-1-fee">Exercise 1: Fee<\/h3>\s*<p>23 satoshis.<\/p>/,
    );
    expect(answers).toContain('<a href="#exercise-2-bug">Back to the exercise</a>');
    expect(headings.filter((h) => h.depth === 2).map((h) => h.text)).toEqual(['Summary', 'Exercises', 'Answers to the exercises']);
  });

  it('renders headings with stable anchors and collects them', async () => {
    const { html, headings } = await renderMarkdown('## First Part\n\nText.\n\n### A Detail\n\n## Summary\n');
    expect(html).toContain('<h2 id="first-part">First Part</h2>');
    expect(headings).toEqual([
      { depth: 2, slug: 'first-part', text: 'First Part' },
      { depth: 3, slug: 'a-detail', text: 'A Detail' },
      { depth: 2, slug: 'summary', text: 'Summary' },
    ]);
  });

  it('does not render raw HTML from the Markdown', async () => {
    const { html } = await renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
  });

  it('rewrites internal links when asked and marks external ones noopener', async () => {
    const { html } = await renderMarkdown('[six](/book/chapter-06) and [docs](https://docs.bsvblockchain.org)', {
      rewriteLink: (href) => href.replace('/book/', '') + '.xhtml',
      highlight: false,
    });
    expect(html).toContain('href="chapter-06.xhtml"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('highlights fenced code in both themes', async () => {
    const { html } = await renderMarkdown('```ts\nconst x: number = 1\n```');
    expect(html).toContain('--shiki-dark');
    expect(html).toContain('--shiki-light');
  });
});

describe('loadBook', () => {
  async function fixture(frontmatter: string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'book-'));
    await mkdir(path.join(dir, 'chapters'));
    await mkdir(path.join(dir, 'resources'));
    await writeFile(path.join(dir, 'book.json'), await import('node:fs/promises').then((fs) => fs.readFile('content/book.json', 'utf8')));
    await writeFile(path.join(dir, 'chapters', 'chapter-00.md'), `---\n${frontmatter}\n---\n\n## Hello\n\nWorld.\n`);
    await writeFile(
      path.join(dir, 'resources', 'chapter-00.json'),
      JSON.stringify([{ title: 'BSV docs', url: 'https://docs.bsvblockchain.org', type: 'documentation' }]),
    );
    return dir;
  }
  const good = [
    'id: chapter-00',
    'title: Introduction',
    'subtitle: "Why These Three - A longer line"',
    'order: 0',
    'description: "A description that is long enough."',
    'keyPoints: ["Point number one.", "Point number two.", "Point number three."]',
    'topics: { businessCategory: [fintech], aiFocus: [], bsvFeature: [identity], revenueModel: [], targetMarket: [] }',
    'seeds:',
    '  - { name: "Seed One", problem: "A problem statement that is long.", solution: "A solution statement that is long.", aiRole: "An AI role sentence.", bsvRole: "A BSV role sentence.", internetRole: "An Internet role sentence." }',
    '  - { name: "Seed Two", problem: "A problem statement that is long.", solution: "A solution statement that is long.", aiRole: "An AI role sentence.", bsvRole: "A BSV role sentence.", internetRole: "An Internet role sentence." }',
  ].join('\n');

  it('loads a valid chapter with its index fields', async () => {
    const book = await loadBook(await fixture(good));
    expect(book.chapters).toHaveLength(1);
    const [c] = book.chapters;
    expect(c?.markdownFile).toBe('chapter-00.md');
    expect(c?.resourcesFile).toBe('chapter-00.json');
    expect(c?.codeExamplesFile).toBeUndefined();
    expect(c?.markdown.trim()).toBe('## Hello\n\nWorld.');
  });

  it('rejects a malformed chapter and names the file', async () => {
    const bad = good.replace('title: Introduction', 'title: Chapter 0');
    await expect(loadBook(await fixture(bad))).rejects.toThrow(ContentError);
    await expect(loadBook(await fixture(bad))).rejects.toThrow(/chapter-00\.md: title/);
  });

  it('rejects an unknown topic value', async () => {
    const bad = good.replace('businessCategory: [fintech]', 'businessCategory: [crypto]');
    await expect(loadBook(await fixture(bad))).rejects.toThrow(/topics\.businessCategory/);
  });

  it('requires frontmatter', () => {
    expect(() => splitFrontmatter('# no frontmatter', 'x.md')).toThrow(/missing YAML frontmatter/);
  });
});
