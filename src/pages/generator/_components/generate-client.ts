import { ApiError } from '../../../lib/api.ts';
import { readEventStream } from '../../../lib/event-stream.ts';
import type { ProgressEvent } from '../../../domain/ideas/generate.ts';
import type { GenerateRequest, GenerateResponse } from '../../../domain/ideas/schema.ts';

/**
 * POST /api/generate-idea asking for server-sent progress events. Resolves with the idea; any
 * failure throws an Error whose message reads "{status}: {body}" like every API error (SPEC.md 8).
 */
export async function generateWithProgress(
  settings: GenerateRequest,
  onProgress: (event: ProgressEvent) => void,
  signal?: AbortSignal,
): Promise<GenerateResponse> {
  const res = await fetch('/api/generate-idea', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json' },
    body: JSON.stringify(settings),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    return (await res.json()) as GenerateResponse;
  }
  let result: { idea: GenerateResponse } | { error: ApiError } | null = null;
  await readEventStream(res.body, ({ event, data }) => {
    if (event === 'progress') onProgress(data as ProgressEvent);
    else if (event === 'idea') result = { idea: data as GenerateResponse };
    else if (event === 'error') {
      const { status, error } = data as { status: number; error: string };
      result = { error: new ApiError(status, JSON.stringify({ error }), '') };
    }
    return result !== null;
  });
  const settled = result as { idea: GenerateResponse } | { error: ApiError } | null;
  if (settled && 'idea' in settled) return settled.idea;
  if (settled) throw settled.error;
  throw new Error('The connection closed before the idea arrived. Please check your connection and try again.');
}
