import { z } from 'zod';
import { aiFocusSchema, bsvFeatureSchema, businessCategorySchema, revenueModelSchema, targetMarketSchema } from '../../options.ts';
import { generatedIdeaSchema } from '../schema.ts';

/** 1-3 values of one control, never 'all': what the idea genuinely uses. */
const someOf = <T extends z.ZodType<string>>(option: T) =>
  z
    .array(option as z.ZodType<string>)
    .min(1)
    .max(3)
    .refine((values) => !values.includes('all'), "list the values the idea uses, never 'all'")
    .refine((values) => new Set(values).size === values.length, 'a value is listed twice');

/** What an idea of the library fits: the generator's controls it honours. */
const ideaFitsSchema = z.strictObject({
  category: businessCategorySchema.refine((c) => c !== 'all', "a category, not 'all'"),
  targetMarkets: someOf(targetMarketSchema),
  aiFocuses: someOf(aiFocusSchema),
  revenueModels: someOf(revenueModelSchema),
  bsvFeatures: someOf(bsvFeatureSchema),
  /** 1 (incremental) .. 10 (moonshot). */
  innovationLevel: z.number().int().min(1).max(10),
});

/** A section of the book the idea draws on: a chapter id and a heading's anchor in it. */
const drawSchema = z.strictObject({
  chapter: z.string().regex(/^chapter-\d\d$/, 'chapter-NN'),
  section: z.string().regex(/^[a-z0-9-]+$/, 'a heading anchor: lower case, digits and hyphens'),
});

const money = z.number().min(0);

/** An idea's unit economics, as data its prose must follow (content/ideas/README.md "Numbers"). */
const ideaEconomicsSchema = z.strictObject({
  /** What one unit of sale is, singular ("shipment monitored"). */
  unit: z.string().min(2).max(80),
  /** Who pays, plural, as the prose counts them ("shippers"). */
  customerNoun: z.string().min(2).max(40).default('customers'),
  /** US$ a unit. */
  pricePerUnit: money.positive(),
  /** Units a customer buys a month at full volume. */
  unitsPerCustomerPerMonth: z.number().positive(),
  /**
   * Months a new customer takes to reach full volume (content/ideas/README.md "Ramp"): 1/ramp of it
   * in its first month, all of it from month `rampMonths`. 1 when a customer buys at full volume at once.
   */
  rampMonths: z.number().int().min(1).max(12).default(1),
  /** Paying customers by month (the month as the key), strictly increasing. */
  customers: z.record(z.string().regex(/^\d{1,2}$/), z.number().int().positive()).refine((c) => Object.keys(c).length >= 2, 'at least two milestones'),
  /** People at month 12. */
  team: z.number().int().min(1).max(200),
  /** Fully loaded, all of them, US$ a year. */
  teamCostPerYear: money,
  infrastructurePerMonth: money,
  otherCostsPerMonth: money.default(0),
  /** On-chain transactions per unit sold (batched anchors make it small). */
  transactionsPerUnit: z.number().min(0),
  /** Bytes of one of those transactions (chapter 3's table: 226 for a payment, 236 for a hash anchor). */
  transactionBytes: z.number().int().min(100).max(1_000_000),
  /** One of chapter 3's price columns. */
  bsvPriceUsd: z.union([z.literal(20), z.literal(50), z.literal(100)]),
  /** The milestone by which revenue covers costs; omitted when the prose claims no break-even. */
  breakEvenMonth: z.number().int().positive().optional(),
  /** Every other money figure the prose states, with its source and year. */
  otherFigures: z.array(z.strictObject({ value: money, source: z.string().min(8).max(300) })).default([]),
  /**
   * Where the business goes after the plan (content/ideas/README.md "Outlook"): customers at a later
   * month, the team then, and the counted market that makes that share plausible, with its source.
   */
  outlook: z
    .strictObject({
      month: z.number().int().min(25).max(84),
      customers: z.number().int().positive(),
      team: z.number().int().min(1).max(500),
      teamCostPerYear: money,
      basis: z.string().min(20).max(300),
    })
    .optional(),
});
export type IdeaEconomics = z.infer<typeof ideaEconomicsSchema>;

/** One file of content/ideas/: an idea written whole, what it fits, what it draws on, its numbers. */
export const libraryIdeaSchema = z.strictObject({
  fits: ideaFitsSchema,
  draws: z.array(drawSchema).min(1).max(4),
  economics: ideaEconomicsSchema,
  idea: generatedIdeaSchema,
});
export type LibraryIdea = z.infer<typeof libraryIdeaSchema> & {
  /** `<category>/<slug>`: the file's place in content/ideas, and the idea's stable id. */
  key: string;
};
