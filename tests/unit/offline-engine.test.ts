import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBook } from '../../src/domain/book/load.ts';
import { toGroundingChapter, type GroundingChapter } from '../../src/domain/ideas/grounding.ts';
import {
  bandOf,
  BOOK_FEE,
  composeOfflineIdea,
  DAILY_ACTIONS_CAP,
  minerFee,
  satsToUsd,
  SUBSCRIPTION_FLOOR_USD,
  USD_PER_BSV,
  usd,
  type OfflineComposition,
} from '../../src/domain/ideas/offline-engine.ts';
import { SEED_LIBRARY } from '../../src/domain/ideas/offline-library/index.ts';
import { DEFAULT_SETTINGS, generatedIdeaSchema, type GeneratedIdea, type GenerateRequest } from '../../src/domain/ideas/schema.ts';
import { OPTION_LABELS } from '../../src/domain/options.ts';
import { VARIETY_SETTINGS } from '../support/idea-settings.ts';
import { ideaTells } from '../support/idea-tells.ts';

let book: GroundingChapter[];
beforeAll(async () => {
  book = (await loadBook()).chapters.map((c) => toGroundingChapter(c));
});

const values = <F extends keyof typeof OPTION_LABELS>(field: F) => Object.keys(OPTION_LABELS[field]) as GenerateRequest[F][];
const requestArb: fc.Arbitrary<GenerateRequest> = fc.record({
  businessCategory: fc.constantFrom(...values('businessCategory')),
  targetMarket: fc.constantFrom(...values('targetMarket')),
  aiFocus: fc.constantFrom(...values('aiFocus')),
  revenueModel: fc.constantFrom(...values('revenueModel')),
  bsvFeature: fc.constantFrom(...values('bsvFeature')),
  innovationLevel: fc.integer({ min: 1, max: 10 }),
  useAnthropic: fc.boolean(),
});
const seedArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const compose = (request: GenerateRequest, seed: string) => composeOfflineIdea({ request, chapters: [], book }, seed);
const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** Every text of an idea. */
function texts(idea: GeneratedIdea): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(idea);
  return out;
}
function sentences(idea: GeneratedIdea): string[] {
  return texts(idea)
    .flatMap((t) => t.split(/(?<=[.!?])\s+(?=[A-Z0-9])/))
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4);
}
/** A deterministic spread of requests over every control. */
function spread(i: number): GenerateRequest {
  const pickOf = <F extends keyof typeof OPTION_LABELS>(field: F, step: number) =>
    values(field)[(i * step + Math.floor(i / 7)) % values(field).length] as GenerateRequest[F];
  return {
    businessCategory: pickOf('businessCategory', 1),
    targetMarket: pickOf('targetMarket', 3),
    aiFocus: pickOf('aiFocus', 5),
    revenueModel: pickOf('revenueModel', 2),
    bsvFeature: pickOf('bsvFeature', 7),
    innovationLevel: (i % 10) + 1,
    useAnthropic: true,
  };
}

describe('seed library', () => {
  it('has at least 8 concepts for each of the 15 categories, each grounded in chapters the book has', () => {
    const categories = values('businessCategory').filter((c) => c !== 'all');
    expect(Object.keys(SEED_LIBRARY).sort()).toEqual([...categories].sort());
    const ids = new Set(book.map((c) => c.id));
    for (const category of categories) {
      const library = SEED_LIBRARY[category as keyof typeof SEED_LIBRARY];
      expect(new Set(library.seeds.map((s) => s.product)).size).toBeGreaterThanOrEqual(8);
      for (const seed of library.seeds) for (const id of seed.chapters) expect(ids.has(id), `${category}/${seed.subject}: ${id}`).toBe(true);
    }
  });
});

describe('offline engine', () => {
  it('composes a valid idea whose figures come from one consistent model (property)', () => {
    fc.assert(
      fc.property(requestArb, seedArb, (request, seed) => {
        const { idea, numbers: n, chapterIds }: OfflineComposition = compose(request, seed);
        expect(generatedIdeaSchema.safeParse(idea).success).toBe(true);
        expect(chapterIds.length).toBeGreaterThanOrEqual(1);
        // The model: market -> customers -> actions -> revenue -> load.
        expect(n.customers).toBeGreaterThanOrEqual(1);
        expect(n.customers).toBeLessThanOrEqual(n.market);
        expect(n.sharePercent).toBeCloseTo((n.customers / n.market) * 100, 6);
        expect(n.sharePercent).toBeLessThanOrEqual(6);
        expect(n.dailyActions).toBe(n.customers * n.perCustomerDaily);
        expect(n.dailySats).toBe(n.dailyActions * n.priceSats);
        expect(n.monthlySats).toBe(n.dailySats * 30);
        expect(n.marketSatsPerYear).toBe(n.market * n.perCustomerDaily * n.priceSats * 365);
        expect(n.peakTps).toBe(Math.max(1, Math.ceil((n.dailyActions / 86_400) * 5)));
        expect(n.launchMonth).toBe(n.phaseMonths.slice(0, 3).reduce((a, b) => a + b, 0));
        // The text states the same figures.
        expect(idea.marketAnalysis).toMatch(n.customers === 1 ? /\bone\b/ : new RegExp(`\\b${fmt(n.customers)}\\b`));
        expect(idea.marketAnalysis).toContain(`${fmt(n.monthlySats)} satoshis`);
        expect(idea.marketAnalysis).toContain(`US$${USD_PER_BSV}`);
        expect(idea.businessModel.quickStats.minPayment.startsWith(`${fmt(n.priceSats)} satoshis per `)).toBe(true);
        expect(idea.businessModel.quickStats.targetTPS.startsWith(`${fmt(n.peakTps)} TPS at peak (${fmt(n.dailyActions)} `)).toBe(true);
        expect(idea.businessModel.quickStats.launchTime).toContain(`public launch in month ${n.launchMonth}`);
        expect(idea.implementationRoadmap[2]?.timeline).toMatch(new RegExp(`[- ]${n.launchMonth}$`));
        expect(idea.implementationRoadmap.at(-1)?.timeline).toMatch(new RegExp(`[- ]${n.phaseMonths.reduce((a, b) => a + b, 0)}$`));
        expect(idea.executiveSummary).toContain(usd(satsToUsd(n.monthlySats)));
        // Miner fees from Chapter 3's table, stated per transaction; a price pays its own fee ten times over.
        expect(n.transactionFee).toBeGreaterThanOrEqual(20);
        expect(n.priceSats).toBeGreaterThanOrEqual(n.transactionFee * 10);
        expect(idea.businessModel.costStructure.join(' ')).toContain(`${fmt(n.transactionFee)} satoshis each`);
        expect(satsToUsd(n.monthlySats)).toBeCloseTo(((n.dailySats * 30) / 1e8) * USD_PER_BSV, 9);
        // No percentage above 100 anywhere, no sentence twice, no warning among the advantages.
        for (const t of texts(idea))
          for (const m of t.matchAll(/(\d[\d,]*(?:\.\d+)?)\s?%/g)) expect(Number((m[1] ?? '').replace(/,/g, ''))).toBeLessThanOrEqual(100);
        const list = sentences(idea);
        expect(new Set(list).size).toBe(list.length);
        for (const advantage of idea.marketDifferentiation.competitiveAdvantages)
          expect(advantage).not.toMatch(/\b(risk|warning|caution|must not|never store)\b/i);
      }),
      { numRuns: 300 },
    );
  });

  it('takes its concept from the chosen category, and its customers from the chosen market', () => {
    for (const category of values('businessCategory').filter((c) => c !== 'all')) {
      const library = SEED_LIBRARY[category as keyof typeof SEED_LIBRARY];
      for (let i = 0; i < 10; i += 1) {
        const { idea } = compose({ ...DEFAULT_SETTINGS, businessCategory: category, targetMarket: 'b2c' }, `cat${i}`);
        expect(library.seeds.map((s) => s.pain)).toContain(idea.painPointsSolved[0]);
        expect(library.seeds.map((s) => s.feature.title)).toContain(idea.coreFeatures[0]?.title);
        expect(idea.marketAnalysis).toContain(library.people);
      }
    }
  });

  it('follows the AI focus when one is set', () => {
    const { idea } = compose({ ...DEFAULT_SETTINGS, businessCategory: 'fintech', aiFocus: 'computer-vision' }, 'vision');
    expect(idea.technologySynergies.ai).toMatch(/^Vision models/);
    expect(idea.marketDifferentiation.technicalArchitecture.aiEngine).toMatch(/^Object detection/);
  });

  it('reproduces an idea from its seed, and another seed gives another idea', () => {
    fc.assert(
      fc.property(requestArb, seedArb, seedArb, (request, a, b) => {
        expect(compose(request, a)).toEqual(compose(request, a));
        if (a !== b) expect(compose(request, a).idea).not.toEqual(compose(request, b).idea);
      }),
      { numRuns: 100 },
    );
  });

  it.each([...VARIETY_SETTINGS, { ...DEFAULT_SETTINGS, businessCategory: 'governance', innovationLevel: 6 }] as GenerateRequest[])(
    'never repeats a concept within one series of 100 clicks, and varies with independent seeds (%#)',
    (request) => {
      const clicks = Array.from({ length: 100 }, (_, i) => compose(request, `visit7--${i + 1}`));
      expect(new Set(clicks.map((c) => c.conceptKey)).size).toBe(100);
      expect(new Set(clicks.map((c) => c.idea.businessName)).size).toBeGreaterThanOrEqual(95);
      // Independent seeds (links, the API without a series) draw at random from the same concepts.
      const independent = Array.from({ length: 100 }, (_, i) => compose(request, `variety-${i}`));
      expect(new Set(independent.map((c) => c.conceptKey)).size).toBeGreaterThanOrEqual(60);
    },
  );

  it('keeps numbers inside the bounds of the customer: daily actions, subscription floors, fees from the book (property)', () => {
    fc.assert(
      fc.property(requestArb, seedArb, (request, seed) => {
        const { numbers: n, resolved } = compose(request, seed);
        const market = resolved['targetMarket'] as keyof typeof DAILY_ACTIONS_CAP;
        expect(n.perCustomerDaily).toBeLessThanOrEqual(DAILY_ACTIONS_CAP[market]);
        expect(n.perCustomerDaily).toBeGreaterThanOrEqual(1);
        if (resolved['revenueModel'] === 'subscription')
          expect(satsToUsd(n.perCustomerDaily * 30 * n.priceSats)).toBeGreaterThanOrEqual(SUBSCRIPTION_FLOOR_USD[market]);
        expect([minerFee(BOOK_FEE.paymentBytes), minerFee(BOOK_FEE.anchorBytes)]).toContain(n.transactionFee);
        expect(n.feeSatsPerDay).toBe(n.transactionsPerDay * n.transactionFee);
      }),
      { numRuns: 300 },
    );
  });

  it("states miner fees from Chapter 3's fee table: the same rate and sizes give the table's fees", async () => {
    const chapter = await (await import('../../src/domain/book/load.ts')).loadChapter(path.resolve('content'), 'chapter-03.md');
    const row = chapter.markdown.split('\n').find((line) => line.startsWith('|') && line.includes(`${BOOK_FEE.paymentBytes}`) && /\b100\b/.test(line));
    expect(row, 'the 226-byte row at 100 sat/kB').toBeDefined();
    expect(row).toMatch(new RegExp(`\\b${minerFee(BOOK_FEE.paymentBytes)}\\b`));
    expect(minerFee(BOOK_FEE.paymentBytes)).toBe(23);
    expect(minerFee(BOOK_FEE.anchorBytes)).toBe(24);
  });

  it("shows none of a machine's tells across 60 varied ideas: no frame in more than 12, no slips, no doubled words, fees from the book", () => {
    const ideas = Array.from({ length: 60 }, (_, i) => compose(spread(i * 13 + 5), `tells-${i}`).idea);
    const tells = ideaTells(ideas);
    expect(tells.topFrames[0]?.ideas ?? 0, tells.topFrames[0]?.text).toBeLessThanOrEqual(12);
    expect(tells.slips).toEqual([]);
    expect(tells.doubled).toEqual([]);
    expect(tells.feesUnstated).toEqual([]);
    expect(tells.feesPerTransaction.length).toBe(60);
    expect(Math.min(...tells.feesPerTransaction)).toBeGreaterThanOrEqual(20);
    expect(ideas.map((idea) => idea.executiveSummary).join(' ')).not.toMatch(/second module/i);
  });

  it('repeats no sentence in more than 10% of ideas across all settings', () => {
    const count = 500;
    const seen = new Map<string, number>();
    for (let i = 0; i < count; i += 1) for (const s of new Set(sentences(compose(spread(i), `spread-${i}`).idea))) seen.set(s, (seen.get(s) ?? 0) + 1);
    const [top, times] = [...seen.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    expect(times, top).toBeLessThanOrEqual(count * 0.1);
  });

  it('makes the innovation level change the kind of concept, its roadmap and its numbers', () => {
    for (let i = 0; i < 30; i += 1) {
      const request = spread(i);
      const low = compose({ ...request, innovationLevel: 1 }, `level-${i}`);
      const high = compose({ ...request, innovationLevel: 10 }, `level-${i}`);
      expect(low.idea.businessName).toMatch(/ (Plug-in|Audit|Bridge)$/);
      expect(high.idea.businessName).toMatch(/ (Protocol|Marketplace|Commons)$/);
      expect(low.idea.implementationRoadmap).toHaveLength(3);
      expect(high.idea.implementationRoadmap).toHaveLength(5);
      expect(high.numbers.launchMonth).toBeGreaterThan(low.numbers.launchMonth);
      expect(low.idea.marketAnalysis).toMatch(/vendors of .* add a similar|makers of the .* copy the feature/);
      expect(high.idea.marketAnalysis).toMatch(/the market is not there yet|can fail to form/);
    }
    expect([1, 3, 4, 7, 8, 10].map(bandOf)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('resolved settings (issue 27: Key Details shows what the engine chose)', () => {
  it("replaces every 'all' by the value the idea was written for, and keeps chosen values", async () => {
    const { normalizeIdea } = await import('../../src/domain/ideas/normalize.ts');
    const { generateIdea } = await import('../../src/domain/ideas/generate.ts');
    const { OfflineEngine } = await import('../../src/domain/ideas/offline-engine.ts');
    const { MemoryIdeaStore } = await import('../../src/domain/ideas/store.ts');
    const store = new MemoryIdeaStore();
    const request = {
      ...DEFAULT_SETTINGS,
      businessCategory: 'all',
      targetMarket: 'all',
      aiFocus: 'all',
      bsvFeature: 'all',
      revenueModel: 'all',
    } as GenerateRequest;
    const res = await generateIdea({ ...request, useAnthropic: false }, null, { store, chapters: book, engines: { offline: new OfflineEngine() } });
    const record = store.ideas.get(res.id);
    expect(record?.parameters).toMatchObject({ businessCategory: 'all', targetMarket: 'all', aiFocus: 'all' });
    for (const field of ['businessCategory', 'targetMarket', 'aiFocus', 'bsvFeature', 'revenueModel'] as const) {
      expect(record?.resolvedSettings?.[field], field).toBeDefined();
      expect(record?.resolvedSettings?.[field], field).not.toBe('all');
      expect(Object.keys(OPTION_LABELS[field])).toContain(record?.resolvedSettings?.[field]);
    }
    expect(res.resolvedSettings).toEqual(record?.resolvedSettings);
    const view = normalizeIdea(record!);
    expect(view.details.targetMarket).not.toMatch(/^All/);
    expect(view.details.aiFocus).not.toMatch(/^All/);
    expect(view.category).toBe(OPTION_LABELS.businessCategory[record?.resolvedSettings?.['businessCategory'] as 'fintech']);
    // A stored record from before (no resolvedSettings) still reads its parameters.
    const { resolvedSettings: _gone, ...older } = record!;
    expect(normalizeIdea(older).details.targetMarket).toBe(OPTION_LABELS.targetMarket.all);
  });
});
