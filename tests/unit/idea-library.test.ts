import { describe, expect, it } from 'vitest';
import { checkIdea, coverageProblems, sharedPhraseProblems, type BookFacts } from '../../src/domain/ideas/library/check.ts';
import { computeFigures, lossesBeforeBreakEven, readFeeTable } from '../../src/domain/ideas/library/economics.ts';
import { LibraryEngine } from '../../src/domain/ideas/library/engine.ts';
import { articleSlips, moneyFigures, matchesOne } from '../../src/domain/ideas/library/prose.ts';
import type { LibraryIdea } from '../../src/domain/ideas/library/schema.ts';
import { fitScore, parseSeed, selectIdea, unmetNotice } from '../../src/domain/ideas/library/select.ts';
import { DEFAULT_SETTINGS, type GenerateRequest } from '../../src/domain/ideas/schema.ts';
import { sampleIdea } from '../support/ideas.ts';

/** A small synthetic library and book: unit tests never read content/. */
const TABLE =
  '| Transaction | Bytes | Rate (sat/kB) | Fee (sat) |\n| --- | --- | --- | --- |\n| P2PKH payment, 1 in, 2 out | 226 | 100 | 23 |\n| Hash anchor | 236 | 100 | 24 |';
const book: BookFacts = { feeTable: readFeeTable(TABLE), anchors: new Map([['chapter-12', new Set(['anchoring-sensor-data'])]]) };

function libraryIdea(key: string, fits: Partial<LibraryIdea['fits']>, name = key): LibraryIdea {
  const { inspiredBy: _links, ...idea } = sampleIdea(name);
  return {
    key,
    fits: {
      category: 'agriculture',
      targetMarkets: ['b2b'],
      aiFocuses: ['computer-vision'],
      revenueModels: ['subscription'],
      bsvFeatures: ['timestamping'],
      innovationLevel: 5,
      ...fits,
    },
    draws: [{ chapter: 'chapter-12', section: 'anchoring-sensor-data' }],
    economics: {
      unit: 'farm month',
      customerNoun: 'farms',
      pricePerUnit: 400,
      unitsPerCustomerPerMonth: 1,
      rampMonths: 1,
      customers: { '6': 20, '12': 80, '24': 300 },
      team: 5,
      teamCostPerYear: 600_000,
      infrastructurePerMonth: 2_000,
      otherCostsPerMonth: 3_000,
      transactionsPerUnit: 30,
      transactionBytes: 236,
      bsvPriceUsd: 50,
      otherFigures: [],
    },
    idea: {
      ...idea,
      businessName: name,
      businessModel: {
        ...idea.businessModel,
        quickStats: { minPayment: 'US$400 a month', targetTPS: '5', marketSize: '4,000 orchards', launchTime: '6 months' },
      },
    },
  };
}

const LIBRARY = [
  libraryIdea('agriculture/orchard-ledger', { innovationLevel: 2 }),
  libraryIdea('agriculture/herd-pass', { targetMarkets: ['p2p'], revenueModels: ['transaction-fees'], innovationLevel: 6 }),
  libraryIdea('agriculture/seed-vault', { targetMarkets: ['b2g'], bsvFeatures: ['tokenisation'], innovationLevel: 9 }),
  libraryIdea('fintech/till-check', { category: 'fintech', targetMarkets: ['p2p'], innovationLevel: 5 }),
];
const ask = (over: Partial<GenerateRequest>): GenerateRequest => ({ ...DEFAULT_SETTINGS, ...over }) as GenerateRequest;

describe('selecting an idea from the library', () => {
  it('ranks the category first, then the revenue model and market, then the feature and AI focus, then the level', () => {
    const request = ask({ businessCategory: 'agriculture', targetMarket: 'p2p', innovationLevel: 5 });
    const [first, second] = LIBRARY.map((i) => ({ key: i.key, score: fitScore(i, request) })).sort((a, b) => b.score - a.score);
    expect(first?.key).toBe('agriculture/herd-pass');
    // The fintech idea honours the market but not the category: it ranks below every agriculture idea.
    expect(second?.key).not.toBe('fintech/till-check');
    expect(selectIdea(LIBRARY, request, 'visit--0').item.key).toBe('agriculture/herd-pass');
  });

  it('past the category, ranks the idea that misses fewer settings first, whichever they are', () => {
    // narrow keeps the market and revenue model but misses the feature, the AI focus and the level's band;
    // wide misses the market alone: one difference beats three (the old order chose narrow).
    const request = ask({
      businessCategory: 'agriculture',
      targetMarket: 'b2g',
      revenueModel: 'subscription',
      bsvFeature: 'tokenisation',
      aiFocus: 'computer-vision',
      innovationLevel: 9,
    });
    const wide = libraryIdea('agriculture/wide', {
      targetMarkets: ['p2p', 'b2b'],
      revenueModels: ['subscription'],
      bsvFeatures: ['tokenisation'],
      innovationLevel: 8,
    });
    const narrow = libraryIdea('agriculture/narrow', {
      targetMarkets: ['b2g'],
      revenueModels: ['subscription'],
      bsvFeatures: ['micropayments'],
      aiFocuses: ['nlp'],
      innovationLevel: 2,
    });
    const { item, unmet } = selectIdea([narrow, wide], request, 'v--0');
    expect(item.key).toBe('agriculture/wide');
    // The notice names every market the idea serves, not only its first, and a level other than the one asked even inside its band.
    expect(unmet).toEqual(['target market Peer to peer (P2P) and Business to business (B2B), not Business to government (B2G)', 'innovation level 8, not 9']);
    expect(selectIdea([narrow, wide], { ...request, innovationLevel: 8 }, 'v--0').unmet).toHaveLength(1);
  });

  it('walks down the ranking on each click of a visit, repeating nothing until the library is exhausted, and a seed gives one idea', () => {
    const request = ask({ businessCategory: 'agriculture' });
    const keys = Array.from({ length: 4 }, (_, n) => selectIdea(LIBRARY, request, `abc--${n}`).item.key);
    expect(new Set(keys).size).toBe(4);
    expect(keys.slice(0, 3).every((k) => k.startsWith('agriculture/'))).toBe(true);
    expect(selectIdea(LIBRARY, request, 'abc--1').item.key).toBe(keys[1]);
    expect(selectIdea(LIBRARY, request, 'abc--4').item.key).toBe(keys[0]);
    expect(parseSeed('x--y--12')).toEqual({ base: 'x--y', click: 12 });
    expect(parseSeed('plain')).toEqual({ base: 'plain', click: 0 });
  });

  it("gives the idea's own values and names, in plain words, every setting it does not honour", () => {
    const request = ask({ businessCategory: 'gaming', targetMarket: 'b2g', revenueModel: 'subscription', innovationLevel: 9 });
    const { item, resolved, unmet } = selectIdea(LIBRARY, request, 'v--0');
    expect(item.key).toBe('agriculture/seed-vault');
    expect(resolved).toMatchObject({ businessCategory: 'agriculture', targetMarket: 'b2g', revenueModel: 'subscription', innovationLevel: 9 });
    expect(unmet).toEqual(['category Agriculture, not Gaming']);
    expect(unmetNotice(unmet)).toBe('The closest idea in the offline library differs from your settings in one: category Agriculture, not Gaming.');
    expect(unmetNotice(['target market Businesses (B2B), not Consumers (B2C)', 'revenue model Subscription, not Micropayments'])).toBe(
      'The closest idea in the offline library differs from your settings in two of them: target market Businesses (B2B), not Consumers (B2C); revenue model Subscription, not Micropayments.',
    );
    expect(unmetNotice([])).toBeNull();
  });

  it('answers as the offline engine: the idea unchanged, its chapters and sections, the notice', async () => {
    const engine = new LibraryEngine(async () => LIBRARY);
    const sections: string[] = [];
    const answer = await engine.generate(
      { request: ask({ businessCategory: 'agriculture', targetMarket: 'marketplace', innovationLevel: 6 }), chapters: [], seed: 's--0' },
      { signal: new AbortController().signal, onSection: (s) => sections.push(s) },
    );
    expect(LIBRARY.map((i) => i.idea)).toContainEqual(answer.idea);
    expect(answer.chapterIds).toEqual(['chapter-12']);
    expect(answer.sections).toEqual([{ chapter: 'chapter-12', section: 'anchoring-sensor-data' }]);
    expect(answer.notice).toMatch(/in one: target market .*, not Marketplace\.$/);
    expect(sections).toHaveLength(9);
  });
});

describe('checking an idea', () => {
  it('recomputes the economics: fee a transaction from the table, break-even customers', () => {
    const figures = computeFigures(LIBRARY[0]!.economics, book.feeTable);
    expect(figures.feePerTransactionSats).toBe(24);
    // (50,000 + 2,000 + 3,000) / (400 - 30 x 24 x 50 / 1e8) = 137.5...
    expect(figures.breakEvenCustomers).toBe(138);
  });

  it('fails an idea whose prose states a figure that follows from nothing, a wrong article, a false break-even or a chapter number', () => {
    const good = libraryIdea('agriculture/orchard-ledger', {});
    good.idea.executiveSummary = `${good.idea.executiveSummary} Each farm pays US$400 a month; by month 24 the 300 farms bring US$120,000 a month, and each anchor costs 24 satoshis. ${'x'.repeat(120)}`;
    good.idea.marketAnalysis = `${'Orchards need proof. '.repeat(20)}`;
    const base = checkIdea(good, book).filter((p) => !/items, expected|phases, expected/.test(p));
    expect(base).toEqual([]);
    const broken = structuredClone(good);
    broken.idea.executiveSummary = broken.idea.executiveSummary.replace('US$120,000', 'US$1.5 million').replace('Each farm', 'Each farm, a apple grower,');
    broken.idea.marketAnalysis = `${broken.idea.marketAnalysis} It breaks even in year one. Chapter 12 explains why.`;
    const problems = checkIdea(broken, book).join('\n');
    expect(problems).toMatch(/"Chapter 12": state what the book shows, not where/);
    expect(problems).toMatch(/"US\$1\.5 million" follows from nothing/);
    expect(problems).toMatch(/article: "a apple"/);
    expect(problems).toMatch(/mentions break-even but economics.breakEvenMonth is not set/);
  });

  it('reads a count of customers with the rounding it implies: about 140 farms for a break-even at 138, not 150', () => {
    const idea = libraryIdea('agriculture/orchard-ledger', {});
    idea.idea.executiveSummary = `${idea.idea.executiveSummary} It covers its costs at about 140 farms. ${'x'.repeat(120)}`;
    idea.idea.marketAnalysis = `${'Orchards need proof. '.repeat(20)}`;
    idea.economics.breakEvenMonth = 12;
    const count = (i: LibraryIdea) => checkIdea(i, book).filter((p) => /farms"? is neither/.test(p));
    expect(count(idea)).toEqual([]);
    const wrong = structuredClone(idea);
    wrong.idea.executiveSummary = wrong.idea.executiveSummary.replace('about 140 farms', 'about 150 farms');
    expect(count(wrong)).toEqual(['"150 farms" is neither a milestone (20, 80, 300) nor the break-even count (138)']);
  });

  it('fails a stated raise that does not cover the losses before break-even, customers growing in a straight line', () => {
    const idea = libraryIdea('agriculture/orchard-ledger', {});
    // Months 1-6: 70 customer-months against 6 x 55,000; 7-12: 330; 13-15: 350; month 16 (153 farms) covers its costs.
    expect(lossesBeforeBreakEven(computeFigures(idea.economics, book.feeTable))).toBeCloseTo(525_000, -2);
    const raised = (value: number) => {
      const i = structuredClone(idea);
      i.economics.otherFigures = [{ value, source: "the founders' funding plan, 2026" }];
      return checkIdea(i, book).filter((p) => /raise/.test(p));
    };
    expect(raised(600_000)).toEqual([]);
    expect(raised(500_000)).toEqual([expect.stringMatching(/the raise \(US\$500000\) does not cover the losses before break-even \(about US\$525000:/)]);
  });

  it('ramps each new customer up to full volume: revenue, break-even and losses follow the ramp', () => {
    const idea = libraryIdea('agriculture/orchard-ledger', {});
    idea.economics.rampMonths = 4;
    const figures = computeFigures(idea.economics, book.feeTable);
    // Months 1-6 bring 20/6 farms each; at month 6 they buy 4/4, 4/4, 4/4, 3/4, 2/4 and 1/4 of full volume: 4.5 x 20/6 = 15.
    expect(figures.milestones.map((m) => m.activeCustomers)).toEqual([expect.closeTo(15, 6), expect.closeTo(65, 6), expect.closeTo(272.5, 6)]);
    expect(figures.milestones[0]?.revenuePerMonth).toBeCloseTo(6_000, 6);
    // Break-even (month 17, not 16) comes a month later, and the losses before it grow from 525,000.
    expect(lossesBeforeBreakEven(figures)).toBeCloseTo(603_334, -1);
    const stated = (text: string, raise: number) => {
      const i = structuredClone(idea);
      i.idea.marketAnalysis = `${'Orchards need proof. '.repeat(20)} ${text}`;
      i.economics.otherFigures = [{ value: raise, source: "the founders' funding plan, 2026" }];
      return checkIdea(i, book).filter((p) => /US\$|raise|farms/.test(p));
    };
    expect(stated('By month 6 the 20 farms pay US$6,000 a month, the equivalent of 15 farms at full volume.', 700_000)).toEqual([]);
    expect(stated('By month 6 the 20 farms pay US$8,000 a month.', 600_000)).toEqual([
      expect.stringMatching(/the raise \(US\$600000\) does not cover the losses before break-even \(about US\$603334:/),
      '"US$8,000" follows from nothing in economics (add it to otherFigures with its source if it is a sourced figure)',
    ]);
    const late = structuredClone(idea);
    late.economics.customers = { '6': 20, '12': 80, '16': 140, '24': 300 };
    late.economics.breakEvenMonth = 16;
    expect(checkIdea(late, book).filter((p) => /break-even needs/.test(p))).toEqual([
      expect.stringMatching(/^break-even needs 138 farms; month 16 has 1\d\d at full volume \(of 140\)$/),
    ]);
  });

  it('checks an outlook past the plan: its count and revenue follow from it, it grows, its team pays for itself', () => {
    const idea = libraryIdea('agriculture/orchard-ledger', {});
    idea.idea.marketAnalysis = `${'Orchards need proof. '.repeat(20)} By year five, 1,500 farms would pay about US$7.2 million a year.`;
    idea.economics.outlook = {
      month: 60,
      customers: 1_500,
      team: 12,
      teamCostPerYear: 1_440_000,
      basis: 'one in ten of the 15,000 orchards over 20 ha (census, 2022)',
    };
    const outlookProblems = (i: LibraryIdea) => checkIdea(i, book).filter((p) => /outlook|1,500 farms|US\$\d/.test(p));
    expect(outlookProblems(idea)).toEqual([]);
    const wrongRevenue = structuredClone(idea);
    wrongRevenue.idea.marketAnalysis = wrongRevenue.idea.marketAnalysis.replace('US$7.2 million', 'US$9 million');
    expect(outlookProblems(wrongRevenue)).toEqual([
      '"US$9 million" follows from nothing in economics (add it to otherFigures with its source if it is a sourced figure)',
    ]);
    const smaller = structuredClone(idea);
    smaller.economics.outlook = { ...idea.economics.outlook, customers: 250 };
    expect(outlookProblems(smaller).join('\n')).toMatch(/outlook has 250 farms, no more than month 24's 300/);
    const costly = structuredClone(idea);
    costly.economics.outlook = { ...idea.economics.outlook, team: 40, teamCostPerYear: 8_000_000 };
    expect(outlookProblems(costly).join('\n')).toMatch(/at the outlook's month 60 revenue does not cover costs with its team of 40/);
    const early = structuredClone(idea);
    early.economics.customers = { ...idea.economics.customers, '36': 900 };
    early.economics.outlook = { ...idea.economics.outlook, month: 30 };
    expect(outlookProblems(early).join('\n')).toMatch(/outlook month 30 is not after the last milestone \(month 36\)/);
    const thin = structuredClone(idea);
    thin.economics.outlook = { ...idea.economics.outlook, team: 4, teamCostPerYear: 1_200_000 };
    expect(outlookProblems(thin)).toEqual([
      "outlook team of 4 is smaller than month 12's 5",
      'outlook team cost is US$300000 a person a year; expected 60,000 to 250,000',
    ]);
  });

  it('reads money as written, with the rounding it implies', () => {
    const [m] = moneyFigures('about US$2.5 million a year');
    expect(m?.value).toBe(2_500_000);
    expect(matchesOne(m!, [2_520_000])).toBe(true);
    expect(matchesOne(m!, [2_600_000])).toBe(false);
    expect(articleSlips('an SDK, a user, an hour, a HIPAA rule, an 8-week pilot, a API')).toEqual(['a API']);
  });

  it('reports a category without 12 ideas, a missing band or option, and phrases many ideas share', () => {
    const problems = coverageProblems('agriculture', LIBRARY.slice(0, 3)).join('\n');
    expect(problems).toMatch(/3 ideas, at least 12 wanted/);
    expect(problems).toMatch(/no idea honours targetMarket b2c/);
    expect(sharedPhraseProblems(LIBRARY).join('\n')).toMatch(/is in 4 ideas \(at most 2\)/);
  });
});
