import { OPTION_LABELS } from '../../option-labels.ts';
import { computeFigures, lossesBeforeBreakEven, moneyCandidates, satoshiCandidates, statedRaise, type FeeTable } from './economics.ts';
import { articleSlips, bareDollars, doubledWords, figure, matchesOne, moneyFigures, satoshiFigures, sixWordPhrases, textsOf } from './prose.ts';
import type { LibraryIdea } from './schema.ts';

/** What the checks need to know about the book. */
export interface BookFacts {
  feeTable: FeeTable;
  /** Heading anchors by chapter id. */
  anchors: Map<string, Set<string>>;
}

/** Length bounds per field (characters, or items for lists). */
const BOUNDS = {
  executiveSummary: [250, 900],
  marketAnalysis: [350, 1500],
  painPointsSolved: [3, 5],
  revenueStreams: [3, 5],
  costStructure: [3, 5],
  competitiveAdvantages: [3, 5],
  coreFeatures: [4, 6],
  implementationRoadmap: [3, 5],
  tasks: [2, 5],
} as const;

function within(label: string, n: number, [min, max]: readonly [number, number], unit: string): string[] {
  return n < min || n > max ? [`${label}: ${n} ${unit}, expected ${min} to ${max}`] : [];
}

/** The first month of a roadmap timeline ("Months 4-9" -> 4), or null. */
function startMonth(timeline: string): number | null {
  const m = /(\d+)/.exec(timeline);
  return m ? Number(m[1]) : null;
}

/** A team's fully loaded cost a person a year, as a plan can claim it: 60,000 to 250,000. */
function teamCostProblems(label: string, costPerYear: number, people: number): string[] {
  const perPerson = costPerYear / people;
  return perPerson < 60_000 || perPerson > 250_000 ? [`${label} cost is US$${Math.round(perPerson)} a person a year; expected 60,000 to 250,000`] : [];
}

/** Every problem of one idea, as sentences; empty when it passes. */
export function checkIdea(item: LibraryIdea, book: BookFacts): string[] {
  const { idea, economics: e, fits, draws } = item;
  const problems: string[] = [];
  if (!item.key.startsWith(`${fits.category}/`)) problems.push(`fits.category is ${fits.category} but the file is in ${item.key.split('/')[0]}/`);

  // Shape and length.
  problems.push(
    ...within('executiveSummary', idea.executiveSummary.length, BOUNDS.executiveSummary, 'characters'),
    ...within('marketAnalysis', idea.marketAnalysis.length, BOUNDS.marketAnalysis, 'characters'),
    ...within('painPointsSolved', idea.painPointsSolved.length, BOUNDS.painPointsSolved, 'items'),
    ...within('revenueStreams', idea.businessModel.revenueStreams.length, BOUNDS.revenueStreams, 'items'),
    ...within('costStructure', idea.businessModel.costStructure.length, BOUNDS.costStructure, 'items'),
    ...within('competitiveAdvantages', idea.marketDifferentiation.competitiveAdvantages.length, BOUNDS.competitiveAdvantages, 'items'),
    ...within('coreFeatures', idea.coreFeatures.length, BOUNDS.coreFeatures, 'items'),
    ...within('implementationRoadmap', idea.implementationRoadmap.length, BOUNDS.implementationRoadmap, 'phases'),
    ...idea.implementationRoadmap.flatMap((p, i) => within(`roadmap phase ${i + 1} tasks`, p.tasks.length, BOUNDS.tasks, 'items')),
  );

  // The book it draws on.
  for (const d of draws) {
    const anchors = book.anchors.get(d.chapter);
    if (!anchors) problems.push(`draws: no chapter ${d.chapter}`);
    else if (!anchors.has(d.section)) problems.push(`draws: ${d.chapter} has no section #${d.section}`);
  }

  // Numbers.
  const figures = computeFigures(e, book.feeTable);
  const months = figures.milestones;
  for (let i = 1; i < months.length; i += 1) {
    const [before, now] = [months[i - 1], months[i]];
    if (before && now && now.customers <= before.customers)
      problems.push(`customers must grow: month ${before.month} has ${before.customers}, month ${now.month} has ${now.customers}`);
  }
  problems.push(...teamCostProblems('team', e.teamCostPerYear, e.team));
  const last = months.at(-1);
  if (last && last.revenuePerMonth < last.costPerMonth)
    problems.push(
      `at month ${last.month} revenue (US$${Math.round(last.revenuePerMonth)} a month) does not cover costs (US$${Math.round(last.costPerMonth)} a month)`,
    );
  // The outlook: later than the plan, larger than it, a team that can serve it, and a business that pays for it.
  const o = e.outlook;
  if (o && figures.outlook && last) {
    if (o.month <= last.month) problems.push(`outlook month ${o.month} is not after the last milestone (month ${last.month})`);
    if (o.customers <= last.customers) problems.push(`outlook has ${o.customers} ${e.customerNoun}, no more than month ${last.month}'s ${last.customers}`);
    if (o.team < e.team) problems.push(`outlook team of ${o.team} is smaller than month 12's ${e.team}`);
    problems.push(...teamCostProblems('outlook team', o.teamCostPerYear, o.team));
    if (figures.outlook.revenuePerMonth < figures.outlook.costPerMonth)
      problems.push(`at the outlook's month ${o.month} revenue does not cover costs with its team of ${o.team}`);
  }
  // Investors twice found raises that ran out before break-even: the stated raise covers the losses.
  const raise = statedRaise(e);
  const losses = lossesBeforeBreakEven(figures);
  if (raise !== undefined && raise < losses)
    problems.push(
      `the raise (US$${Math.round(raise)}) does not cover the losses before break-even (about US$${Math.round(losses)}: customers growing in a straight line between milestones, every cost from month 1)`,
    );
  const texts = textsOf(idea);
  const prose = texts.join('\n');
  if (e.breakEvenMonth !== undefined) {
    const at = months.findIndex((m) => m.month === e.breakEvenMonth);
    const milestone = months[at];
    if (!milestone) problems.push(`breakEvenMonth ${e.breakEvenMonth} is not a milestone month`);
    else {
      const full = (m: { customers: number; activeCustomers: number }) =>
        e.rampMonths > 1 ? `${Math.round(m.activeCustomers)} at full volume (of ${m.customers})` : `${m.customers}`;
      if (milestone.activeCustomers < figures.breakEvenCustomers)
        problems.push(`break-even needs ${figures.breakEvenCustomers} ${e.customerNoun}; month ${milestone.month} has ${full(milestone)}`);
      const before = months[at - 1];
      if (before && before.activeCustomers >= figures.breakEvenCustomers)
        problems.push(`break-even is reached by month ${before.month} already, not ${milestone.month}`);
    }
  } else if (/\bbreak(?:s|ing)?[- ]?even/i.test(prose)) problems.push('the prose mentions break-even but economics.breakEvenMonth is not set');

  const money = moneyCandidates(e, figures);
  for (const written of texts.flatMap(moneyFigures))
    if (!matchesOne(written, money))
      problems.push(`"${written.text}" follows from nothing in economics (add it to otherFigures with its source if it is a sourced figure)`);
  for (const bare of texts.flatMap(bareDollars)) problems.push(`"${bare}": write amounts as US$`);
  const sats = satoshiCandidates(e, figures, book.feeTable);
  for (const written of texts.flatMap(satoshiFigures))
    if (!matchesOne(written, sats))
      problems.push(`"${written.text}" is not a fee figure of this idea (fee a transaction is ${figures.feePerTransactionSats} satoshis)`);
  const counts = [
    ...months.map((m) => m.customers),
    figures.breakEvenCustomers,
    ...(o ? [o.customers] : []),
    // With a ramp, a milestone's customers at full volume ("the equivalent of 14 councils at full volume").
    ...(e.rampMonths > 1 ? months.map((m) => Math.round(m.activeCustomers)) : []),
  ];
  const noun = e.customerNoun.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const customerCount = new RegExp(`(\\d[\\d,]*)\\s+(?:paying\\s+|more\\s+)?${noun}\\b`, 'gi');
  for (const text of texts)
    for (const m of text.matchAll(customerCount)) {
      // Rounded as money is ("about 11,400 workers" for 11,423): trailing zeros, within 3%.
      if (!matchesOne(figure(m[0], m[1] ?? '0', undefined), counts))
        problems.push(
          `"${m[0]}" is neither a milestone (${months.map((x) => x.customers).join(', ')}) nor the break-even count (${figures.breakEvenCustomers})`,
        );
    }

  // The roadmap in order, its customer targets growing.
  let previousStart = 0;
  let previousTarget = 0;
  for (const phase of idea.implementationRoadmap) {
    const start = startMonth(phase.timeline);
    if (start === null) problems.push(`roadmap timeline "${phase.timeline}" names no month`);
    else if (start <= previousStart) problems.push(`roadmap phase "${phase.phase}" starts at month ${start}, not after the phase before`);
    else previousStart = start;
    const targets = [...textsOf(phase).join(' ').matchAll(customerCount)].map((m) => Number((m[1] ?? '').replace(/,/g, '')));
    const top = Math.max(0, ...targets);
    if (top > 0 && top <= previousTarget)
      problems.push(`roadmap phase "${phase.phase}" targets ${top} ${e.customerNoun}, no more than the phase before (${previousTarget})`);
    if (top > 0) previousTarget = top;
  }

  // Prose that code can check.
  for (const slip of texts.flatMap(articleSlips)) problems.push(`article: "${slip}"`);
  for (const twice of texts.flatMap(doubledWords)) problems.push(`doubled word: "${twice}"`);
  // A founder's pitch names its sources, not the book's chapters (the page lists the chapters it draws on):
  // an investor read "as chapter 15 describes" as a note left in by the writer.
  for (const named of prose.match(/\b[Cc]hapters? \d+/g) ?? []) problems.push(`"${named}": state what the book shows, not where (the page links the chapters)`);
  return problems;
}

/** Problems of a whole library: coverage per category and shared phrases. */
export function checkLibrary(ideas: LibraryIdea[], options: { categories?: string[] } = {}): string[] {
  const problems: string[] = [];
  const categories = options.categories ?? Object.keys(OPTION_LABELS.businessCategory).filter((c) => c !== 'all');
  for (const category of categories)
    problems.push(
      ...coverageProblems(
        category,
        ideas.filter((i) => i.fits.category === category),
      ),
    );
  problems.push(...sharedPhraseProblems(ideas));
  const names = new Map<string, string>();
  for (const i of ideas) {
    const name = i.idea.businessName.toLowerCase();
    const other = names.get(name);
    if (other) problems.push(`${i.key}: the name ${i.idea.businessName} is also ${other}'s`);
    names.set(name, i.key);
  }
  return problems;
}

/** At least 12 ideas, 3 per innovation band, every option of every control honoured at least once. */
export function coverageProblems(category: string, ideas: LibraryIdea[]): string[] {
  const problems: string[] = [];
  if (ideas.length < 12) problems.push(`${category}: ${ideas.length} ideas, at least 12 wanted`);
  for (const [low, high] of [
    [1, 3],
    [4, 7],
    [8, 10],
  ] as const) {
    const n = ideas.filter((i) => i.fits.innovationLevel >= low && i.fits.innovationLevel <= high).length;
    if (n < 3) problems.push(`${category}: ${n} ideas at innovation ${low}-${high}, at least 3 wanted`);
  }
  const fields = { targetMarket: 'targetMarkets', aiFocus: 'aiFocuses', revenueModel: 'revenueModels', bsvFeature: 'bsvFeatures' } as const;
  for (const [control, key] of Object.entries(fields) as [keyof typeof fields, (typeof fields)[keyof typeof fields]][]) {
    const honoured = new Set(ideas.flatMap((i) => i.fits[key] as string[]));
    const missing = Object.keys(OPTION_LABELS[control]).filter((v) => v !== 'all' && !honoured.has(v));
    if (missing.length > 0) problems.push(`${category}: no idea honours ${control} ${missing.join(', ')}`);
  }
  return problems;
}

/** How many ideas may share a six-word phrase: 5% of the library, and never fewer than 2. */
function phraseAllowance(ideas: number): number {
  return Math.max(2, Math.floor(ideas * 0.05));
}

/** Six-word phrases (numbers masked) shared by more ideas than {@link phraseAllowance}. */
export function sharedPhraseProblems(ideas: LibraryIdea[]): string[] {
  const owners = new Map<string, string[]>();
  for (const i of ideas) for (const phrase of sixWordPhrases(textsOf(i.idea).join('\n'))) owners.set(phrase, [...(owners.get(phrase) ?? []), i.key]);
  const allowed = phraseAllowance(ideas.length);
  return [...owners]
    .filter(([, keys]) => keys.length > allowed)
    .map(([phrase, keys]) => `"${phrase}" is in ${keys.length} ideas (at most ${allowed}): ${keys.join(', ')}`);
}
