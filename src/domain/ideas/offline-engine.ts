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
const SATS_PER_BSV = 100_000_000;
/**
 * Miner fees as Chapter 3's worked fee table computes them: the SDK's fallback rate of 100
 * satoshis per 1,000 bytes on a 226-byte payment and a 236-byte anchoring transaction (one
 * OP_RETURN output). tests/unit/offline-engine.test.ts checks these figures against the table.
 */
export const BOOK_FEE = { satsPerKb: 100, paymentBytes: 226, anchorBytes: 236 } as const;
/** The fee of a transaction of `bytes` at `satsPerKb`, rounded up as the SDK does. */
export function minerFee(bytes: number, satsPerKb: number = BOOK_FEE.satsPerKb): number {
  return Math.ceil((bytes * satsPerKb) / 1000);
}
/**
 * What a paying customer does a day at most, by market: a council or a court makes a few hundred
 * paid actions a day, not thousands; a person a handful. One place, checked by a property test.
 */
export const DAILY_ACTIONS_CAP: Record<'b2b' | 'b2b2c' | 'b2g' | 'b2c' | 'p2p' | 'marketplace', number> = {
  b2b: 50_000,
  b2b2c: 50_000,
  b2g: 400,
  b2c: 5,
  p2p: 3,
  marketplace: 20_000,
};
/** The least a customer pays a month on a subscription, in US dollars (no US$0.12 plans). */
export const SUBSCRIPTION_FLOOR_USD: Record<'b2b' | 'b2b2c' | 'b2g' | 'b2c' | 'p2p' | 'marketplace', number> = {
  b2b: 49,
  b2b2c: 49,
  b2g: 250,
  b2c: 3,
  p2p: 2,
  marketplace: 29,
};

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
export function usd(n: number): string {
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
/** Rounds up to two significant digits (14,417 -> 15,000), so a floor stays a floor. */
function roughlyUp(n: number): number {
  if (n < 100) return Math.max(1, Math.ceil(n));
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / magnitude) * magnitude;
}
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** "four", or the figure past twelve. */
function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? fmt(n);
}
/** Rounds down to two significant digits (14,417 -> 14,000). */
function roughlyDown(n: number): number {
  if (n < 100) return Math.floor(n);
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / magnitude) * magnitude;
}
/** "1 transaction", "2 transactions", "1 regional utility" (the noun phrase's last word agrees). */
function count(n: number, singular: string): string {
  return `${fmt(n)} ${n === 1 ? singular : plural(singular)}`;
}
/** "0.1 transactions per second", "1 transaction per second". */
function perSecond(n: number): string {
  const text = sig(n, 2);
  return `${text} ${text === '1' ? 'transaction' : 'transactions'} per second`;
}
/** The singular of a plural noun ("regional utilities" -> "regional utility"); for one person or firm. */
function singularOf(phrase: string): string {
  const last = phrase.split(' and ')[0] ?? phrase;
  if (/ies$/.test(last)) return `${last.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(last)) return last;
  if (/(x|ch|sh|ss)es$/.test(last)) return last.slice(0, -2);
  return last.replace(/s$/, '');
}
/** "Months 4-6", or "Month 4" for a phase of one month. */
function monthRange(start: number, end: number): string {
  return start === end ? `Month ${start}` : `Months ${start}-${end}`;
}
/** A word repeated back to back ("Solar Solar Share", "API API") said once. */
function undouble(text: string): string {
  return text.replace(/\b([A-Za-z][\w-]*)(\s+\1\b)+/gi, '$1');
}
/** The value with `f` applied to every string in it. */
function mapStrings<T>(value: T, f: (text: string) => string): T {
  if (typeof value === 'string') return f(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, f)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)])) as T;
  return value;
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
  /** Miner fee of one transaction, in satoshis (Chapter 3's fee table). */
  transactionFee: number;
  feeSatsPerDay: number;
  /** Roadmap: months per phase, pilot start and public launch month. */
  phaseMonths: number[];
  pilotStart: number;
  launchMonth: number;
}

/**
 * A seed of a series, `<base>--<n>` (the generator page sends one per click: its own base, then 1,
 * 2, 3...): the n-th concept of one shuffled list of every concept of the category, so the clicks
 * of one visit never repeat a concept (until the list runs out) and each stays reproducible.
 */
const SERIES_SEED = /^([A-Za-z0-9_-]+?)--(\d{1,4})$/;

function nthConcept(
  library: CategoryLibrary,
  forms: Form[],
  fit: (s: ConceptSeed) => number,
  listKey: string,
  n: number,
): { primary: ConceptSeed; buyer: Buyer; form: Form } {
  const random = seededRandom(listKey, 'offline-series');
  // A weighted shuffle (each concept keyed by u^(1/weight), largest first): better-fitting
  // concepts come earlier, and every concept comes once.
  const all = library.seeds.flatMap((primary) => library.buyers.flatMap((buyer) => forms.map((form) => ({ primary, buyer, form }))));
  const keyed = all.map((concept) => ({ concept, key: random() ** (1 / fit(concept.primary)) })).sort((a, b) => b.key - a.key);
  const chosen = keyed[(Math.max(1, n) - 1) % keyed.length]?.concept;
  if (!chosen) throw new Error('a category without concepts');
  return chosen;
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
  // Concepts written around the chosen AI focus or BSV feature are more likely, never exclusive.
  const fit = (s: ConceptSeed) => 1 + (s.aiFocus === request.aiFocus ? 0.5 : 0) + (s.bsvFeature === request.bsvFeature ? 0.5 : 0);
  const series = SERIES_SEED.exec(seed);
  const { primary, buyer, form } = series
    ? nthConcept(library, FORMS[band], fit, `${series[1]}:${category}:${band}`, Number(series[2]))
    : { primary: weightedPick(random, library.seeds, fit), buyer: pick(random, library.buyers), form: pick(random, FORMS[band]) };
  const market: Concrete<TargetMarket> = request.targetMarket === 'all' ? pick(random, Object.keys(MARKET) as Concrete<TargetMarket>[]) : request.targetMarket;
  const aiFocus: Concrete<AiFocus> = request.aiFocus === 'all' ? primary.aiFocus : request.aiFocus;
  const bsvFeature: Concrete<BsvFeature> = request.bsvFeature === 'all' ? primary.bsvFeature : request.bsvFeature;
  const revenueModel: Concrete<RevenueModel> =
    request.revenueModel === 'all' ? pick(random, Object.keys(REVENUE) as Concrete<RevenueModel>[]) : request.revenueModel;
  const ai = AI[aiFocus];
  const bsv = BSV[bsvFeature];
  const revenue = REVENUE[revenueModel];
  const marketWords = MARKET[market];

  // Who pays, and how many of them a launch region holds. Each payer's daily paid actions are
  // capped by the kind of customer it is (DAILY_ACTIONS_CAP): a council is not a card network.
  const people = library.people;
  const capped = (range: readonly [number, number]): [number, number] => [
    Math.min(range[0], DAILY_ACTIONS_CAP[market]),
    Math.min(range[1], DAILY_ACTIONS_CAP[market]),
  ];
  const payers: Record<Concrete<TargetMarket>, { who: string; count: readonly [number, number]; daily: [number, number] }> = {
    b2b: { who: buyer.plural, count: buyer.count, daily: capped(buyer.actionsPerDay) },
    b2b2c: { who: buyer.plural, count: buyer.count, daily: capped([buyer.actionsPerDay[0] * 1.5, buyer.actionsPerDay[1] * 1.5]) },
    b2g: {
      who: library.agencies,
      count: library.agencyCount,
      daily: capped([Math.max(20, buyer.actionsPerDay[0] / 10), Math.max(60, buyer.actionsPerDay[1] / 10)]),
    },
    b2c: { who: people, count: library.peopleCount, daily: capped([1, 3]) },
    p2p: { who: people, count: library.peopleCount, daily: capped([1, 2]) },
    marketplace: { who: buyer.plural, count: buyer.count, daily: capped([buyer.actionsPerDay[0] / 2, buyer.actionsPerDay[1] / 2]) },
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

  // The numbers model: market -> customers -> actions -> price -> revenue -> load -> fees.
  const marketSize = roughly(between(random, payer.count));
  // People adopt more slowly than organisations: a fifth of the band's share. Rounded down to two
  // significant digits, so a small market never shows more than the band's share (one customer at least).
  const peopleMarket = market === 'b2c' || market === 'p2p';
  const sharePick = between(random, SHARE_PERCENT[band]) * (peopleMarket ? 0.2 : 1);
  const customers = Math.max(1, roughlyDown((marketSize * sharePick) / 100));
  const sharePercent = (customers / marketSize) * 100;
  const perCustomerDaily = Math.max(1, Math.min(DAILY_ACTIONS_CAP[market], roughly(between(random, payer.daily))));
  const transactionFee = minerFee(bsv.batched ? BOOK_FEE.anchorBytes : BOOK_FEE.paymentBytes);
  // A price covers its own miner fee ten times over; a subscription is never a few cents a month.
  const floorSats = Math.max(
    transactionFee * 10,
    revenueModel === 'subscription' ? Math.ceil(((SUBSCRIPTION_FLOOR_USD[market] / USD_PER_BSV) * SATS_PER_BSV) / (perCustomerDaily * 30)) : 0,
  );
  const priceSats = roughlyUp(Math.max(floorSats, (between(random, revenue.usdPerAction) / USD_PER_BSV) * SATS_PER_BSV));
  const dailyActions = customers * perCustomerDaily;
  const dailySats = dailyActions * priceSats;
  const monthlySats = dailySats * 30;
  const marketSatsPerYear = marketSize * perCustomerDaily * priceSats * 365;
  const averageTps = dailyActions / 86_400;
  const peakTps = Math.max(1, Math.ceil(averageTps * 5));
  // Batched features anchor one Merkle root a minute; the others make one payment per action.
  const transactionsPerDay = bsv.batched ? Math.min(1_440, dailyActions) : dailyActions;
  const feeSatsPerDay = transactionsPerDay * transactionFee;
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
    transactionFee,
    phaseMonths,
    pilotStart,
    launchMonth,
  };

  // Wording has its own stream: the same seed keeps its concept and figures whatever is reworded.
  const w = seededRandom(seed, 'offline-wording');
  const one = <T>(items: readonly T[]): T => pick(w, items);
  const price = `${fmt(priceSats)} satoshis`;
  // "one of the port authorities and transport agencies", "12 port authorities and transport agencies".
  const countWho = (n: number) => (n === 1 ? `one of the ${c.who}` : `${fmt(n)} ${c.who}`);
  const pilot = pilotCustomers === 1 ? `one of the ${c.who}` : `${fmt(pilotCustomers)} ${c.who}`;
  const share = `${sig(sharePercent, 2)}%`;
  const perCustomerMonth = `${fmt(perCustomerDaily * 30 * priceSats)} satoshis (${usd(satsToUsd(perCustomerDaily * 30 * priceSats))})`;
  const bsvAmount = (sats: number) => `${sig(sats / SATS_PER_BSV)} BSV, about ${usd(satsToUsd(sats))}`;
  const customersText = countWho(customers);
  const actionsPerDay = count(perCustomerDaily, c.action);

  const businessName = undouble(`${buyer.word} ${primary.subject} ${form.noun}`);
  const chapterIds = [...new Set(primary.chapters)].slice(0, 3);
  const book = input.book ?? input.chapters;
  const grounding = chapterIds.map((id) => book.find((ch) => ch.id === id)).filter((ch): ch is GroundingChapter => ch !== undefined);
  const chapterNames = grounding.map((ch) => `${ch.title} (${shortSubtitle(ch.subtitle)})`);

  const stance: Record<Band, string[]> = {
    0: [
      `It improves a workflow ${c.buyers} already have instead of asking them to change it, which keeps each sale short.`,
      `Nobody has to change how they work: ${c.buyers} keep their ${c.system} and gain a proof behind each ${c.record}.`,
      `The pitch is modest on purpose: the same ${c.system}, the same staff, and ${c.records} that stand up when someone checks them.`,
    ],
    1: [
      `It is a new product for a market that already pays for ${library.incumbents}, sold on proofs those cannot give.`,
      `Buyers already spend on ${library.incumbents}; this competes for that budget with something those cannot offer, a proof anyone can check.`,
      `The money is there already, in ${library.incumbents}; what is new is a ${c.record} a third party can verify without calling anyone.`,
    ],
    2: [
      `It bets on a market that does not exist yet: ${c.records} that anyone can verify and trade without ${library.incumbents}.`,
      `This is a bet on a new kind of market, where ${c.records} move between strangers who trust the proof rather than ${library.incumbents}.`,
      `If it works, ${c.records} become something people trade and build on, not paperwork kept by ${library.incumbents}.`,
    ],
  };
  const yearOne = one([
    `In year one it aims at ${customersText} and about ${fmt(monthlySats)} satoshis (${usd(satsToUsd(monthlySats))}) a month, from ${c.actions} priced at ${price} each.`,
    `The first-year goal is ${customersText}, paying ${price} per ${c.action}: roughly ${usd(satsToUsd(monthlySats))} of revenue a month by the end of the year.`,
    `Revenue comes per ${c.action}, at ${price} each; ${customersText} by the end of year one would bring in about ${usd(satsToUsd(monthlySats))} a month.`,
    `Priced at ${price} per ${c.action}, it needs ${customersText} in its first year to reach about ${usd(satsToUsd(monthlySats))} a month.`,
    `By month 12 the plan counts on ${customersText}; at ${price} a ${c.action} that is close to ${usd(satsToUsd(monthlySats))} a month.`,
  ]);
  const drawsOn =
    chapterNames.length === 0
      ? ''
      : one([
          `The concept draws on ${listJoin(chapterNames)} of the book.`,
          `Read ${listJoin(chapterNames)} for the ideas behind it.`,
          `Its building blocks are explained in ${listJoin(chapterNames)}.`,
          `${capitalise(listJoin(chapterNames))} of the book explain the parts ${businessName} is built from.`,
        ]);
  const executiveSummary = [
    one([
      `${businessName} is ${primary.product}, for ${c.who}.`,
      `${capitalise(primary.product)}: that is ${businessName}, built for ${c.who}.`,
      `For ${c.who}, ${businessName} is ${primary.product}.`,
    ]),
    form.summary(c),
    aiFocus === primary.aiFocus ? primary.ai : ai.sentence(c),
    primary.onChain,
    yearOne,
    one(stance[band]),
    drawsOn,
  ]
    .filter(Boolean)
    .join(' ');

  const risk: Record<Band, string[]> = {
    0: [
      `The main risk is that vendors of ${c.system} add a similar ${c.subject.toLowerCase()} check themselves; the plan answers with proofs they cannot issue and a head start with the first ${c.buyers}.`,
      `What could go wrong: the makers of the ${c.system} copy the feature. Their version would still be their word, not a proof, and the first ${c.buyers} will already be using this one.`,
    ],
    1: [
      `The main risk is adoption: ${c.buyers} must trust a new vendor with their ${c.records}, so the pilot is paid, small and limited to one workflow.`,
      `Trust is the hard part for ${c.records}: ${c.buyers} rarely hand them to a newcomer, which is why the pilot is small, paid and confined to a single workflow.`,
    ],
    2: [
      `The main risk is that the market is not there yet: it needs ${c.people} and ${c.buyers} to adopt shared rules for ${c.records} together, so the first year builds a working network before charging at scale.`,
      `A market for ${c.records} can fail to form. Both ${c.people} and ${c.buyers} have to join before either gets value, so year one is spent building the network, with charging at scale to follow.`,
    ],
  };
  const sizing = one([
    `The launch region holds about ${countWho(marketSize)}.`,
    `There are roughly ${countWho(marketSize)} in the launch region.`,
    `A launch region has some ${countWho(marketSize)}.`,
    `Start with the reachable market: about ${countWho(marketSize)} in one region.`,
  ]);
  const reach = one([
    `The plan reaches ${customersText} in year one (${share}); each makes about ${actionsPerDay} a day: ${fmt(dailyActions)} a day in total, ${perSecond(averageTps)} on average and ${fmt(peakTps)} at peak.`,
    `Winning ${share} of them (${customers === 1 ? 'one' : fmt(customers)}) in year one, with about ${actionsPerDay} each a day, means ${fmt(dailyActions)} a day: ${sig(averageTps, 2)} per second on average, ${fmt(peakTps)} at the busiest moments.`,
    `Year one targets ${customersText}, ${share} of the region. Each makes about ${actionsPerDay} a day, so the service handles ${fmt(dailyActions)} daily, about ${sig(averageTps, 2)} a second and ${fmt(peakTps)} at peak.`,
    `If ${customers === 1 ? 'one of them signs' : `${fmt(customers)} of them sign`} up in the first year (${share}) and each makes about ${actionsPerDay} a day, that is ${fmt(dailyActions)} a day, ${sig(averageTps, 2)} per second on average with peaks near ${fmt(peakTps)}.`,
  ]);
  const revenueLine = one([
    `At ${price} per ${c.action} that is ${fmt(dailySats)} satoshis a day from ${c.actions} and ${fmt(monthlySats)} satoshis (${bsvAmount(monthlySats)}) a month, at an assumed US$${USD_PER_BSV} per BSV.`,
    `Those ${c.actions} bring ${fmt(dailySats)} satoshis a day at ${price} each: ${fmt(monthlySats)} satoshis (${usd(satsToUsd(monthlySats))}) a month, taking US$${USD_PER_BSV} as the price of one BSV.`,
    `Taking one BSV at US$${USD_PER_BSV}, ${price} per ${c.action} adds up to ${usd(satsToUsd(dailySats))} of ${c.actions} a day, or ${fmt(monthlySats)} satoshis (${sig(monthlySats / SATS_PER_BSV)} BSV) a month.`,
    `Revenue from ${c.actions} follows: ${fmt(monthlySats)} satoshis a month, which is ${usd(satsToUsd(monthlySats))} if a BSV is worth US$${USD_PER_BSV}.`,
  ]);
  const ceiling = one([
    `If all ${fmt(marketSize)} ${c.who} adopted it at that rate, usage would be worth about ${usd(satsToUsd(marketSatsPerYear))} a year.`,
    `The ceiling in this region, with all ${fmt(marketSize)} ${c.who} on board, is about ${usd(satsToUsd(marketSatsPerYear))} a year.`,
    `Full adoption by the region's ${c.who} would be worth about ${usd(satsToUsd(marketSatsPerYear))} a year, a ceiling rather than a forecast.`,
    `Even every ${c.action} in the region at this price comes to about ${usd(satsToUsd(marketSatsPerYear))} a year, which bounds what one region can earn.`,
    '',
  ]);
  // Who relies on today's tools: the payers themselves (a council buying for itself is not a clinic).
  const users = market === 'b2g' || peopleMarket ? c.who : c.buyers;
  const today = one([
    `Today ${users} rely on ${library.incumbents}, which keep each ${c.record} where only its operator can check it.`,
    `What ${users} use now (${library.incumbents}) leaves every ${c.record} checkable only by whoever holds it.`,
    `The alternatives today are ${library.incumbents}; none of them lets an outsider verify a ${c.record} alone.`,
  ]);
  const marketAnalysis = [sizing, reach, revenueLine, ceiling, today, marketWords.channel(c), one(risk[band])].filter(Boolean).join(' ');

  const painPointsSolved = [primary.pain, buyer.pain, bsv.pain(c)];

  const paidBy = one([
    `paid from a BRC-100 wallet and checked by SPV before the ${c.action} goes through`,
    `settled from the ${singularOf(c.who)}'s wallet before the ${c.record} is released`,
    `paid up front in the request for the ${c.action}, so there are no invoices to chase`,
    `charged as each ${c.record} is issued, with the payment verified before anything is served`,
    `taken when the ${c.action} happens: no account balance, no monthly bill`,
    `carried in the same request as the ${c.action} (HTTP 402), so it cannot be forgotten`,
  ]);
  const coreFeatures = [
    primary.feature,
    { title: `${c.subject}: ${lowerFirst(ai.featureTitle)}`, description: ai.feature(c) },
    { title: `${capitalise(c.records)}: ${lowerFirst(bsv.featureTitle)}`, description: bsv.feature(c) },
    {
      title: `${capitalise(c.actions)}: ${lowerFirst(revenue.featureTitle)}`,
      description: `${capitalise(c.who)} pay ${price} per ${c.action} (about ${usd(satsToUsd(priceSats))}), ${paidBy}.`,
    },
  ];

  const phaseNames: Record<Band, string[]> = {
    0: [`${c.subject} inside the ${c.system} of two ${c.buyers}`, `Paid pilot with ${pilot}`, `Roll-out to ${customersText}`],
    1: [`${c.subject} ${form.noun} prototype`, `Paid pilot with ${pilot}`, `Public launch of the ${c.subject} ${form.noun}`, `Growth to ${customersText}`],
    2: [
      `Specification and reference ${c.subject.toLowerCase()} node`,
      `Founding members among the ${c.buyers}`,
      `Open launch of the ${c.subject} ${form.noun}`,
      `Second region and independent hosts for ${c.records}`,
      `Governance handed to members, ${customersText} on the network`,
    ],
  };
  const tenfold = Math.max(10, peakTps * 10);
  const loadTest = one([
    `Load-test ${c.actions} at ${fmt(tenfold)} a second, ten times the planned ${c.action} peak of ${fmt(peakTps)}`,
    `Prove in a load test that the ${c.subject.toLowerCase()} service handles ${count(tenfold, c.action)} a second, ten times its peak`,
    `Soak-test the ${c.subject.toLowerCase()} service for a day at ${count(tenfold, c.action)} a second`,
    `Rehearse a peak day: ${fmt(tenfold)} ${c.actions} a second through the ${c.subject.toLowerCase()} pipeline`,
  ]);
  const tasks: string[][] = [
    [
      one([
        `Map where each ${c.record} enters today's workflow at two ${c.buyers}`,
        `Sit with two ${c.buyers} and trace every ${c.record} from creation to audit`,
        `Interview staff at two ${c.buyers} about how ${c.records} are checked today`,
      ]),
      `Build the ${c.subject.toLowerCase()} core: ${lowerFirst(primary.feature.description)}`,
      one([`Prototype the AI on sample ${c.data}`, `Train a first model on a sample of ${c.data}`, `Test the model on a month of ${c.data}`]),
    ],
    [
      one([
        `Charge the pilot ${c.who} ${price} per ${c.action} from day one`,
        `Bill the pilot ${c.who} the real price of ${price} per ${c.action}`,
        `Run the pilot paid, at ${price} a ${c.action}, to test what ${c.who} will pay`,
      ]),
      one([
        `Train pilot staff to check a ${c.record} proof themselves`,
        `Write the dispute procedure for a ${c.record} that fails its check`,
        `Connect the pilot to one partner who receives ${c.records}`,
      ]),
      one([
        `Measure time saved per ${c.action} and publish a verification guide`,
        `Publish how anyone can verify a ${c.record}, with a worked example`,
        `Compare error and dispute rates for ${c.actions} before and during the pilot`,
      ]),
    ],
    [
      loadTest,
      one([
        `Self-service onboarding for ${c.who}`,
        `Sign-up without a sales call for smaller ${c.who}`,
        `Documentation and a sandbox so ${c.who} can start alone`,
      ]),
      `Reach ${customersText} and ${count(dailyActions, c.action)} a day`,
    ],
    [
      one([`Publish the ${c.record} format so other vendors can verify it`, `Open the ${c.record} format to other vendors`]),
      `Partner integrations of ${c.records} with the main ${c.system} vendors`,
      `Expand from ${fmt(customers)} to ${countWho(customers * 3)}`,
    ],
    [
      `Hand rule changes for ${c.records} to a members' council`,
      `Certify independent ${c.subject.toLowerCase()} hosts in a second region`,
      one([
        `Break even on ${fmt(monthlySats)} satoshis of monthly usage`,
        `Cover costs from ${c.actions} alone, about ${usd(satsToUsd(monthlySats))} a month`,
        `Reach break-even at ${count(dailyActions, c.action)} a day`,
      ]),
    ],
  ];
  let month = 0;
  const implementationRoadmap = phaseMonths.map((months, i) => {
    const start = month + 1;
    month += months;
    return { phase: `Phase ${i + 1}: ${phaseNames[band][i] ?? 'Scale'}`, timeline: monthRange(start, month), tasks: tasks[i] ?? [] };
  });

  const formAdvantage: Record<Band, string> = {
    0: `No new tools for ${c.buyers}: it works inside the ${c.system} they already run`,
    1: `A product ${c.who} can buy today, priced per ${c.action} with no licence fee`,
    2: `First to define open rules for ${c.records}, which later entrants will build on`,
  };
  const fee = `${fmt(transactionFee)} satoshis`;
  const feeLine = bsv.batched
    ? one([
        `Miner fees: ${fee} each for ${count(transactionsPerDay, 'anchoring transaction')} of ${c.records} a day, ${usd(satsToUsd(feeSatsPerDay))} in all (Chapter 3: ${BOOK_FEE.anchorBytes} bytes at ${BOOK_FEE.satsPerKb} sat/kB)`,
        `Miner fees for ${c.records}: one Merkle root a minute, ${count(transactionsPerDay, 'transaction')} a day at ${fee} each (${BOOK_FEE.anchorBytes} bytes, ${BOOK_FEE.satsPerKb} sat/kB), so ${fmt(feeSatsPerDay)} satoshis a day`,
        `Anchoring ${c.records} in batches: ${count(transactionsPerDay, 'transaction')} a day at ${fee} each, ${fmt(feeSatsPerDay)} satoshis (${usd(satsToUsd(feeSatsPerDay))}) in miner fees, per Chapter 3's table`,
      ])
    : one([
        `Miner fees: ${count(transactionsPerDay, 'transaction')} a day, one per ${c.action}, at ${fee} each (Chapter 3: ${BOOK_FEE.paymentBytes} bytes at ${BOOK_FEE.satsPerKb} sat/kB), ${usd(satsToUsd(feeSatsPerDay))} a day`,
        `Miner fees for ${c.records}, covered many times over by the price of each ${c.action}: ${fee} each on ${count(transactionsPerDay, 'transaction')} a day`,
        `One payment per ${c.action} means ${count(transactionsPerDay, 'transaction')} a day in miner fees at ${fee} each (${BOOK_FEE.paymentBytes}-byte payments, ${BOOK_FEE.satsPerKb} sat/kB): ${usd(satsToUsd(feeSatsPerDay))}`,
      ]);
  const team = one([
    `A founding team of ${TEAM[band]}, including ${library.expert}`,
    `${capitalise(numberWord(TEAM[band]))} people at the start, one of them ${library.expert}`,
    `Salaries for the ${TEAM[band]} people building ${businessName}, among them ${library.expert}`,
  ]);
  const hosting = one([
    `Serverless hosting and CDN for ${c.who}, sized for ${count(peakTps, 'transaction')} per second at peak`,
    `Hosting for the ${c.subject.toLowerCase()} service that scales to ${count(peakTps, c.action)} a second and costs little when idle`,
    `Cloud functions, storage and a CDN for the ${c.subject.toLowerCase()} service, paid by use`,
    `Hosting for ${c.records} and their proofs, a small share of revenue at this volume`,
  ]);
  const idea: GeneratedIdea = {
    businessName,
    executiveSummary,
    painPointsSolved,
    marketAnalysis,
    businessModel: {
      quickStats: {
        minPayment: `${price} per ${c.action} (about ${usd(satsToUsd(priceSats))})`,
        targetTPS: `${fmt(peakTps)} TPS at peak (${count(dailyActions, c.action)} a day by the end of year one)`,
        marketSize: one([
          `${countWho(marketSize)} in the launch region, worth ${usd(satsToUsd(marketSatsPerYear))} a year if all of them used it; ${fmt(customers)} (${share}) in year one`,
          `${fmt(customers)} of ${countWho(marketSize)} in year one (${share}); ${usd(satsToUsd(marketSatsPerYear))} a year if all adopted`,
          `Year one: ${countWho(customers)} (${share} of ${fmt(marketSize)}); whole region worth ${usd(satsToUsd(marketSatsPerYear))} a year`,
          `${usd(satsToUsd(marketSatsPerYear))} a year across ${countWho(marketSize)}, of which ${fmt(customers)} are the first-year target`,
        ]),
        launchTime: `Pilot with ${pilot} from month ${pilotStart}; public launch in month ${launchMonth}`,
      },
      revenueStreams: revenue.streams({ price, perCustomerMonth, c }),
      costStructure: [feeLine, `${ai.cost} for ${c.data}`, hosting, marketWords.support(c), team],
    },
    technologySynergies: {
      internet: form.internet(c),
      ai: ai.detail(c),
      bsv: bsv.detail(c),
    },
    coreFeatures,
    implementationRoadmap,
    marketDifferentiation: {
      competitiveAdvantages: [bsv.advantage(c), `Priced at ${price} per ${c.action}, so small ${c.who} pay only for what they use`, formAdvantage[band]],
      technicalArchitecture: {
        frontend: marketWords.frontend(c),
        backend: `TypeScript services on serverless functions for the ${c.subject.toLowerCase()} workflow, with @bsv/sdk for ${c.records}`,
        aiEngine: `${ai.architecture}, working on ${c.data}`,
        blockchain: `${bsv.architecture}, carrying each ${c.record}`,
        database: `${bsv.database}, per ${c.record}`,
        infrastructure: marketWords.infrastructure(c),
      },
    },
  };
  return {
    idea: generatedIdeaSchema.parse(mapStrings(idea, undouble)),
    chapterIds: grounding.map((ch) => ch.id),
    numbers,
    conceptKey: `${category}/${primary.subject}/${buyer.word}/${form.noun}`,
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
