import { describe, expect, it } from 'vitest';
import { buildApiFiles, indexEntry } from '../../src/domain/book/api.ts';
import type { ChapterSource } from '../../src/domain/book/load.ts';
import { chapterPath, neighbours, progressPercent, progressText, shortSubtitle } from '../../src/domain/book/reader.ts';
import { BOOK_LANGUAGES, highlightCode, renderMarkdown } from '../../src/domain/book/render.ts';

describe('shortSubtitle (chapter list)', () => {
  it('keeps the part before the first dash of any kind', () => {
    expect(shortSubtitle('Overlay Networks and SPV - How applications verify - and more')).toBe('Overlay Networks and SPV');
    expect(shortSubtitle('Healthcare – consent and provenance')).toBe('Healthcare');
    expect(shortSubtitle('Healthcare—consent')).toBe('Healthcare');
    expect(shortSubtitle('  No dash at all  ')).toBe('No dash at all');
  });
});

describe('progress', () => {
  it('reads "n of total" with a 1-based position', () => {
    expect(progressText(0, 22)).toBe('1 of 22');
    expect(progressText(5, 22)).toBe('6 of 22');
    expect(progressText(21, 22)).toBe('22 of 22');
  });

  it('clamps out-of-range positions and handles an empty book', () => {
    expect(progressText(-1, 3)).toBe('1 of 3');
    expect(progressText(9, 3)).toBe('3 of 3');
    expect(progressText(0, 0)).toBe('0 of 0');
  });

  it('gives the bar width in whole percent', () => {
    expect(progressPercent(0, 4)).toBe(25);
    expect(progressPercent(3, 4)).toBe(100);
    expect(progressPercent(0, 3)).toBe(33);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('neighbours', () => {
  const list = [{ id: 'chapter-00' }, { id: 'chapter-01' }, { id: 'chapter-02' }];
  it('has no previous chapter at the start and no next one at the end', () => {
    expect(neighbours(list, 'chapter-00')).toEqual({ next: { id: 'chapter-01' } });
    expect(neighbours(list, 'chapter-01')).toEqual({ previous: { id: 'chapter-00' }, next: { id: 'chapter-02' } });
    expect(neighbours(list, 'chapter-02')).toEqual({ previous: { id: 'chapter-01' } });
    expect(neighbours(list, 'chapter-09')).toEqual({});
  });

  it('builds the reader path', () => {
    expect(chapterPath('chapter-06')).toBe('/book/chapter-06');
  });
});

function chapter(order: number, withExamples: boolean): ChapterSource {
  const id = `chapter-${String(order).padStart(2, '0')}`;
  return {
    id,
    title: order === 0 ? 'Introduction' : `Chapter ${order}`,
    subtitle: `Short ${order} - A longer line`,
    order,
    description: 'A description that is long enough.',
    keyPoints: [],
    topics: { businessCategory: [], aiFocus: [], bsvFeature: [], revenueModel: [], targetMarket: [] },
    seeds: [],
    markdown: `## Part ${order}\n\nText of ${id}.\n`,
    markdownFile: `${id}.md`,
    resourcesFile: `${id}.json`,
    ...(withExamples ? { codeExamplesFile: `${id}.json` } : {}),
    resources: [{ title: 'BSV docs', url: 'https://docs.bsvblockchain.org', type: 'documentation' }],
    codeExamples: withExamples
      ? [
          {
            id: 'first-example',
            title: 'First example',
            language: 'typescript',
            fileName: 'a.ts',
            code: 'const answer: number = 42',
            description: 'Prints the answer.',
          },
        ]
      : [],
  };
}

describe('static API generation (content to /api files)', () => {
  const chapters = [chapter(0, false), chapter(5, true)];

  it('writes the index, one chapter document per chapter, code examples only where they exist, and resources', async () => {
    const files = await buildApiFiles(chapters, (c) => renderMarkdown(c.markdown, { highlight: false }));
    expect(files.map((f) => f.path)).toEqual([
      'chapters/index.json',
      'chapters/chapter-00.md',
      'resources/chapter-00.json',
      'chapters/chapter-05.md',
      'code-examples/chapter-05.json',
      'resources/chapter-05.json',
    ]);
  });

  it('gives the index entries exactly the fields of docs/spec.md section 3', async () => {
    const files = await buildApiFiles(chapters, (c) => renderMarkdown(c.markdown, { highlight: false }));
    expect(files[0]?.body).toEqual([
      { id: 'chapter-00', title: 'Introduction', subtitle: 'Short 0 - A longer line', markdownFile: 'chapter-00.md', resourcesFile: 'chapter-00.json' },
      {
        id: 'chapter-05',
        title: 'Chapter 5',
        subtitle: 'Short 5 - A longer line',
        markdownFile: 'chapter-05.md',
        resourcesFile: 'chapter-05.json',
        codeExamplesFile: 'chapter-05.json',
      },
    ]);
    expect(indexEntry(chapters[0]!)).not.toHaveProperty('codeExamplesFile');
  });

  it('serves the chapter text and its rendering, and the spec fields of examples and resources', async () => {
    const files = await buildApiFiles(chapters, (c) => renderMarkdown(c.markdown, { highlight: false }));
    const byPath = new Map(files.map((f) => [f.path, f.body]));
    expect(byPath.get('chapters/chapter-05.md')).toEqual({
      id: 'chapter-05',
      title: 'Chapter 5',
      subtitle: 'Short 5 - A longer line',
      markdown: '## Part 5\n\nText of chapter-05.\n',
      content: '<h2 id="part-5">Part 5</h2>\n<p>Text of chapter-05.</p>',
      headings: [{ depth: 2, slug: 'part-5', text: 'Part 5' }],
    });
    expect(byPath.get('code-examples/chapter-05.json')).toEqual([
      {
        id: 'first-example',
        title: 'First example',
        language: 'typescript',
        fileName: 'a.ts',
        code: 'const answer: number = 42',
        description: 'Prints the answer.',
      },
    ]);
    expect(byPath.get('resources/chapter-00.json')).toEqual([{ title: 'BSV docs', url: 'https://docs.bsvblockchain.org', type: 'documentation' }]);
  });

  it('generates an empty index for an empty book', async () => {
    expect(await buildApiFiles([], () => Promise.reject(new Error('not called')))).toEqual([{ path: 'chapters/index.json', body: [] }]);
  });
});

describe('highlightCode', () => {
  it('highlights a book language in both themes', async () => {
    const html = await highlightCode('const a: number = 1', 'typescript');
    expect(html).toContain('--shiki-light');
    expect(html).toContain('--shiki-dark');
    expect(html).toMatch(/<span style="--shiki-light:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">const<\/span>/i);
  });

  it('renders an unknown language as escaped plain text', async () => {
    expect(BOOK_LANGUAGES).not.toContain('cobol');
    const html = await highlightCode('a < b', 'cobol');
    expect(html).toContain('a &#x3C; b');
  });
});
