import { z } from 'zod';
import { aiFocusSchema, bsvFeatureSchema } from '../../options.ts';

/**
 * The shape of the offline engine's seed library (issue 17): per category, who buys, what they
 * already use, and at least 8 product concepts, each grounded in the book's chapters. The data is
 * our own writing; this schema checks it once when the library loads.
 */

const chapterId = z.string().regex(/^chapter-(0\d|1\d|2[01])$/, 'a chapter id such as chapter-09');
/** A complete sentence: starts with a capital or digit, ends with a full stop. */
const sentence = z
  .string()
  .min(30)
  .max(360)
  .regex(/^[A-Z0-9][\s\S]*[.]$/, 'a sentence starting with a capital and ending with a full stop');
/** A phrase embedded in a sentence: lower-case start (acronyms allowed), no final full stop. */
const phrase = z
  .string()
  .min(3)
  .max(240)
  .regex(/^(?:[a-z0-9]|[A-Z]{2})[\s\S]*[^.\s]$/, 'a lower-case phrase without a final full stop');
const range = z.tuple([z.number().positive(), z.number().positive()]).refine(([lo, hi]) => lo <= hi, 'a [low, high] range');
const concreteAi = aiFocusSchema.exclude(['all']);
const concreteBsv = bsvFeatureSchema.exclude(['all']);

const conceptSeedSchema = z
  .object({
    /** One or two words naming the concept in a product name ("Consent", "Lab Provenance"). */
    subject: z.string().regex(/^[A-Z][A-Za-z0-9-]*(?: [A-Z][A-Za-z0-9-]*)?$/, 'one or two capitalised words'),
    /** The chapters the concept draws on, most important first. */
    chapters: z.array(chapterId).min(1).max(3),
    /** What it is and the job it does, as a noun phrase: "a consent service that ...". */
    product: phrase,
    /** The pain the buyer has today. */
    pain: sentence,
    /** What is recorded on chain, singular: "consent grant". */
    record: phrase,
    /** What goes on chain, and why (never personal data itself). */
    onChain: sentence,
    /** The AI approach the concept is written around, and what the AI does. */
    aiFocus: concreteAi,
    ai: sentence,
    /** What the AI works on, as a noun phrase ("incoming data requests and the scopes behind them"). */
    data: phrase,
    /** The BSV feature the concept relies on most. */
    bsvFeature: concreteBsv,
    /** The concept's signature feature. */
    feature: z.object({ title: z.string().min(3).max(60), description: sentence }).strict(),
    /** The paid unit, singular ("consent check"). */
    action: phrase,
  })
  .strict();
export type ConceptSeed = z.infer<typeof conceptSeedSchema>;

const buyerSchema = z
  .object({
    /** One capitalised word for product names ("Clinic"). */
    word: z.string().regex(/^[A-Z][A-Za-z-]*$/),
    /** The buyers, plural ("clinic groups"). */
    plural: phrase,
    /** How many of them a launch region holds, [low, high]. */
    count: range,
    /** Paid actions one of them makes a day, [low, high]. */
    actionsPerDay: range,
    /** What hurts them today. */
    pain: sentence,
  })
  .strict();
export type Buyer = z.infer<typeof buyerSchema>;

export const categoryLibrarySchema = z
  .object({
    /** "healthcare" as a sector noun phrase. */
    sector: phrase,
    /** The tools the buyers already run ("electronic health records"). */
    system: phrase,
    /** The people at the end of the chain ("patients"), and how many a launch region holds. */
    people: phrase,
    peopleCount: range,
    /** The public buyers ("regional health authorities"), and how many. */
    agencies: phrase,
    agencyCount: range,
    /** Who the buyers use today instead. */
    incumbents: phrase,
    /** The domain expert a founding team needs ("a clinical safety officer"). */
    expert: phrase,
    buyers: z.array(buyerSchema).min(5),
    seeds: z.array(conceptSeedSchema).min(8),
  })
  .strict()
  .refine((c) => new Set(c.seeds.map((s) => s.subject)).size === c.seeds.length, 'concept subjects are unique within a category')
  .refine((c) => new Set(c.buyers.map((b) => b.word)).size === c.buyers.length, 'buyer words are unique within a category');
export type CategoryLibrary = z.infer<typeof categoryLibrarySchema>;
