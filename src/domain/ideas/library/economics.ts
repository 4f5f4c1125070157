import type { IdeaEconomics } from './schema.ts';

/** Satoshis in one BSV. */
const SATOSHIS = 100_000_000;

/** The figures of chapter 3's fee table the economics use (read from the chapter, never copied). */
export interface FeeTable {
  /** The rate of the table's first row, satoshis per 1,000 bytes. */
  rateSatPerKb: number;
  /** Every fee in the table's fee column (a writer may quote any of them). */
  fees: number[];
}

/** The figures at one milestone month. */
interface Milestone {
  month: number;
  customers: number;
  /** Customers at full volume: each new customer ramps up over `rampMonths` (all of them when it is 1). */
  activeCustomers: number;
  revenuePerMonth: number;
  feesSatsPerMonth: number;
  feesUsdPerMonth: number;
  costPerMonth: number;
}

/** What the checker computes from an idea's economics (content/ideas/README.md "Numbers"). */
export interface Figures {
  feePerTransactionSats: number;
  revenuePerCustomerPerMonth: number;
  teamCostPerMonth: number;
  fixedCostPerMonth: number;
  feesUsdPerCustomerPerMonth: number;
  /** Customers at full volume that cover the fixed costs. */
  breakEvenCustomers: number;
  milestones: Milestone[];
  /** Customers at full volume in each month, from month 0 to the last milestone (index = month). */
  activeByMonth: number[];
  /** The outlook's month as a milestone (its own team cost), when the idea states one. */
  outlook?: Milestone;
}

/** Chapter 3's fee table: the rate of its first row and every fee in it. */
export function readFeeTable(chapter3: string): FeeTable {
  const rows = chapter3.split('\n').filter((line) => /^\|\s*[^|-][^|]*\|\s*[\d,]+( MB)?\s*\|\s*[\d,]+\s*\|\s*[\d,]+\s*\|/.test(line));
  const cells = rows.map((row) => row.split('|').map((c) => c.trim()));
  const num = (s: string | undefined) => Number((s ?? '').replace(/,/g, ''));
  const first = cells[0];
  if (!first) throw new Error("chapter 3's fee table was not found");
  return { rateSatPerKb: num(first[3]), fees: cells.map((c) => num(c[4])).filter((n) => Number.isFinite(n) && n > 0) };
}

/** The milestone months of an idea, in order. */
function milestoneMonths(economics: IdeaEconomics): number[] {
  return Object.keys(economics.customers)
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * Paying customers at month t: a straight line from none at month 0 through each point (month,
 * customers), as an investor draws it; flat after the last point.
 */
function customersAt(points: [number, number][], t: number): number {
  let [m0, c0] = [0, 0];
  for (const [m1, c1] of points) {
    if (t <= m1) return c0 + ((c1 - c0) * (t - m0)) / (m1 - m0);
    [m0, c0] = [m1, c1];
  }
  return c0;
}

/**
 * Customers at full volume at month t: each month's new customers buy 1/ramp of the full volume in
 * their first month, 2/ramp in their second, and all of it from month `ramp` on.
 */
function activeAt(points: [number, number][], ramp: number, t: number): number {
  if (ramp <= 1) return customersAt(points, t);
  let active = 0;
  for (let j = 1; j <= t; j += 1) active += (customersAt(points, j) - customersAt(points, j - 1)) * Math.min(1, (t - j + 1) / ramp);
  return active;
}

/** Every figure the prose may state, computed from the idea's economics and the fee table. */
export function computeFigures(e: IdeaEconomics, table: FeeTable): Figures {
  const feePerTransactionSats = Math.ceil((e.transactionBytes * table.rateSatPerKb) / 1000);
  const revenuePerCustomerPerMonth = e.pricePerUnit * e.unitsPerCustomerPerMonth;
  const teamCostPerMonth = e.teamCostPerYear / 12;
  const fixedCostPerMonth = teamCostPerMonth + e.infrastructurePerMonth + e.otherCostsPerMonth;
  const feesSatsPerCustomer = feePerTransactionSats * e.transactionsPerUnit * e.unitsPerCustomerPerMonth;
  const feesUsdPerCustomerPerMonth = (feesSatsPerCustomer * e.bsvPriceUsd) / SATOSHIS;
  const margin = revenuePerCustomerPerMonth - feesUsdPerCustomerPerMonth;
  const breakEvenCustomers = margin > 0 ? Math.ceil(fixedCostPerMonth / margin) : Number.POSITIVE_INFINITY;
  const points = milestoneMonths(e).map((month): [number, number] => [month, e.customers[String(month)] ?? 0]);
  const o = e.outlook;
  const withOutlook: [number, number][] = o ? [...points, [o.month, o.customers]] : points;
  // One milestone's figures: customers at a month, with the fixed costs of that month's team.
  const at = (month: number, customers: number, fixedCost: number): Milestone => {
    const activeCustomers = activeAt(withOutlook, e.rampMonths, month);
    const feesUsdPerMonth = feesUsdPerCustomerPerMonth * activeCustomers;
    return {
      month,
      customers,
      activeCustomers,
      revenuePerMonth: revenuePerCustomerPerMonth * activeCustomers,
      feesSatsPerMonth: Math.round(feesSatsPerCustomer * activeCustomers),
      feesUsdPerMonth,
      costPerMonth: fixedCost + feesUsdPerMonth,
    };
  };
  const milestones = points.map(([month, customers]) => at(month, customers, fixedCostPerMonth));
  const outlook = o && at(o.month, o.customers, o.teamCostPerYear / 12 + e.infrastructurePerMonth + e.otherCostsPerMonth);
  const lastMonth = points.at(-1)?.[0] ?? 0;
  const activeByMonth = Array.from({ length: lastMonth + 1 }, (_, t) => activeAt(withOutlook, e.rampMonths, t));
  return {
    feePerTransactionSats,
    revenuePerCustomerPerMonth,
    teamCostPerMonth,
    fixedCostPerMonth,
    feesUsdPerCustomerPerMonth,
    breakEvenCustomers,
    milestones,
    activeByMonth,
    ...(outlook ? { outlook } : {}),
  };
}

/**
 * The losses before break-even as an investor estimates them: paying customers growing in a straight
 * line from none at month 0 to each milestone, each new one ramping up to full volume over
 * `rampMonths`, every fixed cost from month 1, the monthly shortfall summed until revenue covers
 * costs (or to the last milestone).
 */
export function lossesBeforeBreakEven(f: Figures): number {
  const margin = f.revenuePerCustomerPerMonth - f.feesUsdPerCustomerPerMonth;
  let losses = 0;
  for (const active of f.activeByMonth.slice(1)) {
    const net = active * margin - f.fixedCostPerMonth;
    if (net >= 0) return losses;
    losses -= net;
  }
  return losses;
}

/** The raise an idea states: the `otherFigures` entry whose source names the funding plan or a seed round (the largest, if several). */
export function statedRaise(e: IdeaEconomics): number | undefined {
  const raises = e.otherFigures.filter((o) => /\b(?:funding plan|(?:pre-)?seed round)\b/i.test(o.source)).map((o) => o.value);
  return raises.length > 0 ? Math.max(...raises) : undefined;
}

/** The US$ values the prose may state: inputs, computed figures (monthly and annual), sourced figures. */
export function moneyCandidates(e: IdeaEconomics, f: Figures): number[] {
  const monthly = [
    f.revenuePerCustomerPerMonth,
    f.teamCostPerMonth,
    e.infrastructurePerMonth,
    e.otherCostsPerMonth,
    f.fixedCostPerMonth,
    f.feesUsdPerCustomerPerMonth,
    ...[...f.milestones, ...(f.outlook ? [f.outlook] : [])].flatMap((m) => [
      m.revenuePerMonth,
      m.feesUsdPerMonth,
      m.costPerMonth,
      m.revenuePerMonth - m.costPerMonth,
    ]),
    ...(e.outlook ? [e.outlook.teamCostPerYear / 12] : []),
  ];
  const feePerUnitUsd = (f.feePerTransactionSats * e.transactionsPerUnit * e.bsvPriceUsd) / SATOSHIS;
  const feePerTxUsd = (f.feePerTransactionSats * e.bsvPriceUsd) / SATOSHIS;
  return [
    e.pricePerUnit,
    e.teamCostPerYear,
    e.teamCostPerYear / e.team,
    e.bsvPriceUsd,
    feePerUnitUsd,
    feePerTxUsd,
    ...monthly,
    ...monthly.map((m) => m * 12),
    ...e.otherFigures.map((o) => o.value),
  ].filter((v) => Number.isFinite(v) && v > 0);
}

/** The satoshi figures the prose may state. */
export function satoshiCandidates(e: IdeaEconomics, f: Figures, table: FeeTable): number[] {
  const perUnit = f.feePerTransactionSats * e.transactionsPerUnit;
  return [
    f.feePerTransactionSats,
    ...table.fees,
    perUnit,
    f.feePerTransactionSats * e.transactionsPerUnit * e.unitsPerCustomerPerMonth,
    ...[...f.milestones, ...(f.outlook ? [f.outlook] : [])].flatMap((m) => [m.feesSatsPerMonth, m.feesSatsPerMonth * 12]),
  ].filter((v) => Number.isFinite(v) && v > 0);
}
