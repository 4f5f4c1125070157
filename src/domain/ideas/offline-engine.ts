import type { IdeaSeed } from '../book/schema.ts';
import type { AiFocus, BsvFeature, BusinessCategory, RevenueModel, TargetMarket } from '../options.ts';
import { IDEA_SECTIONS, type EngineCallOptions, type EngineInput, type IdeaEngine } from './engine.ts';
import { inspiredByOf, type GroundingChapter, type Random } from './grounding.ts';
import { AI, BSV, CATEGORY, innovationWords, MARKET, REVENUE } from './offline-vocabulary.ts';
import { generatedIdeaSchema, type GeneratedIdea } from './schema.ts';

/** The model name recorded for ideas written by the offline engine. */
export const OFFLINE_MODEL = 'book-composer-1';

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same idea. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit number from a seed string (FNV-1a), for seededRandom. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// One formatter each, made once: toLocaleString builds a new Intl.NumberFormat on every call.
const INTEGER = new Intl.NumberFormat('en-US');
const BSV_AMOUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const fmt = (n: number) => INTEGER.format(n);
const between = (random: Random, [lo, hi]: [number, number]) => lo + Math.floor(random() * (hi - lo + 1));
function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
/** Rounds to two significant digits, so figures read like estimates (1,234 -> 1,200). */
function roughly(n: number): number {
  if (n < 100) return Math.max(1, Math.round(n));
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}

type Concrete<T extends string> = Exclude<T, 'all'>;

/** The controls with every 'all' replaced by a concrete value the main chapter covers. */
export interface ResolvedControls {
  businessCategory: Concrete<BusinessCategory>;
  targetMarket: Concrete<TargetMarket>;
  aiFocus: Concrete<AiFocus>;
  revenueModel: Concrete<RevenueModel>;
  bsvFeature: Concrete<BsvFeature>;
}

function resolve<T extends string>(value: T | 'all', chapterValues: readonly string[], all: readonly T[], random: Random): T {
  if (value !== 'all') return value;
  // Prefer the chapter's most relevant (first-listed) topics.
  const candidates = chapterValues.slice(0, 3).filter((v): v is T => (all as readonly string[]).includes(v));
  return pick(random, candidates.length > 0 ? candidates : all);
}

// Whether a seed's text matches a keyword pattern: seeds and patterns are fixed, so each pair is
// tested once per process (the tests were most of the engine's time).
const seedMatches = new WeakMap<IdeaSeed, Map<RegExp, boolean>>();
function matches(seed: IdeaSeed, re: RegExp): boolean {
  let known = seedMatches.get(seed);
  if (!known) {
    known = new Map();
    seedMatches.set(seed, known);
  }
  let hit = known.get(re);
  if (hit === undefined) {
    hit = re.test(`${seed.name} ${seed.problem} ${seed.solution} ${seed.aiRole} ${seed.bsvRole}`);
    known.set(re, hit);
  }
  return hit;
}

/** Picks the seed of the main chapter that best fits the controls (random among the best). */
function chooseSeed(chapter: GroundingChapter, controls: ResolvedControls, random: Random, exclude?: string): IdeaSeed {
  const tests = [CATEGORY[controls.businessCategory].keywords, AI[controls.aiFocus].keywords, BSV[controls.bsvFeature].keywords];
  const scored = chapter.seeds
    .filter((seed) => seed.name !== exclude)
    .map((seed) => ({ seed, score: tests.filter((re) => matches(seed, re)).length + random() * 0.9 }));
  scored.sort((a, b) => b.score - a.score);
  const first = scored[0];
  if (!first) throw new Error(`${chapter.id} has no idea seeds`);
  return first.seed;
}

interface Phase {
  phase: string;
  months: number;
  tasks: string[];
}

/**
 * Composes a complete idea from the book's material for the chosen controls. Pure: the same input
 * and seed give the same idea; a different seed gives a different seed idea, name and figures.
 */
export function composeOfflineIdea(input: EngineInput, seed: number): GeneratedIdea {
  const random = seededRandom(seed);
  const [main, ...others] = input.chapters;
  if (!main) throw new Error('the offline engine needs at least one chapter');
  const { request } = input;

  const controls: ResolvedControls = {
    businessCategory: resolve(request.businessCategory, main.topics.businessCategory, Object.keys(CATEGORY) as Concrete<BusinessCategory>[], random),
    targetMarket: resolve(request.targetMarket, main.topics.targetMarket, Object.keys(MARKET) as Concrete<TargetMarket>[], random),
    aiFocus: resolve(request.aiFocus, main.topics.aiFocus, Object.keys(AI) as Concrete<AiFocus>[], random),
    revenueModel: resolve(request.revenueModel, main.topics.revenueModel, Object.keys(REVENUE) as Concrete<RevenueModel>[], random),
    bsvFeature: resolve(request.bsvFeature, main.topics.bsvFeature, Object.keys(BSV) as Concrete<BsvFeature>[], random),
  };
  const category = CATEGORY[controls.businessCategory];
  const market = MARKET[controls.targetMarket];
  const ai = AI[controls.aiFocus];
  const bsv = BSV[controls.bsvFeature];
  const revenue = REVENUE[controls.revenueModel];
  const level = request.innovationLevel;
  const bold = innovationWords(level);

  const seedIdea = chooseSeed(main, controls, random);
  const second = others[0];
  const secondSeed = second ? chooseSeed(second, controls, random, seedIdea.name) : undefined;

  const businessName = random() < 0.5 ? seedIdea.name : `${seedIdea.name} ${pick(random, market.nameSuffixes)}`;

  // Figures, derived from each other so every section tells the same story.
  const minSats = roughly(between(random, revenue.minSats));
  const pay = `${fmt(minSats)} satoshis`;
  const accounts = roughly(between(random, market.accounts));
  const perAccountDaily = roughly(between(random, market.perAccountDaily));
  const daily = accounts * perAccountDaily;
  const averageTps = daily / 86_400;
  const peakTps = Math.max(1, Math.ceil(averageTps * 5));
  const loadTestTps = Math.max(100, roughly(peakTps * 10));
  const dailySats = daily * minSats;
  const serviceable = roughly(between(random, category.serviceable));
  const batchSats = 100;
  const feeSatsPerDay = 1_440 * batchSats;

  // Roadmap: longer phases for bolder ideas; a fourth phase from level 7.
  const stretch = level >= 8 ? 2 : level >= 4 ? 1 : 0;
  const phases: Phase[] = [
    {
      phase: 'Foundation and prototype',
      months: 2 + stretch,
      tasks: [
        `Build the core workflow: ${lowerFirst(seedIdea.solution)}`,
        `Wire ${bsv.featureTitle.toLowerCase()}: ${lowerFirst(bsv.architecture)}`,
        `Prototype the AI part (${ai.featureTitle.toLowerCase()}) on sample data`,
        `Interview 15 ${category.customers} to confirm the problem`,
      ],
    },
    {
      phase: 'Pilot with first customers',
      months: 3 + stretch,
      tasks: [
        `Run a paid pilot with 3 to 5 ${market.accountNoun}, charging from ${pay} per ${bsv.unit}`,
        `Integrate with pilot customers: ${lowerFirst(seedIdea.internetRole)}`,
        'Measure accuracy, latency and cost per request; publish a verification guide',
      ],
    },
    {
      phase: 'Public launch and scale',
      months: 3 + stretch,
      tasks: [
        `Load-test the transaction pipeline to ${fmt(loadTestTps)} transactions per second (ten times the planned peak of ${fmt(peakTps)})`,
        `Launch publicly and grow to ${fmt(accounts)} ${market.accountNoun} by the end of year one`,
        `Add self-service onboarding and ${revenue.featureTitle.toLowerCase()} billing`,
      ],
    },
  ];
  if (level >= 7) {
    phases.push({
      phase: 'Network effects and expansion',
      months: 4 + stretch,
      tasks: [
        secondSeed ? `Extend into ${secondSeed.name}: ${lowerFirst(secondSeed.solution)}` : 'Open the verification API to third parties',
        'Open the protocol so partners can build on the same records',
        `Enter a second region after the first ${fmt(accounts)} ${market.accountNoun}`,
      ],
    });
  }
  let month = 0;
  const implementationRoadmap = phases.map((p, i) => {
    const start = month + 1;
    month += p.months;
    return { phase: `Phase ${i + 1}: ${p.phase}`, timeline: `Months ${start}-${month}`, tasks: p.tasks };
  });
  const pilotStart = (phases[0]?.months ?? 0) + 1;
  const launchMonth = phases.slice(0, 3).reduce((sum, p) => sum + p.months, 0);

  const chapterNames = inspiredByOf(input.chapters).map((c) => c.title);
  const executiveSummary = [
    `${businessName} is ${/^[aeiou]/i.test(bold.adjective) ? 'an' : 'a'} ${bold.adjective} ${category.sector} business for ${market.phrase}.`,
    seedIdea.solution,
    ai.sentence,
    bsv.sentence,
    `It earns ${revenue.summary}, from ${pay} per ${bsv.unit}, and plans a paying pilot from month ${pilotStart} and a public launch in month ${launchMonth}.`,
    bold.stance,
    `The idea draws on ${listJoin(chapterNames)} of the book.`,
  ].join(' ');

  const painPointsSolved = [seedIdea.problem, bsv.pain, market.pain];
  if (level >= 6 || secondSeed === undefined)
    painPointsSolved.push(`AI results in ${category.sector} are hard to trust when nobody can show which model produced them and from what input.`);
  else painPointsSolved.push(secondSeed.problem);

  const marketAnalysis = [
    `The first market is ${fmt(serviceable)} ${category.customers}.`,
    `The plan targets ${fmt(accounts)} ${market.accountNoun} by the end of year one, about ${fmt(roughly((accounts / serviceable) * 1000) / 10)}% of that market, each generating about ${fmt(perAccountDaily)} ${bsv.unit}s a day: ${fmt(daily)} a day in total, an average of ${averageTps < 10 ? averageTps.toFixed(1) : fmt(Math.round(averageTps))} and a peak of about ${fmt(peakTps)} transactions per second.`,
    `At ${pay} per ${bsv.unit} that is ${fmt(dailySats)} satoshis (${BSV_AMOUNT.format(dailySats / 1e8)} BSV) a day from usage alone.`,
    `Incumbent tools in ${category.sector} keep their records in databases the operator controls and bill by card or invoice, which makes charges below a few cents uneconomic. ${businessName} competes on verifiability and on price granularity, which ${chapterNames[0] ?? 'the book'} shows are hard to retrofit.`,
  ].join(' ');

  const coreFeatures = [
    { title: 'Core workflow', description: seedIdea.solution },
    { title: ai.featureTitle, description: `${seedIdea.aiRole} ${ai.sentence}` },
    { title: bsv.featureTitle, description: seedIdea.bsvRole },
    { title: 'Open integration layer', description: seedIdea.internetRole },
    {
      title: revenue.featureTitle,
      description: `Prices start at ${pay} per ${bsv.unit}, paid from a BRC-100 wallet and verified by SPV before the work is done.`,
    },
  ];
  if (secondSeed) coreFeatures.push({ title: `Add-on: ${secondSeed.name}`, description: secondSeed.solution });

  const keyPoint = pick(random, main.keyPoints);
  const idea: GeneratedIdea = {
    businessName,
    executiveSummary,
    painPointsSolved,
    marketAnalysis,
    businessModel: {
      quickStats: {
        minPayment: `${pay} per ${bsv.unit}`,
        targetTPS: `${fmt(peakTps)} TPS at peak (${fmt(daily)} ${bsv.unit}s a day by the end of year one)`,
        marketSize: `${fmt(serviceable)} ${category.customers}; ${fmt(accounts)} ${market.accountNoun} targeted in year one`,
        launchTime: `Pilot from month ${pilotStart}, public launch in month ${launchMonth}`,
      },
      revenueStreams: revenue.streams(pay, bsv.unit),
      costStructure: [
        `Miner fees: one batched transaction a minute at about ${batchSats} satoshis, ${fmt(feeSatsPerDay)} satoshis a day, shared by every ${bsv.unit}`,
        ai.cost,
        'Serverless hosting and CDN, scaling with request volume',
        market.support,
        `A founding team of ${level >= 7 ? 8 : level >= 4 ? 6 : 4} (engineering, product, sales)`,
      ],
    },
    technologySynergies: {
      internet: `${seedIdea.internetRole} ${market.infrastructure}.`,
      ai: `${seedIdea.aiRole} ${ai.sentence}`,
      bsv: `${seedIdea.bsvRole} ${bsv.sentence}`,
    },
    coreFeatures,
    implementationRoadmap,
    marketDifferentiation: {
      competitiveAdvantages: [
        bsv.advantage,
        `${ai.featureTitle}: ${lowerFirst(ai.sentence)}`,
        `Priced in satoshis from ${pay} per ${bsv.unit}, so small customers pay only for what they use`,
        `Grounded in ${chapterNames[0] ?? 'the book'}: ${keyPoint}`,
      ],
      technicalArchitecture: {
        frontend: market.frontend,
        backend: 'TypeScript services on serverless functions, @bsv/sdk for transactions, SPV and BRC-103 authentication',
        aiEngine: ai.architecture,
        blockchain: bsv.architecture,
        database: bsv.database,
        infrastructure: market.infrastructure,
      },
    },
  };
  return generatedIdeaSchema.parse(idea);
}

/** Lower-cases the first letter (not of an acronym) and drops a final period, to embed a sentence. */
function lowerFirst(text: string): string {
  const body = text.replace(/\.\s*$/, '');
  return /^[A-Z](?![A-Z0-9])/.test(body) ? body.charAt(0).toLowerCase() + body.slice(1) : body;
}

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The engine used when the chosen provider has no API key: composes ideas from the book. */
export class OfflineEngine implements IdeaEngine {
  readonly name = 'offline' as const;
  readonly model = OFFLINE_MODEL;
  private readonly nextSeed: () => number;
  constructor(nextSeed: () => number = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) {
    this.nextSeed = nextSeed;
  }

  async generate(input: EngineInput, { signal, onSection }: EngineCallOptions): Promise<GeneratedIdea> {
    signal.throwIfAborted();
    const idea = composeOfflineIdea(input, input.seed !== undefined ? hashSeed(input.seed) : this.nextSeed());
    for (const section of IDEA_SECTIONS) onSection?.(section);
    return idea;
  }
}
