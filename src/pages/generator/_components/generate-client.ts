import { ApiError } from '../../../lib/api.ts';
import { readEventStream } from '../../../lib/event-stream.ts';
import type { ProgressEvent } from '../../../domain/ideas/generate.ts';
import type { GenerateResponse, GeneratedIdea } from '../../../domain/ideas/schema.ts';
import type { GeneratorSettings } from '../../../domain/ideas/settings-url.ts';

/**
 * What the page accepts as an answer: an idea, with any of the extras (`id`, `engine`,
 * `inspiredBy`...) possibly missing (docs/spec.md section 7 promises only "the generated idea
 * structure"); the result panel hides the parts whose extras are missing.
 */
export type GeneratedResult = Partial<GeneratedIdea> & Partial<Omit<GenerateResponse, keyof GeneratedIdea>> & Record<string, unknown>;

const NOT_AN_IDEA = 'The server answered something that is not an idea. Please try again.';

/** The answer as an idea, or an error when it is not an object naming a business. */
function asResult(data: unknown): GeneratedResult {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(NOT_AN_IDEA);
  const idea = data as Record<string, unknown>;
  if (typeof idea['businessName'] !== 'string' && typeof idea['title'] !== 'string') throw new Error(NOT_AN_IDEA);
  return idea as GeneratedResult;
}

/**
 * POST /api/generate-idea asking for server-sent progress events. Resolves with the idea; any
 * failure throws an Error whose message reads "{status}: {error text}" (docs/spec.md 8; a JSON error body
 * shows its text, not the raw JSON).
 */
export async function generateWithProgress(
  settings: GeneratorSettings,
  onProgress: (event: ProgressEvent) => void,
  signal?: AbortSignal,
): Promise<GeneratedResult> {
  const res = await fetch('/api/generate-idea', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json' },
    body: JSON.stringify(settings),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) {
    // docs/spec.md section 8's "{status}: {body}", with a JSON error body read as its text
    // ("503: Service temporarily unavailable", not the raw JSON).
    const body = await res.text().catch(() => '');
    throw new ApiError(res.status, new ApiError(res.status, body, res.statusText).serverMessage ?? body, res.statusText);
  }
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    return asResult(await res.json());
  }
  let result: { idea: unknown } | { error: ApiError } | null = null;
  await readEventStream(res.body, ({ event, data }) => {
    if (event === 'progress') onProgress(data as ProgressEvent);
    else if (event === 'idea') result = { idea: data };
    else if (event === 'error') {
      const { status, error } = data as { status: number; error: string };
      result = { error: new ApiError(status, error, '') };
    }
    return result !== null;
  });
  const settled = result as { idea: unknown } | { error: ApiError } | null;
  if (settled && 'idea' in settled) return asResult(settled.idea);
  if (settled) throw settled.error;
  throw new Error('The connection closed before the idea arrived. Please check your connection and try again.');
}
