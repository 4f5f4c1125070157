import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../src/domain/book/load.ts';

/**
 * Sources in the text: a claim is cited where it is made, not only in the Resources tab. Every
 * chapter links at least five distinct external sources from its prose (code blocks and figures
 * do not count), and every source the prose links is listed in the chapter's Resources, so a
 * reader who meets it in the EPUB or the tab finds it again.
 */
const MIN_SOURCES = 5;
const dir = path.resolve('content/chapters');
const files = (await readdir(dir)).filter((f) => /^chapter-\d\d\.md$/.test(f)).sort();

function proseSources(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
  return [...new Set([...prose.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1] as string))];
}

describe('sources cited in the text', () => {
  it('finds links in prose and leaves code alone', () => {
    const md = 'See [RFC 6962](https://www.rfc-editor.org/rfc/rfc6962).\n\n```ts\n// [x](https://example.com/in-code)\n```\n';
    expect(proseSources(md)).toEqual(['https://www.rfc-editor.org/rfc/rfc6962']);
  });

  for (const file of files) {
    it(`${file}: at least ${MIN_SOURCES} sources linked in the text, each listed in Resources`, async () => {
      const { body } = splitFrontmatter(await readFile(path.join(dir, file), 'utf8'), file);
      const sources = proseSources(body);
      expect(sources.length, `${file} links ${sources.length} sources in its text`).toBeGreaterThanOrEqual(MIN_SOURCES);
      const resources = JSON.parse(await readFile(path.resolve('content/resources', file.replace(/\.md$/, '.json')), 'utf8')) as Array<{
        url: string;
      }>;
      const listed = new Set(resources.map((r) => r.url));
      expect(sources.filter((u) => !listed.has(u))).toEqual([]);
    });
  }
});
