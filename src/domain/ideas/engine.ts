import type { GroundingChapter } from './grounding.ts';
import type { Engine, GeneratedIdea, GenerateRequest } from './schema.ts';

/** The top-level sections of an idea, in the order engines write them. */
export const IDEA_SECTIONS = [
  'businessName',
  'executiveSummary',
  'painPointsSolved',
  'marketAnalysis',
  'businessModel',
  'technologySynergies',
  'coreFeatures',
  'implementationRoadmap',
  'marketDifferentiation',
] as const satisfies readonly (keyof GeneratedIdea)[];
export type IdeaSection = (typeof IDEA_SECTIONS)[number];

/** What the page shows while a section is being written. */
export const SECTION_LABELS: Record<IdeaSection, string> = {
  businessName: 'Naming the business',
  executiveSummary: 'Writing the executive summary',
  painPointsSolved: 'Listing the pain points it solves',
  marketAnalysis: 'Analysing the market',
  businessModel: 'Working out the business model',
  technologySynergies: 'Combining Internet, AI and BSV',
  coreFeatures: 'Designing the core features',
  implementationRoadmap: 'Planning the implementation roadmap',
  marketDifferentiation: 'Sharpening the competitive edge',
};

export function isIdeaSection(key: string): key is IdeaSection {
  return (IDEA_SECTIONS as readonly string[]).includes(key);
}

/** Everything an engine receives for one idea. */
export interface EngineInput {
  request: GenerateRequest;
  /** The chapters matching the controls, best first: the context the idea must draw on. */
  chapters: GroundingChapter[];
  /** Every chapter of the book, for an engine that picks its own grounding (the offline engine). */
  book?: GroundingChapter[];
  /** The offline engine's seed: the same seed and request give the same idea. Providers ignore it. */
  seed?: string;
  /**
   * An idea written by people for the closest settings (the offline library's first choice): the
   * providers show it to the model as the depth, fit and honesty of numbers expected.
   */
  example?: GeneratedIdea;
}

/** An engine's answer: the idea and, when the engine chose its own grounding, the chapters it drew on. */
export interface EngineAnswer {
  idea: GeneratedIdea;
  chapterIds?: string[];
  /** The idea's own values for the settings (the offline library's idea); a model's idea has none. */
  resolved?: Record<string, string | number>;
  /** The sections of the chapters the idea draws on (the offline library names them). */
  sections?: { chapter: string; section: string }[];
  /** A sentence about the answer for the page (the settings a library idea does not honour). */
  notice?: string;
}

export interface EngineCallOptions {
  /** Aborted at the overall deadline. */
  signal: AbortSignal;
  /** Called when the engine starts writing a section. */
  onSection?: (section: IdeaSection) => void;
}

/** One way of writing an idea (docs/architecture.md "Generation"): Anthropic, OpenAI or the offline engine. */
export interface IdeaEngine {
  readonly name: Engine;
  /** The model id (or the offline engine's name) recorded with the idea. */
  readonly model: string;
  /** A seed reproduces its idea (the offline library): the seed is kept with the idea and offered again. */
  readonly seeded: boolean;
  /** The engine as a notice names it: "the offline engine", "Claude (claude-sonnet-5-5)". */
  readonly description: string;
  generate(input: EngineInput, options: EngineCallOptions): Promise<EngineAnswer>;
  /** An engine that holds ideas written by people offers the closest one as an example for the others. */
  exampleFor?(request: EngineInput['request']): Promise<GeneratedIdea | undefined>;
}

/** Why a generation failed, with the HTTP status the API answers. */
export type GenerationErrorKind = 'timeout' | 'rate_limited' | 'upstream' | 'refusal' | 'truncated' | 'invalid_output' | 'storage';

const STATUS: Record<GenerationErrorKind, number> = {
  timeout: 504,
  rate_limited: 503,
  upstream: 502,
  refusal: 422,
  truncated: 502,
  invalid_output: 502,
  storage: 503,
};

/** A failed generation: a clear message for the person and a status for the API. */
export class GenerationError extends Error {
  override name = 'GenerationError';
  readonly status: number;
  readonly kind: GenerationErrorKind;
  constructor(kind: GenerationErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.status = STATUS[kind];
  }
}
