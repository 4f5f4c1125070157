import { describe, expect, it } from 'vitest';
import { NAV_LINKS } from '../../src/components/nav-links.ts';

const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe('NAV_LINKS (SPEC.md section 2, page by page)', () => {
  it('gives each page the links and wording of the spec', () => {
    expect(labels(NAV_LINKS.landing)).toEqual(['Read Book', 'Generate Ideas', 'Browse Ideas']);
    expect(labels(NAV_LINKS.generator)).toEqual(['Home', 'Book', 'Browse Ideas']);
    expect(labels(NAV_LINKS.reader)).toEqual(['Home', 'Generate', 'Browse Ideas']);
    expect(labels(NAV_LINKS.ideas)).toEqual(['Home', 'Book', 'Generate']);
    expect(labels(NAV_LINKS.idea)).toEqual(['Back to Ideas']);
  });

  it('points one label at one place everywhere', () => {
    const targets = new Map<string, string>();
    for (const link of Object.values(NAV_LINKS).flat()) {
      expect(targets.get(link.label) ?? link.href, link.label).toBe(link.href);
      targets.set(link.label, link.href);
    }
  });
});
