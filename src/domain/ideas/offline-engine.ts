import { shortSubtitle } from '../book/load.ts';
import type { AiFocus, BsvFeature, BusinessCategory, RevenueModel, TargetMarket } from '../options.ts';
import { IDEA_SECTIONS, type EngineAnswer, type EngineCallOptions, type EngineInput, type IdeaEngine } from './engine.ts';
import type { GroundingChapter, Random } from './grounding.ts';
import { SEED_LIBRARY, type Buyer, type CategoryLibrary, type ConceptSeed } from './offline-library/index.ts';
import { AI, BSV, MARKET, REVENUE, type PhraseContext } from './offline-vocabulary.ts';
import { generatedIdeaSchema, type GeneratedIdea } from './schema.ts';
import { seededRandom } from './seeded-random.ts';

/** The model name recorded for ideas written by the offline engine. */
const OFFLINE_MODEL = 'book-composer-2';

/** The stated exchange-rate assumption behind every US dollar figure. */
export const USD_PER_BSV = 40;
/** The stated miner-fee assumption: about one satoshi for a transaction of a few hundred bytes. */
const FEE_SATS_PER_TRANSACTION = 1;
const SATS_PER_BSV = 100_000_000;

type Concrete<T extends string> = Exclude<T, 'all'>;
type Category = Concrete<BusinessCategory>;
/** 0: levels 1-3, an improvement to a workflow buyers already have; 1: levels 4-7, a new product in an existing market; 2: levels 8-10, a new market or protocol. */
export type Band = 0 | 1 | 2;

export function bandOf(level: number): Band {
  return level <= 3 ? 0 : level <= 7 ? 1 : 2;
}

interface Form {
  /** The product type in the name ("Plug-in", "Registry", "Protocol"). */
  noun: string;
  summary: (c: PhraseContext) => string;
  internet: (c: PhraseContext) => string;
}

/** What kind of product the concept becomes at each band: the innovation level changes the concept, not an adjective. */
const FORMS: Record<Band, Form[]> = {
  0: [
    {
      noun: 'Plug-in',
      summary: (c) =>
        `It ships as a plug-in for the ${c.system} that ${c.buyers} already run, so staff keep their screens and gain ${c.records} they can verify.`,
      internet: (c) => `A plug-in speaks the ${c.system}' existing web APIs and adds BRC-103 signed requests, so no shared API keys are handed out.`,
    },
    {
      noun: 'Audit',
      summary: (c) =>
        `It starts as a nightly audit beside the ${c.system} of ${c.buyers}, reconciling ${c.records} with what the system shows and flagging every gap.`,
      internet: (c) => `A scheduled connector reads exports from the ${c.system} over HTTPS and publishes a daily reconciliation report per site.`,
    },
    {
      noun: 'Bridge',
      summary: (c) =>
        `It is a bridge between the ${c.system} of ${c.buyers} and their partners, sending each ${c.record} with a proof instead of an email or a PDF.`,
      internet: (c) => `Webhooks from the ${c.system} feed the bridge, which forwards each ${c.record} to partners with its proof attached.`,
    },
  ],
  1: [
    {
      noun: 'Registry',
      summary: (c) =>
        `It is a hosted registry that ${c.who} and their partners query directly: a new product in a market that already pays for ${c.subject.toLowerCase()} work.`,
      internet: (c) => `A public HTTPS lookup answers any query about a ${c.record} with its proof, cached at the edge for repeat checks.`,
    },
    {
      noun: 'API',
      summary: (c) => `It is an API that software vendors build into their products for ${c.who}, priced per ${c.action} so vendors pay only as they grow.`,
      internet: (c) => `A documented REST API with SDKs lets any vendor create and verify ${c.records} in a few lines, authenticated per request.`,
    },
    {
      noun: 'Companion',
      summary: (c) => `It is a companion app that ${c.people} carry themselves, which ${c.buyers} accept in place of their own forms.`,
      internet: (c) => `The companion app works offline and syncs ${c.records} when a connection returns, presenting them to ${c.buyers} by QR code.`,
    },
  ],
  2: [
    {
      noun: 'Protocol',
      summary: (c) =>
        `It is an open protocol: any vendor can issue and check ${c.records}, and the company earns from the reference implementation and hosted nodes.`,
      internet: (c) =>
        `The protocol is published as an open specification with an overlay topic for ${c.records}, so independent hosts serve the same lookups.`,
    },
    {
      noun: 'Marketplace',
      summary: (c) =>
        `It creates a market that cannot exist while ${c.records} are unverifiable: ${c.who} sell access to verified ones to insurers, lenders and researchers, who pay per ${c.action}.`,
      internet: (c) => `A marketplace API lists verified ${c.records} with their proofs, and buyers pay per ${c.action} before the data is released.`,
    },
    {
      noun: 'Commons',
      summary: (c) =>
        `It is a shared commons: ${c.who} pool ${c.records} into one verifiable network that no single member owns, and pay per ${c.action} to use it.`,
      internet: (c) => `Members run their own nodes for ${c.records} and discover each other through SHIP and SLAP, so no operator can switch the commons off.`,
    },
  ],
};

/** Share of the reachable market won in year one, in percent, by band. */
const SHARE_PERCENT: Record<Band, [number, number]> = { 0: [2, 6], 1: [1, 4], 2: [0.3, 1.5] };
/** Roadmap phase lengths in months, by band. */
const PHASE_MONTHS: Record<Band, [number, number][]> = {
  0: [
    [1, 2],
    [2, 3],
    [2, 3],
  ],
  1: [
    [2, 3],
    [3, 4],
    [3, 4],
    [3, 5],
  ],
  2: [
    [3, 4],
    [4, 6],
    [4, 6],
    [5, 7],
    [6, 8],
  ],
};
const TEAM: Record<Band, number> = { 0: 4, 1: 6, 2: 9 };

// One formatter each, made once: toLocaleString builds a new Intl.NumberFormat on every call.
const INTEGER = new Intl.NumberFormat('en-US');
const fmt = (n: number) => INTEGER.format(n);
/** Formats an amount with at most `digits` significant digits ("0.0125", "1,200"). */
function sig(n: number, digits = 3): string {
  if (n === 0) return '0';
  if (Math.abs(n) >= 1000) return fmt(Math.round(n));
  return new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits }).format(n);
}
function usd(n: number): string {
  if (n >= 1_000_000) return `US$${sig(n / 1_000_000, 2)} million`;
  if (n >= 1000) return `US$${fmt(roughly(n))}`;
  if (n >= 100) return `US$${fmt(Math.round(n))}`;
  if (n >= 1) return `US$${n.toFixed(2)}`;
  return `US$${sig(n, 2)}`;
}
function between(random: Random, [lo, hi]: readonly [number, number]): number {
  return lo + random() * (hi - lo);
}
function int(random: Random, [lo, hi]: readonly [number, number]): number {
  return Math.floor(lo + random() * (hi - lo + 1));
}
function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
function weightedPick<T>(random: Random, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let r = random() * total;
  for (const item of items) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return pick(random, items);
}
/** Rounds to two significant digits, so figures read like estimates (1,234 -> 1,200). */
function roughly(n: number): number {
  if (n < 100) return Math.max(1, Math.round(n));
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}
/** Rounds down to two significant digits (14,417 -> 14,000). */
function roughlyDown(n: number): number {
  if (n < 100) return Math.floor(n);
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / magnitude) * magnitude;
}
function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}
/** Lower-cases the first letter (not of an acronym) and drops a final full stop, to embed a sentence. */
function lowerFirst(text: string): string {
  const body = text.replace(/\.\s*$/, '');
  return /^[A-Z](?![A-Z0-9])/.test(body) ? body.charAt(0).toLowerCase() + body.slice(1) : body;
}
function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The small model behind every figure of one idea: each number follows from the ones before it. */
interface IdeaNumbers {
  /** Reachable customers in the launch region. */
  market: number;
  /** Customers won in year one, and their share of the market in percent. */
  customers: number;
  sharePercent: number;
  /** Paid actions per customer per day. */
  perCustomerDaily: number;
  /** Price of one action in satoshis. */
  priceSats: number;
  dailyActions: number;
  dailySats: number;
  monthlySats: number;
  /** Usage revenue a year if the whole reachable market adopted it, in satoshis. */
  marketSatsPerYear: number;
  averageTps: number;
  peakTps: number;
  transactionsPerDay: number;
  feeSatsPerDay: number;
  /** Roadmap: months per phase, pilot start and public launch month. */
  phaseMonths: number[];
  pilotStart: number;
  launchMonth: number;
}

/** Turns satoshis into US dollars at the stated assumption. */
export function satsToUsd(sats: number): number {
  return (sats / SATS_PER_BSV) * USD_PER_BSV;
}

/** What one composition produced: the idea, the chapters it drew on and the figures behind it. */
export interface OfflineComposition {
  idea: GeneratedIdea;
  chapterIds: string[];
  numbers: IdeaNumbers;
  /** Identifies the concept: the same key means the same product, whatever its wording. */
  conceptKey: string;
  /** The settings as the engine resolved them ('all' replaced by what it chose). */
  resolved: Record<string, string>;
}

/**
 * Composes a complete idea for the request from the seed library. Pure: the same request and seed
 * give the same idea. The category picks the concept library; the seed picks a concept, a second
 * concept as its module, a buyer and a product form of the innovation band; the target market, AI
 * focus, BSV feature and revenue model shape every section; one numbers model feeds every figure.
 */
export function composeOfflineIdea(input: EngineInput, seed: string): OfflineComposition {
  const { request } = input;
  const level = request.innovationLevel;
  const band = bandOf(level);
  // The band is part of the stream, so levels 1 and 10 with one seed are different concepts.
  const random = seededRandom(seed, `offline:${band}`);

  const categories = Object.keys(SEED_LIBRARY) as Category[];
  const category: Category = request.businessCategory === 'all' ? pick(random, categories) : request.businessCategory;
  const library: CategoryLibrary = SEED_LIBRARY[category];
  // Concepts written around the chosen AI focus or BSV feature are twice as likely, never exclusive.
  const fit = (s: ConceptSeed) => 1 + (s.aiFocus === request.aiFocus ? 1 : 0) + (s.bsvFeature === request.bsvFeature ? 1 : 0);
  const primary = weightedPick(random, library.seeds, fit);
  const secondary = pick(
    random,
    library.seeds.filter((s) => s !== primary),
  );
  const buyer: Buyer = pick(random, library.buyers);
  const form = pick(random, FORMS[band]);
  const market: Concrete<TargetMarket> = request.targetMarket === 'all' ? pick(random, Object.keys(MARKET) as Concrete<TargetMarket>[]) : request.targetMarket;
  const aiFocus: Concrete<AiFocus> = request.aiFocus === 'all' ? primary.aiFocus : request.aiFocus;
  const bsvFeature: Concrete<BsvFeature> = request.bsvFeature === 'all' ? primary.bsvFeature : request.bsvFeature;
  const revenueModel: Concrete<RevenueModel> =
    request.revenueModel === 'all' ? pick(random, Object.keys(REVENUE) as Concrete<RevenueModel>[]) : request.revenueModel;
  const ai = AI[aiFocus];
  const bsv = BSV[bsvFeature];
  const revenue = REVENUE[revenueModel];
  const marketWords = MARKET[market];

  // Who pays, and how many of them a launch region holds.
  const people = library.people;
  const payers: Record<Concrete<TargetMarket>, { who: string; count: readonly [number, number]; daily: readonly [number, number] }> = {
    b2b: { who: buyer.plural, count: buyer.count, daily: buyer.actionsPerDay },
    b2b2c: { who: buyer.plural, count: buyer.count, daily: [buyer.actionsPerDay[0] * 1.5, buyer.actionsPerDay[1] * 1.5] },
    b2g: { who: library.agencies, count: library.agencyCount, daily: [buyer.actionsPerDay[0] * 3, buyer.actionsPerDay[1] * 3] },
    b2c: { who: `${people} of ${buyer.plural}`, count: library.peopleCount, daily: [1, 3] },
    p2p: { who: people, count: library.peopleCount, daily: [1, 2] },
    marketplace: { who: buyer.plural, count: buyer.count, daily: [buyer.actionsPerDay[0] / 2, buyer.actionsPerDay[1] / 2] },
  };
  const payer = payers[market];
  const c: PhraseContext = {
    who: payer.who,
    buyers: buyer.plural,
    people,
    system: library.system,
    record: primary.record,
    records: plural(primary.record),
    action: primary.action,
    actions: plural(primary.action),
    data: primary.data,
    subject: primary.subject,
  };

  // The numbers model: market -> customers -> actions -> revenue -> load -> fees.
  const marketSize = roughly(between(random, payer.count));
  // People adopt more slowly than organisations: a fifth of the band's share. Rounded down to two
  // significant digits, so a small market never shows more than the band's share (one customer at least).
  const peopleMarket = market === 'b2c' || market === 'p2p';
  const sharePick = between(random, SHARE_PERCENT[band]) * (peopleMarket ? 0.2 : 1);
  const customers = Math.max(1, roughlyDown((marketSize * sharePick) / 100));
  const sharePercent = (customers / marketSize) * 100;
  const perCustomerDaily = roughly(between(random, payer.daily));
  const priceSats = roughly((between(random, revenue.usdPerAction) / USD_PER_BSV) * SATS_PER_BSV);
  const dailyActions = customers * perCustomerDaily;
  const dailySats = dailyActions * priceSats;
  const monthlySats = dailySats * 30;
  const marketSatsPerYear = marketSize * perCustomerDaily * priceSats * 365;
  const averageTps = dailyActions / 86_400;
  const peakTps = Math.max(1, Math.ceil(averageTps * 5));
  const transactionsPerDay = bsv.batched ? 1_440 : dailyActions;
  const feeSatsPerDay = transactionsPerDay * FEE_SATS_PER_TRANSACTION;
  const phaseMonths = PHASE_MONTHS[band].map((range) => int(random, range));
  const pilotStart = (phaseMonths[0] ?? 0) + 1;
  const launchMonth = phaseMonths.slice(0, 3).reduce((sum, m) => sum + m, 0);
  const pilotCustomers = Math.max(1, Math.min(peopleMarket ? 500 : 5, roughlyDown(customers / 10)));
  const numbers: IdeaNumbers = {
    market: marketSize,
    customers,
    sharePercent,
    perCustomerDaily,
    priceSats,
    dailyActions,
    dailySats,
    monthlySats,
    marketSatsPerYear,
    averageTps,
    peakTps,
    transactionsPerDay,
    feeSatsPerDay,
    phaseMonths,
    pilotStart,
    launchMonth,
  };
  const price = `${fmt(priceSats)} satoshis`;
  const pilot = pilotCustomers === 1 ? `one of the ${c.who}` : `${fmt(pilotCustomers)} ${c.who}`;
  const share = `${sig(sharePercent, 2)}%`;
  const perCustomerMonth = `${fmt(perCustomerDaily * 30 * priceSats)} satoshis (${usd(satsToUsd(perCustomerDaily * 30 * priceSats))})`;
  const bsvAmount = (sats: number) => `${sig(sats / SATS_PER_BSV)} BSV, about ${usd(satsToUsd(sats))}`;

  const businessName = `${buyer.word} ${primary.subject} & ${secondary.subject} ${form.noun}`;
  const chapterIds = [...new Set([...primary.chapters, ...secondary.chapters.slice(0, 1)])].slice(0, 3);
  const book = input.book ?? input.chapters;
  const grounding = chapterIds.map((id) => book.find((ch) => ch.id === id)).filter((ch): ch is GroundingChapter => ch !== undefined);
  const chapterNames = grounding.map((ch) => `${ch.title} (${shortSubtitle(ch.subtitle)})`);

  const stance: Record<Band, string> = {
    0: `It improves a workflow ${c.buyers} already have instead of asking them to change it, which keeps each sale short.`,
    1: `It is a new product for a market that already pays for ${library.incumbents}, sold on proofs those cannot give.`,
    2: `It bets on a market that does not exist yet: ${c.records} that anyone can verify and trade without ${library.incumbents}.`,
  };
  const executiveSummary = [
    `${businessName} is ${primary.product}, for ${c.who}.`,
    form.summary(c),
    `Its second module adds ${secondary.subject.toLowerCase()}: ${lowerFirst(secondary.product)}.`,
    aiFocus === primary.aiFocus ? primary.ai : ai.sentence(c),
    primary.onChain,
    `In year one it aims at ${fmt(customers)} ${c.who} and about ${fmt(monthlySats)} satoshis (${usd(satsToUsd(monthlySats))}) a month, from ${c.actions} priced at ${price} each.`,
    stance[band],
    chapterNames.length > 0 ? `The concept draws on ${listJoin(chapterNames)} of the book.` : '',
  ]
    .filter(Boolean)
    .join(' ');

  const risk: Record<Band, string> = {
    0: `The main risk is that vendors of ${c.system} add a similar ${c.subject.toLowerCase()} check themselves; the plan answers with proofs they cannot issue and a head start with the first ${c.buyers}.`,
    1: `The main risk is adoption: ${c.buyers} must trust a new vendor with their ${c.records}, so the pilot is paid, small and limited to one workflow.`,
    2: `The main risk is that the market is not there yet: it needs ${c.people} and ${c.buyers} to adopt shared rules for ${c.records} together, so the first year builds a working network before charging at scale.`,
  };
  const marketAnalysis = [
    `The launch region holds about ${fmt(marketSize)} ${c.who}.`,
    `The plan reaches ${fmt(customers)} of them in year one, ${share} of that market, each making about ${fmt(perCustomerDaily)} ${c.actions} a day: ${fmt(dailyActions)} a day in total, ${sig(averageTps, 2)} transactions per second on average and ${fmt(peakTps)} at peak.`,
    `At ${price} per ${c.action} that is ${fmt(dailySats)} satoshis (${bsvAmount(dailySats)}) a day and ${fmt(monthlySats)} satoshis (${bsvAmount(monthlySats)}) a month, at an assumed US$${USD_PER_BSV} per BSV.`,
    `If every one of the ${fmt(marketSize)} adopted it at that rate, usage would be worth about ${usd(satsToUsd(marketSatsPerYear))} a year.`,
    `Today ${c.buyers} rely on ${library.incumbents}, which keep each ${c.record} where only its operator can check it.`,
    marketWords.channel(c),
    risk[band],
  ].join(' ');

  const painPointsSolved = [primary.pain, buyer.pain, secondary.pain, bsv.pain(c)];

  const coreFeatures = [
    primary.feature,
    { title: `Module: ${secondary.feature.title}`, description: secondary.feature.description },
    { title: `${c.subject}: ${lowerFirst(ai.featureTitle)}`, description: ai.feature(c) },
    { title: `${capitalise(c.records)}: ${lowerFirst(bsv.featureTitle)}`, description: bsv.feature(c) },
    {
      title: `${capitalise(c.actions)}: ${lowerFirst(revenue.featureTitle)}`,
      description: `Each ${c.action} costs ${price} (about ${usd(satsToUsd(priceSats))}), paid from a BRC-100 wallet and checked by SPV before the work is done.`,
    },
  ];

  const phaseNames: Record<Band, string[]> = {
    0: [`${c.subject} inside the ${c.system} of two ${c.buyers}`, `Paid pilot with ${pilot}`, `Roll-out to ${fmt(customers)} ${c.who}`],
    1: [
      `${c.subject} ${form.noun} prototype`,
      `Paid pilot with ${pilot}`,
      `Public launch of the ${c.subject} ${form.noun}`,
      `Growth to ${fmt(customers)} ${c.who}`,
    ],
    2: [
      `Specification and reference ${c.subject.toLowerCase()} node`,
      `Founding members among the ${c.buyers}`,
      `Open launch of the ${c.subject} ${form.noun}`,
      `Second region and independent hosts for ${c.records}`,
      `Governance handed to members, ${fmt(customers)} ${c.who} on the network`,
    ],
  };
  const tasks: string[][] = [
    [
      `Map where each ${c.record} enters today's workflow at two ${c.buyers}`,
      `Build the ${c.subject.toLowerCase()} core: ${lowerFirst(primary.feature.description)}`,
      `Prototype the AI on sample ${c.data}`,
    ],
    [
      `Charge the pilot ${c.who} ${price} per ${c.action} from day one`,
      `Add the ${secondary.subject.toLowerCase()} module for the pilot sites`,
      `Measure time saved per ${c.action} and publish a verification guide`,
    ],
    [
      `Load-test the ${c.subject.toLowerCase()} pipeline to ${fmt(Math.max(10, peakTps * 10))} transactions per second, ten times the planned peak of ${fmt(peakTps)}`,
      `Self-service onboarding for ${c.who}`,
      `Reach ${fmt(customers)} ${c.who} and ${fmt(dailyActions)} ${c.actions} a day`,
    ],
    [
      `Publish the ${c.record} format so other vendors can verify it`,
      `Partner integrations of ${c.records} with the main ${c.system} vendors`,
      `Expand from ${fmt(customers)} to ${fmt(customers * 3)} ${c.who}`,
    ],
    [
      `Hand rule changes for ${c.records} to a members' council`,
      `Certify independent ${c.subject.toLowerCase()} hosts in a second region`,
      `Break even on ${fmt(monthlySats)} satoshis of monthly usage`,
    ],
  ];
  let month = 0;
  const implementationRoadmap = phaseMonths.map((months, i) => {
    const start = month + 1;
    month += months;
    return { phase: `Phase ${i + 1}: ${phaseNames[band][i] ?? 'Scale'}`, timeline: `Months ${start}-${month}`, tasks: tasks[i] ?? [] };
  });

  const formAdvantage: Record<Band, string> = {
    0: `No new tools for ${c.buyers}: it works inside the ${c.system} they already run`,
    1: `A product ${c.who} can buy today, priced per ${c.action} with no licence fee`,
    2: `First to define open rules for ${c.records}, which later entrants will build on`,
  };
  const idea: GeneratedIdea = {
    businessName,
    executiveSummary,
    painPointsSolved,
    marketAnalysis,
    businessModel: {
      quickStats: {
        minPayment: `${price} per ${c.action} (about ${usd(satsToUsd(priceSats))})`,
        targetTPS: `${fmt(peakTps)} TPS at peak (${fmt(dailyActions)} ${c.actions} a day by the end of year one)`,
        marketSize: `${fmt(marketSize)} ${c.who} in the launch region (about ${usd(satsToUsd(marketSatsPerYear))} a year at full adoption); ${fmt(customers)} (${share}) in year one`,
        launchTime: `Pilot with ${pilot} from month ${pilotStart}; public launch in month ${launchMonth}`,
      },
      revenueStreams: revenue.streams({ price, perCustomerMonth, c }),
      costStructure: [
        `Miner fees for ${c.records}: about ${fmt(transactionsPerDay)} transactions a day at an assumed ${FEE_SATS_PER_TRANSACTION} satoshi each, ${fmt(feeSatsPerDay)} satoshis (${usd(satsToUsd(feeSatsPerDay))}) a day`,
        `${ai.cost} for ${c.data}`,
        `Serverless hosting and CDN for ${c.who}, sized for ${fmt(peakTps)} transactions per second at peak`,
        marketWords.support(c),
        `A founding team of ${TEAM[band]}, including ${library.expert}`,
      ],
    },
    technologySynergies: {
      internet: form.internet(c),
      ai: ai.detail(c),
      bsv: bsv.detail(c),
    },
    coreFeatures,
    implementationRoadmap,
    marketDifferentiation: {
      competitiveAdvantages: [
        bsv.advantage(c),
        `${primary.feature.title} and ${lowerFirst(secondary.feature.title)} in one product for ${c.buyers}`,
        `Priced at ${price} per ${c.action}, so small ${c.who} pay only for what they use`,
        formAdvantage[band],
      ],
      technicalArchitecture: {
        frontend: marketWords.frontend(c),
        backend: `TypeScript services on serverless functions for the ${c.subject.toLowerCase()} workflow and the ${secondary.subject.toLowerCase()} module, with @bsv/sdk for ${c.records}`,
        aiEngine: `${ai.architecture}, working on ${c.data}`,
        blockchain: `${bsv.architecture}, carrying each ${c.record}`,
        database: `${bsv.database}, per ${c.record}`,
        infrastructure: marketWords.infrastructure(c),
      },
    },
  };
  return {
    idea: generatedIdeaSchema.parse(idea),
    chapterIds: grounding.map((ch) => ch.id),
    numbers,
    conceptKey: `${category}/${primary.subject}/${secondary.subject}/${buyer.word}/${form.noun}`,
    resolved: { businessCategory: category, targetMarket: market, aiFocus, bsvFeature, revenueModel },
  };
}

/** The engine that needs no API key: composes ideas from the seed library, reproducibly from a seed. */
export class OfflineEngine implements IdeaEngine {
  readonly name = 'offline' as const;
  readonly model = OFFLINE_MODEL;

  async generate(input: EngineInput, { signal, onSection }: EngineCallOptions): Promise<EngineAnswer> {
    signal.throwIfAborted();
    const { idea, chapterIds, resolved } = composeOfflineIdea(input, input.seed ?? crypto.randomUUID());
    for (const section of IDEA_SECTIONS) onSection?.(section);
    return { idea, chapterIds, resolved };
  }
}
