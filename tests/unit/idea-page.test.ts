import { describe, expect, it, vi } from 'vitest';
import type { IdeaPageData } from '../../src/domain/ideas/page-data.ts';
import { fillDetailIsland, renderIdeaPage } from '../../src/domain/ideas/page.ts';

const island = (inner: string) =>
  `<main><astro-island uid="Z1" prefix="r3" component-url="/_astro/IdeaDetail.AbC1.js" ssr client="load" await-children>${inner}<!--astro:end--></astro-island></main>`;

describe('fillDetailIsland (the server-rendered idea in the shell)', () => {
  it("replaces the island's build-time content, keeps its end mark and passes its prefix", () => {
    const calls: [IdeaPageData, string][] = [];
    const html = fillDetailIsland(island('<p>Loading business idea...</p>'), { notFound: true }, (data, prefix) => {
      calls.push([data, prefix]);
      return '<h1>Idea Not Found</h1>';
    });
    expect(html).toBe(island('<h1>Idea Not Found</h1>'));
    expect(calls).toEqual([[{ notFound: true }, 'r3']]);
  });

  it('leaves other islands alone', () => {
    const other = '<astro-island uid="Z0" prefix="r1" component-url="/_astro/Other.x.js"><p>other</p></astro-island>';
    const html = fillDetailIsland(other + island('<p>Loading</p>'), { notFound: true }, () => '<b>detail</b>');
    expect(html).toBe(other + island('<b>detail</b>'));
  });

  it('is null when the shell has no IdeaDetail island, or an unclosed one', () => {
    expect(fillDetailIsland('<main><p>no island</p></main>', { notFound: true }, () => 'x')).toBeNull();
    expect(fillDetailIsland('<astro-island component-url="/_astro/IdeaDetail.A.js"><p>', { notFound: true }, () => 'x')).toBeNull();
  });
});

describe('renderIdeaPage when the detail fails to render', () => {
  it('serves the page with its data and logs a render error (not a storage error)', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shell = `<!DOCTYPE html><html><head><title>x</title></head><body>${island('<p>Loading</p>')}</body></html>`;
    const idea = { id: 'idea-render-1', businessName: 'Broken', generatedIdea: {}, parameters: {}, createdAt: '2026-01-01T00:00:00.000Z' };
    const html = renderIdeaPage(shell, idea, { siteName: 'Book', canonicalUrl: 'https://x.test/idea/idea-render-1' }, () => {
      throw new Error('Objects are not valid as a React child');
    });
    expect(html).toContain('<title>Broken | Book</title>');
    expect(html).toContain('"id":"idea-render-1"');
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringMatching(/render error, not a storage error/)]);
  });
});
