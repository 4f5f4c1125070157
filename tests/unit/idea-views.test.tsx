import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/domain/ideas/schema.ts';
import { toPublicRecord } from '../../src/domain/ideas/read.ts';
import { renderIdeaDetailHtml } from '../../src/components/idea/render-idea-detail.tsx';
import { ResultPanel } from '../../src/pages/generator/_components/ResultPanel.tsx';
import { sampleIdea, sampleRecord } from '../support/ideas.ts';

/** The headings and labels of a rendered idea, in order (tags stripped). */
function headings(html: string): string[] {
  return [...html.matchAll(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '').replace(/^Phase \d+: /, ''));
}
function labels(html: string): string[] {
  return [...html.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>/g)].map((m) => m[1] ?? '');
}

const result = (idea: Record<string, unknown>) => ({
  idea,
  settings: { ...DEFAULT_SETTINGS, businessCategory: 'agriculture' as const },
  receivedAt: '2026-11-21T10:00:00.000Z',
});

describe('one idea view for the generator result and the idea page', () => {
  it('shows the same sections and labels in both (docs/spec.md idea detail names, Core Features included)', () => {
    const record = sampleRecord({ createdAt: '2026-11-21T10:00:00.000Z' });
    const page = renderIdeaDetailHtml({ idea: toPublicRecord(record) }, 'p');
    const generated = renderToStaticMarkup(
      <ResultPanel result={result({ ...sampleIdea(), id: record.id, engine: 'offline', model: 'offline' })} signedIn={false} />,
    );
    const section = (html: string) => headings(html).filter((h) => h !== 'Ready to Build?');
    expect(section(generated)).toEqual(section(page));
    expect(labels(generated)).toEqual(expect.arrayContaining(['AI Engine', 'Min Payment', 'Target TPS']));
    expect(labels(generated).filter((l) => l !== 'Target Market')).toEqual(labels(page).filter((l) => l !== 'Target Market'));
    for (const name of ['Business Overview', 'Core Features', 'Business Model', 'Key Metrics', 'Key Differentiators', 'Technical Architecture']) {
      expect(headings(page)).toContain(name);
    }
    expect(generated).not.toContain('Quick Stats');
    expect(generated).not.toContain('Ai Engine');
  });

  it('renders a plain idea without the extras (no id, engine, inspiredBy): no View, Share or engine line', () => {
    const { inspiredBy: _chapters, ...plain } = sampleIdea('Plain Idea');
    const html = renderToStaticMarkup(<ResultPanel result={result(plain)} signedIn={false} />);
    expect(headings(html)).toContain('Plain Idea');
    expect(headings(html)).toContain('Core Features');
    expect(html).not.toContain('>View<');
    expect(html).not.toContain('>Share<');
    expect(html).not.toContain('Written by');
    expect(html).not.toContain('Inspired by the Book');
  });

  it('names a roadmap phase once: "Phase N:" is added for screen readers only when the phase does not say it', () => {
    const roadmap = [
      { phase: 'Phase 1: Pilot', timeline: 'Months 1-3', tasks: ['Sign two buyers'] },
      { phase: 'Launch', timeline: 'Months 4-6', tasks: ['Open the API'] },
    ];
    const html = renderToStaticMarkup(<ResultPanel result={result({ ...sampleIdea(), implementationRoadmap: roadmap })} signedIn={false} />);
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain('Phase 1: Pilot');
    expect(text).not.toContain('Phase 1: Phase 1');
    expect(text).toContain('Phase 2: Launch');
  });
});
