import { GenerationError, isIdeaSection, TopLevelKeyTracker, type EngineCallOptions } from '../engine.ts';
import { generatedIdeaSchema, type GeneratedIdea } from '../schema.ts';

/** Settings of a provider engine, from the server's configuration. */
export interface ProviderConfig {
  apiKey: string;
  model: string;
  /** A different endpoint (a proxy, or the tests' fake server). */
  baseURL?: string | undefined;
  /** Per-attempt timeout in ms; the SDK retries at most once. */
  attemptTimeoutMs?: number;
  /** Output token cap (abuse limit and cost bound). */
  maxOutputTokens?: number;
}

export const DEFAULT_ATTEMPT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_OUTPUT_TOKENS = 4_000;

/** A tracker that reports each idea section as the provider starts writing it. */
export function sectionTracker(options: EngineCallOptions): TopLevelKeyTracker {
  return new TopLevelKeyTracker((key) => {
    if (isIdeaSection(key)) options.onSection?.(key);
  });
}

/** Parses and validates a provider's JSON text; any defect is a clear GenerationError. */
export function parseIdea(provider: string, text: string): GeneratedIdea {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new GenerationError('invalid_output', `${provider} returned incomplete or malformed JSON`, { cause });
  }
  const parsed = generatedIdeaSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'unknown issue';
    throw new GenerationError('invalid_output', `${provider} returned an idea that does not match the schema (${where})`);
  }
  return parsed.data;
}

interface SdkErrorShape {
  name?: string;
  status?: number | undefined;
}

/**
 * Maps an SDK error (same class names in both SDKs) to a GenerationError. `signal` tells a
 * deadline abort apart from a caller abort.
 */
export function mapSdkError(provider: string, error: unknown, signal: AbortSignal): GenerationError {
  if (error instanceof GenerationError) return error;
  const e = (error ?? {}) as SdkErrorShape;
  // openai's error classes keep name 'Error'; the class name is what both SDKs agree on.
  const kind = (error as { constructor?: { name?: string } } | null)?.constructor?.name ?? e.name;
  if (signal.aborted || kind === 'APIUserAbortError' || e.name === 'AbortError') {
    return new GenerationError('timeout', `${provider} did not answer before the deadline`, { cause: error });
  }
  if (kind === 'APIConnectionTimeoutError') return new GenerationError('timeout', `${provider} timed out`, { cause: error });
  if (e.status === 429) return new GenerationError('rate_limited', `${provider} is rate limiting requests; try again in a minute`, { cause: error });
  if (typeof e.status === 'number') return new GenerationError('upstream', `${provider} answered with HTTP ${e.status}`, { cause: error });
  if (kind === 'APIConnectionError') return new GenerationError('upstream', `${provider} could not be reached`, { cause: error });
  return new GenerationError('upstream', `${provider} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** The options both SDK clients take: key, optional endpoint, per-attempt timeout, one retry. */
export function sdkClientOptions(config: ProviderConfig): { apiKey: string; baseURL?: string; timeout: number; maxRetries: number } {
  return {
    apiKey: config.apiKey,
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    timeout: config.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
    maxRetries: 1,
  };
}
