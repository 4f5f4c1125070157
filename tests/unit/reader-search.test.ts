import { describe, expect, it } from 'vitest';
import { distinctSections, prettyUrl } from '../../src/scripts/search.ts';

describe('reader search results', () => {
  it('links to the served paths', () => {
    expect(prettyUrl('/book/chapter-06.html')).toBe('/book/chapter-06');
    expect(prettyUrl('/book/chapter-06.html#spv')).toBe('/book/chapter-06#spv');
  });

  it('lists sections, never the page itself again, at most three', () => {
    const page = { url: '/book/chapter-06.html', meta: { title: 'Chapter 6: Overlay Networks and SPV' } };
    const sub = (title: string, url: string) => ({ title, url, excerpt: '' });
    const sections = distinctSections({
      ...page,
      sub_results: [
        sub('Chapter 6: Overlay Networks and SPV', '/book/chapter-06.html'),
        sub('Chapter 6: Overlay Networks and SPV', '/book/chapter-06.html#intro'),
        sub('SPV', '/book/chapter-06.html#spv'),
        sub('BEEF', '/book/chapter-06.html#beef'),
        sub('Overlays', '/book/chapter-06.html#overlays'),
        sub('Limits', '/book/chapter-06.html#limits'),
      ],
    });
    expect(sections.map((s) => s.title)).toEqual(['SPV', 'BEEF', 'Overlays']);
  });
});
