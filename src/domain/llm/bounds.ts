/**
 * The bounds every model call runs under, whichever provider and feature: a first-token deadline,
 * one short retry, SDK errors mapped to GenerationError. Used by the two provider adapters
 * (./anthropic.ts, ./openai.ts), the only modules that import an SDK.
 */
import { GenerationError } from '../ideas/engine.ts';

/** Settings of a provider engine, from the server's configuration. */
export interface ProviderConfig {
  apiKey: string;
  model: string;
  /** A different endpoint (a proxy, or the tests' fake server). */
  baseURL?: string | undefined;
  /** How long a provider may take to send its first token before it counts as hanging (no retry after that). */
  firstTokenTimeoutMs?: number;
  /** The longest `retry-after` honoured with one retry; a longer one fails at once (and the generation falls back). */
  maxRetryWaitMs?: number;
}

/** A real idea streams for 20-40 s, but its first token comes within a few seconds when the provider is healthy. */
const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 11_000;
/** Waiting longer than this for a retry costs more than falling back to the other engine. */
const DEFAULT_MAX_RETRY_WAIT_MS = 3_000;
/** The wait before the one retry when a failed answer names none. */
const DEFAULT_RETRY_WAIT_MS = 500;
type ErrorClass<T = object> = abstract new (...args: never[]) => T;

/**
 * The error classes an SDK exports (both `Anthropic` and `OpenAI` carry them as statics). Errors
 * are told apart with `instanceof`, which survives minification and SDK renames of `name`.
 */
export interface SdkErrors {
  APIError: ErrorClass<{ status: number | undefined; headers: Headers | undefined }>;
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
  RateLimitError: ErrorClass;
}

/**
 * Maps an SDK error to a GenerationError. `signal` tells a deadline or caller abort apart from
 * the SDK's own failures.
 */
export function mapSdkError(provider: string, errors: SdkErrors, error: unknown, signal: AbortSignal): GenerationError {
  if (error instanceof GenerationError) return error;
  if (signal.aborted || error instanceof errors.APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new GenerationError('timeout', `${provider} did not finish before the deadline`, { cause: error });
  }
  if (error instanceof errors.APIConnectionTimeoutError) return new GenerationError('timeout', `${provider} timed out`, { cause: error });
  if (error instanceof errors.RateLimitError) {
    const wait = retryAfterMs(error);
    const when = wait === undefined ? '' : ` (it asked to wait ${Math.ceil(wait / 1000)} s)`;
    return new GenerationError('rate_limited', `${provider} is rate limiting requests${when}`, { cause: error });
  }
  if (error instanceof errors.APIConnectionError) return new GenerationError('upstream', `${provider} could not be reached`, { cause: error });
  if (error instanceof errors.APIError && typeof error.status === 'number') {
    return new GenerationError('upstream', `${provider} answered with HTTP ${error.status}`, { cause: error });
  }
  return new GenerationError('upstream', `${provider} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** The wait an error response asks for (`retry-after-ms`, `retry-after` in seconds or as a date), if any. */
function retryAfterMs(error: unknown): number | undefined {
  const headers = (error as { headers?: Headers | undefined }).headers;
  if (!(headers instanceof Headers)) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers.get('retry-after');
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/** How long to wait before the one retry, or undefined when this failure is not worth retrying. */
function retryWait(errors: SdkErrors, error: unknown, maxWaitMs: number): number | undefined {
  // A timeout means the provider is hanging: another attempt would hang as well.
  if (error instanceof errors.APIConnectionTimeoutError || error instanceof errors.APIUserAbortError) return undefined;
  const retryable =
    error instanceof errors.RateLimitError ||
    error instanceof errors.APIConnectionError ||
    (error instanceof errors.APIError && typeof error.status === 'number' && (error.status >= 500 || error.status === 408 || error.status === 409));
  if (!retryable) return undefined;
  const wait = retryAfterMs(error) ?? DEFAULT_RETRY_WAIT_MS;
  return wait <= maxWaitMs ? wait : undefined;
}

/** One attempt of a streaming call: `onToken` must be called for each piece of the answer. */
export type StreamAttempt = (signal: AbortSignal, onToken: () => void) => Promise<void>;

/**
 * Runs a streaming provider call with the bounds of a generation: the first token must arrive
 * within `firstTokenTimeoutMs` (a hang fails at once, without a retry); a failed answer is retried
 * once only when it asks for a short wait (at most `maxRetryWaitMs`) and nothing streamed yet; a
 * stream that is progressing runs until `options.signal` (the overall deadline) ends it.
 */
export async function boundedStream(
  provider: string,
  errors: SdkErrors,
  config: ProviderConfig,
  options: { signal: AbortSignal },
  attempt: StreamAttempt,
): Promise<void> {
  const firstTokenMs = config.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_TIMEOUT_MS;
  const maxWaitMs = config.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    const firstToken = new AbortController();
    const timer = setTimeout(() => firstToken.abort(), firstTokenMs);
    let streaming = false;
    const onToken = () => {
      if (streaming) return;
      streaming = true;
      clearTimeout(timer);
    };
    const signal = AbortSignal.any([options.signal, firstToken.signal]);
    try {
      await attempt(signal, onToken);
      // openai's stream iterator ends quietly when aborted: a cut answer must not pass as complete.
      signal.throwIfAborted();
      return;
    } catch (error) {
      if (firstToken.signal.aborted && !options.signal.aborted) {
        throw new GenerationError('timeout', `${provider} sent nothing for ${formatSeconds(firstTokenMs)}`, { cause: error });
      }
      const wait = attemptNumber === 1 && !streaming && !options.signal.aborted ? retryWait(errors, error, maxWaitMs) : undefined;
      if (wait === undefined) throw mapSdkError(provider, errors, error, options.signal);
      await sleep(wait, options.signal);
    } finally {
      clearTimeout(timer);
    }
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 0))} s`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The options both SDK clients take: key, optional endpoint, no SDK retries (boundedStream decides,
 * because the SDKs sleep on any `retry-after` below 60 s) and a connection timeout equal to the
 * first-token bound.
 */
export function sdkClientOptions(config: ProviderConfig): { apiKey: string; baseURL?: string; timeout: number; maxRetries: number } {
  return {
    apiKey: config.apiKey,
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    timeout: config.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_TIMEOUT_MS,
    maxRetries: 0,
  };
}
