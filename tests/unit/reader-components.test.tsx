import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeExamples } from '../../src/pages/book/_components/CodeExamples.tsx';
import { Resources } from '../../src/pages/book/_components/Resources.tsx';
import { Sidebar } from '../../src/pages/book/_components/Sidebar.tsx';

const chapters = ['chapter-00', 'chapter-01', 'chapter-02'].map((id, i) => ({
  id,
  title: i === 0 ? 'Introduction' : `Chapter ${i}`,
  subtitle: 'Short - long',
  markdownFile: `${id}.md`,
  resourcesFile: `${id}.json`,
}));

describe('reader tabs: empty states (SPEC.md strings)', () => {
  it('code examples', () => {
    expect(renderToStaticMarkup(<CodeExamples examples={[]} />)).toContain('No code examples available for this chapter');
  });

  it('resources', () => {
    expect(renderToStaticMarkup(<Resources resources={[]} />)).toContain('No additional resources available for this chapter');
  });

  it('shows the first example of a chapter, with its copy button', () => {
    const example = { id: 'a', title: 'First', language: 'typescript', fileName: 'a.ts', code: 'const a = 1', description: 'The first one.', html: '<pre>const a = 1</pre>' };
    const html = renderToStaticMarkup(<CodeExamples examples={[example, { ...example, id: 'b', title: 'Second' }]} />);
    expect(html).toContain('<h2 id="example-a"');
    expect(html).toMatch(/aria-pressed="true"[^>]*>First</);
    expect(html).toContain('aria-label="Copy a.ts"');
  });
});

describe('sidebar', () => {
  const props = { chapters, headings: [], supportAddress: '1Tip', qrSrc: '/q.svg' };

  it('disables Previous at the first chapter and shows the progress text', () => {
    const html = renderToStaticMarkup(<Sidebar {...props} index={0} onNext={() => {}} />);
    expect(html).toContain('1 of 3');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Previous Chapter</);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Next Chapter</);
  });

  it('disables Next at the last chapter', () => {
    const html = renderToStaticMarkup(<Sidebar {...props} index={2} onPrevious={() => {}} />);
    expect(html).toContain('3 of 3');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Next Chapter</);
    expect(html).toContain('aria-valuenow="100"');
  });
});
