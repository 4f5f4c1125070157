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
  breakEvenCustomers: number;
  milestones: Milestone[];
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
  // One milestone's figures: customers at a month, with the fixed costs of that month's team.
  const at = (month: number, customers: number, fixedCost: number): Milestone => {
    const feesUsdPerMonth = feesUsdPerCustomerPerMonth * customers;
    return {
      month,
      customers,
      revenuePerMonth: revenuePerCustomerPerMonth * customers,
      feesSatsPerMonth: Math.round(feesSatsPerCustomer * customers),
      feesUsdPerMonth,
      costPerMonth: fixedCost + feesUsdPerMonth,
    };
  };
  const milestones = milestoneMonths(e).map((month) => at(month, e.customers[String(month)] ?? 0, fixedCostPerMonth));
  const o = e.outlook;
  const outlook = o && at(o.month, o.customers, o.teamCostPerYear / 12 + e.infrastructurePerMonth + e.otherCostsPerMonth);
  return {
    feePerTransactionSats,
    revenuePerCustomerPerMonth,
    teamCostPerMonth,
    fixedCostPerMonth,
    feesUsdPerCustomerPerMonth,
    breakEvenCustomers,
    milestones,
    ...(outlook ? { outlook } : {}),
  };
}

/**
 * The losses before break-even as an investor estimates them: paying customers growing in a straight
 * line from none at month 0 to each milestone, every fixed cost from month 1, the monthly shortfall
 * summed until revenue covers costs (or to the last milestone).
 */
export function lossesBeforeBreakEven(f: Figures): number {
  const margin = f.revenuePerCustomerPerMonth - f.feesUsdPerCustomerPerMonth;
  let losses = 0;
  let [previousMonth, previousCustomers] = [0, 0];
  for (const m of f.milestones) {
    for (let month = previousMonth + 1; month <= m.month; month += 1) {
      const customers = previousCustomers + ((m.customers - previousCustomers) * (month - previousMonth)) / (m.month - previousMonth);
      const net = customers * margin - f.fixedCostPerMonth;
      if (net >= 0) return losses;
      losses -= net;
    }
    [previousMonth, previousCustomers] = [m.month, m.customers];
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
