import { z } from 'zod';
import { aiFocusSchema, bsvFeatureSchema, businessCategorySchema, revenueModelSchema, targetMarketSchema } from '../options.ts';

/** An offline engine seed: 1-64 characters of [A-Za-z0-9_-]. */
const ideaSeedSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'seed must be 1 to 64 letters, digits, "-" or "_"');

/** POST /api/generate-idea body (docs/spec.md section 7), shared by the page and the function. */
export const generateRequestSchema = z
  .object({
    businessCategory: businessCategorySchema,
    targetMarket: targetMarketSchema,
    aiFocus: aiFocusSchema,
    revenueModel: revenueModelSchema,
    bsvFeature: bsvFeatureSchema,
    /** 1 (incremental) .. 10 (moonshot), an integer. */
    innovationLevel: z.number().int('innovationLevel must be an integer').min(1).max(10),
    /** true: Anthropic (the default engine switch position); false: OpenAI. */
    useAnthropic: z.boolean(),
    /** Reproduces one offline idea exactly (the generator page keeps it in its URL). */
    seed: ideaSeedSchema.optional(),
    /** false keeps the idea out of the recent ideas and the gallery (reachable by its link only). Default true. */
    listed: z.boolean().optional(),
  })
  .strict();
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/** The generator settings a page starts with (docs/spec.md section 3); zod-free for the page. */
export { DEFAULT_SETTINGS } from './defaults.ts';

/**
 * Bounds on what an engine may answer (a provider once stored a 5,000,000-character
 * field). Generous for a real idea; anything larger is rejected as invalid output.
 */
export const IDEA_LIMITS = { name: 200, text: 2_000, items: 20 } as const;
const text = z.string().min(1).max(IDEA_LIMITS.text);
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(IDEA_LIMITS.items);

/**
 * The generated idea (docs/spec.md section 3), the contract every engine's answer is validated against.
 * Providers get a JSON schema built from this one.
 */
export const generatedIdeaSchema = z
  .object({
    businessName: z.string().min(1).max(IDEA_LIMITS.name),
    executiveSummary: text,
    painPointsSolved: list(text),
    marketAnalysis: text,
    businessModel: z
      .object({
        quickStats: z.object({ minPayment: text, targetTPS: text, marketSize: text, launchTime: text }).strict(),
        revenueStreams: list(text),
        costStructure: list(text),
      })
      .strict(),
    technologySynergies: z.object({ internet: text, ai: text, bsv: text }).strict(),
    coreFeatures: list(z.object({ title: text, description: text }).strict()),
    implementationRoadmap: list(z.object({ phase: text, timeline: text, tasks: list(text) }).strict()),
    marketDifferentiation: z
      .object({
        competitiveAdvantages: list(text),
        technicalArchitecture: z.object({ frontend: text, backend: text, aiEngine: text, blockchain: text, database: text, infrastructure: text }).strict(),
      })
      .strict(),
  })
  .strict();
export type GeneratedIdea = z.infer<typeof generatedIdeaSchema>;

/** A chapter an idea drew on, linked from the result and the detail page. */
export type InspiredBy = {
  id: string;
  title: string;
  /** The heading anchor of the section the idea draws on, when it names one. */
  section?: string;
}[];

/** Which engine answered. */
const engineSchema = z.enum(['anthropic', 'openai', 'offline']);
export type Engine = z.infer<typeof engineSchema>;

/** Ids are random and URL-safe. */
export const ideaIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'malformed idea id');

/**
 * A stored idea, `ideas/<id>` in Blobs (docs/architecture.md). `generatedIdea` holds the idea plus
 * `inspiredBy`; readers also accept older records whose idea or parameters are JSON strings.
 */
export const ideaRecordSchema = z.object({
  id: ideaIdSchema,
  businessName: z.string(),
  generatedIdea: z.union([z.record(z.string(), z.unknown()), z.string()]),
  parameters: z.union([z.record(z.string(), z.unknown()), z.string()]),
  /** ISO 8601. */
  createdAt: z.string(),
  userId: z.string().optional(),
  engine: engineSchema.optional(),
  model: z.string().optional(),
  /** false: stored and reachable by its link, never in the recent ideas or the gallery. Missing means listed. */
  listed: z.boolean().optional(),
  /**
   * When the idea was listed again after being unlisted (ISO 8601): its place in the gallery and the
   * recent ideas (the card keeps `createdAt`). Missing: listed since it was created.
   */
  listedAt: z.string().optional(),
  /**
   * The settings the idea was written for: the offline engine's choices where the request said
   * 'all'; for a language model, what it was asked. `parameters` stays the request (it drives the
   * category streams). Missing on older records: readers fall back to `parameters`.
   */
  resolvedSettings: z.record(z.string(), z.unknown()).optional(),
  /** Set when a delete began: the idea reads as missing, and the next read finishes the delete. */
  deletedAt: z.string().optional(),
  /**
   * The order keys (see gallery.ts `orderKeyOf`) under which this idea may still have entries in
   * its gallery streams: the live one, and earlier listings a change has not yet taken out. A key
   * leaves only after its entries are gone, so a change cut off midway is finished from here.
   */
  entryKeys: z.array(z.string()).max(1000).optional(),
});
export type IdeaRecord = z.infer<typeof ideaRecordSchema>;

/** POST /api/generate-idea response: the idea plus where it is stored and who wrote it. */
export type GenerateResponse = GeneratedIdea & {
  id: string;
  engine: Engine;
  model: string;
  inspiredBy: InspiredBy;
  /** Set when the chosen provider failed and the other one answered. */
  fallbackFrom?: Engine;
  /** A sentence the page shows about the engine (offline engine, fallback...). */
  notice?: string;
  /** The seed the offline engine used (present only when it wrote the idea): sending it again reproduces the idea. */
  seed?: string;
  /** The settings the idea was written for (see IdeaRecord.resolvedSettings). */
  resolvedSettings: Record<string, unknown>;
};

/** How many recent ideas a page asks for by default (docs/spec.md section 9). */
export const DEFAULT_RECENT_LIMIT = 20;
/** The largest `limit` GET /api/recent-ideas accepts (the recent index keeps this many). */
const MAX_RECENT_LIMIT = 50;

/** The `limit` query parameter of GET /api/recent-ideas: a whole number from 1 to 50. */
export const recentLimitSchema = z
  .string()
  .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${MAX_RECENT_LIMIT}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, `limit must be a whole number from 1 to ${MAX_RECENT_LIMIT}`)
      .max(MAX_RECENT_LIMIT, `limit must be a whole number from 1 to ${MAX_RECENT_LIMIT}`),
  );

/**
 * An idea record as the API answers it: `generatedIdea` and `parameters` always objects, and no
 * `userId` (a user's id is not public).
 */
export interface PublicIdeaRecord {
  id: string;
  businessName: string;
  generatedIdea: Record<string, unknown>;
  parameters: Record<string, unknown>;
  /** ISO 8601. */
  createdAt: string;
  engine?: Engine;
  model?: string;
  /** Whether the idea is in the gallery and the recent ideas: given to those who may manage it. */
  listed?: boolean;
  /** The settings the idea was written for (the offline engine's choices), when stored. */
  resolvedSettings?: Record<string, unknown>;
}

/** PATCH /api/idea/{id}: the one change an owner makes to an idea, its visibility. */
export const ideaPatchSchema = z.strictObject(
  { listed: z.boolean({ error: 'listed must be true or false' }) },
  { error: 'Send { "listed": true } or { "listed": false }' },
);
