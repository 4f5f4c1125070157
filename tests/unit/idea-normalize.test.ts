import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_CATEGORY,
  formatLongDate,
  formatShortDate,
  normalizeIdea,
  splitCamelCase,
  toObject,
  toParagraphs,
  UNTITLED,
} from '../../src/domain/ideas/normalize.ts';
import type { IdeaRecord } from '../../src/domain/ideas/schema.ts';
import { toIndexEntry } from '../../src/domain/ideas/store.ts';
import { sampleIdea, sampleRecord } from '../support/ideas.ts';

describe('normalizeIdea', () => {
  it('maps a generator record (objects) to every section of the view', () => {
    const record = sampleRecord({ id: 'idea-0001', createdAt: '2026-11-21T10:00:00.000Z' });
    const view = normalizeIdea(record);
    expect(view.id).toBe('idea-0001');
    expect(view.title).toBe('Verifiable Harvest Ledger');
    expect(view.summary).toMatch(/^Verifiable Harvest Ledger lets farm cooperatives/);
    expect(view.createdAt).toBe('2026-11-21T10:00:00.000Z');
    expect(view.category).toBe('Agriculture');
    expect(view.painPoints).toEqual(['Buyers cannot verify where produce comes from', 'Certification audits are slow and costly']);
    expect(view.synergies).toEqual({
      internet: 'Open web APIs let any retailer query a batch by its QR code.',
      ai: 'Computer vision grades produce photos and flags anomalies in sensor data.',
      bsv: 'Each batch event is timestamped on chain and verified with SPV.',
    });
    expect(view.marketAnalysis).toEqual({ text: expect.stringMatching(/^Traceability/), facts: [] });
    expect(view.businessModel).toEqual({
      revenueStreams: ['Per-lookup micropayments', 'Cooperative onboarding fees'],
      costStructure: ['Cloud hosting', 'Field sensor kits'],
      keyMetrics: [
        { label: 'Min Payment', value: '$0.001' },
        { label: 'Target TPS', value: '5,000' },
        { label: 'Market Size', value: '$20B' },
        { label: 'Launch Time', value: '6 months' },
      ],
    });
    expect(view.revenueModel).toBeNull();
    expect(view.roadmap).toEqual([
      { phase: 'Pilot', timeline: 'Months 1-3', tasks: ['Sign two cooperatives', 'Ship sensor kits'] },
      { phase: 'Launch', timeline: 'Months 4-6', tasks: ['Open the retailer API'] },
    ]);
    expect(view.advantages?.differentiators).toHaveLength(2);
    expect(view.advantages?.architecture).toContainEqual({ label: 'AI Engine', value: 'Vision model behind a queue' });
    expect(view.details).toEqual({ targetMarket: 'Business to business (B2B)', aiFocus: 'Computer vision', bsvFeature: 'Timestamping', innovationLevel: 7 });
    expect(view.inspiredBy).toEqual([
      { id: 'chapter-12', title: 'Chapter 12: Supply Chain', href: '/book/chapter-12' },
      { id: 'chapter-06', title: 'Chapter 6: Overlay Networks and SPV', href: '/book/chapter-06' },
    ]);
  });

  it('reads generatedIdea and parameters given as JSON strings', () => {
    const record = sampleRecord();
    const view = normalizeIdea({ ...record, generatedIdea: JSON.stringify(record.generatedIdea), parameters: JSON.stringify(record.parameters) });
    expect(view).toEqual(normalizeIdea(record));
  });

  it('treats unparsable JSON as {} so every default applies', () => {
    const view = normalizeIdea({ id: 'broken-01', businessName: '', generatedIdea: '{not json', parameters: '[1,2', createdAt: 'yesterday' });
    expect(view.title).toBe(UNTITLED);
    expect(view.summary).toBe('');
    expect(view.category).toBe(DEFAULT_CATEGORY);
    expect(view.details).toEqual({ targetMarket: 'Global', aiFocus: 'Machine Learning', bsvFeature: 'Micropayments', innovationLevel: 5 });
    expect(view.painPoints).toEqual([]);
    expect(view.synergies).toBeNull();
    expect(view.marketAnalysis).toBeNull();
    expect(view.businessModel).toBeNull();
    expect(view.revenueModel).toBeNull();
    expect(view.roadmap).toEqual([]);
    expect(view.advantages).toBeNull();
    expect(view.inspiredBy).toEqual([]);
    expect(formatShortDate(view.createdAt)).toBe('Unknown date');
  });

  it('handles a record with only an id (missing fields)', () => {
    const view = normalizeIdea({ id: 'bare-0001' });
    expect(view.title).toBe(UNTITLED);
    expect(view.createdAt).toBeNull();
    expect(formatShortDate(view.createdAt)).toBe('Unknown date');
  });

  it.each([
    [{ title: 'From title', businessName: 'From name' }, 'Outer', 'From title'],
    [{ businessName: 'From name' }, 'Outer', 'From name'],
    [{}, 'Outer', 'Outer'],
    [{ title: '   ' }, '', UNTITLED],
  ])('title: %j with record name %j reads %j', (idea, outer, expected) => {
    expect(normalizeIdea({ id: 'x-title-01', businessName: outer, generatedIdea: idea }).title).toBe(expected);
  });

  it.each([
    [{ businessSummary: 'A', executiveSummary: 'B', summary: 'C' }, 'A'],
    [{ executiveSummary: 'B', summary: 'C' }, 'B'],
    [{ summary: 'C' }, 'C'],
  ])('summary: %j reads %j', (idea, expected) => {
    expect(normalizeIdea({ id: 'x-summary-1', generatedIdea: idea }).summary).toBe(expected);
  });

  it('reads implementationSteps before implementationRoadmap', () => {
    const idea = {
      implementationSteps: [{ phase: 'Steps', timeline: 'Q1', tasks: ['a'] }],
      implementationRoadmap: [{ phase: 'Roadmap', timeline: 'Q2', tasks: ['b'] }],
    };
    expect(normalizeIdea({ id: 'x-steps-01', generatedIdea: idea }).roadmap).toEqual([{ phase: 'Steps', timeline: 'Q1', tasks: ['a'] }]);
    const { implementationSteps: _unused, ...onlyRoadmap } = idea;
    expect(normalizeIdea({ id: 'x-steps-02', generatedIdea: onlyRoadmap }).roadmap).toEqual([{ phase: 'Roadmap', timeline: 'Q2', tasks: ['b'] }]);
  });

  it('tolerates roadmap variants: numbers, a single task string, strings and empty entries', () => {
    const idea = { implementationSteps: [{ phase: 1, timeline: 'Q1', tasks: 'Hire' }, 'Just a step', {}, { tasks: ['Unnamed'] }] };
    expect(normalizeIdea({ id: 'x-steps-03', generatedIdea: idea }).roadmap).toEqual([
      { phase: '1', timeline: 'Q1', tasks: ['Hire'] },
      { phase: 'Just a step', timeline: '', tasks: [] },
      { phase: 'Phase 4', timeline: '', tasks: ['Unnamed'] },
    ]);
  });

  it('shows the revenue model only when there is no business model', () => {
    expect(normalizeIdea({ id: 'x-revenue1', generatedIdea: { revenueModel: 'Pay per use' } }).revenueModel).toBe('Pay per use');
    const both = normalizeIdea({ id: 'x-revenue2', generatedIdea: { revenueModel: 'Pay per use', businessModel: { revenueStreams: ['Fees'] } } });
    expect(both.revenueModel).toBeNull();
    expect(both.businessModel).toEqual({ revenueStreams: ['Fees'], costStructure: [], keyMetrics: [] });
    const emptyModel = normalizeIdea({ id: 'x-revenue3', generatedIdea: { revenueModel: 'Ads', businessModel: {} } });
    expect(emptyModel.businessModel).toBeNull();
    expect(emptyModel.revenueModel).toBe('Ads');
  });

  it('reads a market analysis given as a map of facts', () => {
    const view = normalizeIdea({ id: 'x-market-1', generatedIdea: { marketAnalysis: { targetMarket: 'SMEs', marketSize: 2000000, growthRate: '' } } });
    expect(view.marketAnalysis).toEqual({
      text: null,
      facts: [
        { label: 'Target Market', value: 'SMEs' },
        { label: 'Market Size', value: '2000000' },
      ],
    });
  });

  it('keeps only the synergies that exist', () => {
    expect(normalizeIdea({ id: 'x-synergy1', generatedIdea: { technologySynergies: { bsv: 'Timestamps' } } }).synergies).toEqual({
      internet: null,
      ai: null,
      bsv: 'Timestamps',
    });
    expect(normalizeIdea({ id: 'x-synergy2', generatedIdea: { technologySynergies: 'not an object' } }).synergies).toBeNull();
  });

  it('reads list items given as objects or a lone string', () => {
    const view = normalizeIdea({
      id: 'x-lists-01',
      generatedIdea: { painPointsSolved: 'One pain', marketDifferentiation: { competitiveAdvantages: [{ title: 'Fast' }, 42, null] } },
    });
    expect(view.painPoints).toEqual(['One pain']);
    expect(view.advantages).toEqual({ differentiators: ['Fast', '42'], architecture: [] });
  });

  it('maps parameters: labels, the "all" category, unknown values and innovation levels', () => {
    const params = (parameters: unknown) => normalizeIdea({ id: 'x-params-1', parameters });
    expect(params({ businessCategory: 'all' }).category).toBe(DEFAULT_CATEGORY);
    expect(params({ businessCategory: 'fintech' }).category).toBe('Fintech');
    expect(params({ businessCategory: 'Space mining' }).category).toBe('Space mining');
    expect(params({ targetMarket: 'all', aiFocus: 'nlp', bsvFeature: 'tokenisation' }).details).toMatchObject({
      targetMarket: 'All markets',
      aiFocus: 'Natural language processing',
      bsvFeature: 'Tokenisation',
    });
    expect(params({ innovationLevel: '8' }).details.innovationLevel).toBe(8);
    expect(params({ innovationLevel: 42 }).details.innovationLevel).toBe(10);
    expect(params({ innovationLevel: 'high' }).details.innovationLevel).toBe(5);
  });

  it('links only real chapter ids, once each', () => {
    const idea = {
      inspiredBy: [{ id: 'chapter-04', title: 'Social' }, { id: 'javascript:alert(1)', title: 'x' }, { id: 'chapter-04', title: 'dup' }, { id: 'chapter-09' }],
    };
    expect(normalizeIdea({ id: 'x-chapter1', generatedIdea: idea }).inspiredBy).toEqual([
      { id: 'chapter-04', title: 'Social', href: '/book/chapter-04' },
      { id: 'chapter-09', title: 'chapter-09', href: '/book/chapter-09' },
    ]);
  });

  it('the fixture idea is the generator shape', () => {
    expect(Object.keys(sampleIdea())).toContain('implementationRoadmap');
  });
});

describe('toObject', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['[1]', {}],
    ['"text"', {}],
    ['null', {}],
    [null, {}],
    [42, {}],
    [['a'], {}],
    [{ b: 2 }, { b: 2 }],
  ])('%j -> %j', (input, expected) => {
    expect(toObject(input)).toEqual(expected);
  });
});

describe('splitCamelCase', () => {
  it.each([
    ['targetTPS', 'Target TPS'],
    ['minPayment', 'Min Payment'],
    ['marketSize', 'Market Size'],
    ['launchTime', 'Launch Time'],
    ['aiEngine', 'AI Engine'],
    ['frontend', 'Frontend'],
    ['HTTPServer', 'HTTP Server'],
    ['bsvFeature', 'BSV Feature'],
    ['time_to_market', 'Time To Market'],
    ['peakTps', 'Peak TPS'],
  ])('%s -> %s', (key, expected) => {
    expect(splitCamelCase(key)).toBe(expected);
  });
});

describe('dates', () => {
  it('formats the card date in en-US short form', () => {
    expect(formatShortDate('2026-11-21T10:00:00.000Z', 'UTC')).toBe('Nov 21, 2026');
  });
  it('formats the detail date in en-US long form', () => {
    expect(formatLongDate('2026-11-21T10:00:00.000Z', 'UTC')).toBe('November 21, 2026');
  });
  it.each([null, '', 'not a date'])('%j is an unknown date', (value) => {
    expect(formatShortDate(value)).toBe('Unknown date');
    expect(formatLongDate(value)).toBe('Unknown date');
  });
});

describe('index entries', () => {
  it.each([
    ['a generator record', sampleRecord()],
    [
      'a record with JSON strings',
      { ...sampleRecord(), generatedIdea: JSON.stringify({ title: 'Titled', businessSummary: 'Sum' }), parameters: '{"businessCategory":"energy"}' },
    ],
    ['a record with a title and no name', { ...sampleRecord(), businessName: '', generatedIdea: { title: 'Only title', summary: 'S' } }],
    ['a record with unparsable JSON', { ...sampleRecord(), generatedIdea: '{', parameters: '{' }],
  ])('a card built from the index reads like the full record (%s)', (_, record) => {
    const pick = ({ id, title, summary, category, createdAt }: ReturnType<typeof normalizeIdea>) => ({ id, title, summary, category, createdAt });
    expect(pick(normalizeIdea(toIndexEntry(record)))).toEqual(pick(normalizeIdea(record)));
  });
});

describe('card and detail agree (property)', () => {
  const maybeText = fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 12 }),
    fc.constantFrom('  ', 'A b', 'Zed'),
    fc.integer(),
    fc.constant(null),
    fc.constant({ nested: 'x' }),
  );
  const idea = fc.record(
    { title: maybeText, businessName: maybeText, businessSummary: maybeText, executiveSummary: maybeText, summary: maybeText },
    { requiredKeys: [] },
  );
  const params = fc.record(
    { businessCategory: fc.oneof(fc.constantFrom('all', 'fintech', 'identity-attribution-authentication', 'Made Up'), maybeText), targetMarket: maybeText },
    { requiredKeys: [] },
  );
  const record = fc.record({
    id: fc.constantFrom('idea-0001', 'idea-0002'),
    businessName: fc.string({ maxLength: 8 }),
    generatedIdea: fc.oneof(
      idea,
      idea.map((i) => JSON.stringify(i)),
      fc.constant('{oops'),
    ),
    parameters: fc.oneof(
      params,
      params.map((p) => JSON.stringify(p)),
      fc.constant('[1]'),
    ),
    createdAt: fc.oneof(fc.constant('2026-11-21T10:00:00.000Z'), fc.string({ maxLength: 5 })),
  });

  it('for any record, the card built from its index entry shows the title, summary, category and date of its detail page', () => {
    fc.assert(
      fc.property(record, (r) => {
        const pick = ({ id, title, summary, category, createdAt }: ReturnType<typeof normalizeIdea>) => ({ id, title, summary, category, createdAt });
        expect(pick(normalizeIdea(toIndexEntry(r as IdeaRecord)))).toEqual(pick(normalizeIdea(r)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('toParagraphs', () => {
  it('keeps blank-line paragraphs', () => {
    expect(toParagraphs('One.\n\nTwo three.\n\n')).toEqual(['One.', 'Two three.']);
  });
  it('groups a long one-block summary into paragraphs of three sentences, losing no text', () => {
    const text =
      'It costs $0.001 a call. Buyers pay per lookup. Farms sign up free. Audits take minutes! Is it private? Yes, e.g. only hashes go on chain. "Quotes" stay. Done.';
    const paragraphs = toParagraphs(text);
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toBe('It costs $0.001 a call. Buyers pay per lookup. Farms sign up free.');
    expect(paragraphs.join(' ')).toBe(text);
  });
  it('leaves a short text as one paragraph', () => {
    expect(toParagraphs('One. Two.')).toEqual(['One. Two.']);
  });
});

describe('stored records that are not what the code expects', () => {
  const hostile = [{ name: 'B2B', size: 3 }, ['b2b'], '__proto__', 'constructor', 'toString', 42, true, null];
  it.each(hostile.map((v) => [JSON.stringify(v), v]))('every text of the view is a string when parameters hold %s', (_, value) => {
    const record = sampleRecord({
      parameters: { businessCategory: value, targetMarket: value, aiFocus: value, bsvFeature: value, innovationLevel: value },
      generatedIdea: { ...sampleIdea(), title: value, businessSummary: value, coreFeatures: [value, { title: value }], painPointsSolved: [value, 'ok'] },
    });
    const view = normalizeIdea(record);
    for (const field of [view.title, view.summary, view.category, view.details.targetMarket, view.details.aiFocus, view.details.bsvFeature]) {
      expect(typeof field).toBe('string');
    }
    expect(view.painPoints.every((p) => typeof p === 'string')).toBe(true);
    expect(view.coreFeatures.every((f) => typeof f.title === 'string' && typeof f.description === 'string')).toBe(true);
    expect(Number.isInteger(view.details.innovationLevel)).toBe(true);
  });
});
