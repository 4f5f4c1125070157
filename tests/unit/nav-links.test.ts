import { describe, expect, it } from 'vitest';
import { currentSection, HELP_LINK, SITE_LINKS } from '../../src/components/nav-links.ts';

describe('SITE_LINKS: one header on every page', () => {
  it('names the four sections, the assistant among them, each at one place', () => {
    expect(SITE_LINKS.map((l) => l.label)).toEqual(['Book', 'Generator', 'Ideas', 'Ask']);
    expect(SITE_LINKS.map((l) => l.href)).toEqual(['/book', '/generator', '/ideas', '/assistant']);
  });

  it('marks the section a page belongs to', () => {
    expect(currentSection('/book/chapter-05')?.label).toBe('Book');
    expect(currentSection('/book')?.label).toBe('Book');
    expect(currentSection('/generator')?.label).toBe('Generator');
    expect(currentSection('/ideas')?.label).toBe('Ideas');
    expect(currentSection('/idea/abc123')?.label).toBe('Ideas');
    expect(currentSection('/assistant')?.label).toBe('Ask');
    expect(currentSection('/help')).toBe(HELP_LINK);
    expect(currentSection('/')).toBeUndefined();
    expect(currentSection('/bookish')).toBeUndefined();
    expect(currentSection('/admin/export-book')).toBeUndefined();
  });
});
