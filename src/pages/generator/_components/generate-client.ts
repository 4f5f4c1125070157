import { ApiError } from '../../../lib/api.ts';
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
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data === undefined) continue;
      const payload: unknown = JSON.parse(data);
      if (event === 'progress') onProgress(payload as ProgressEvent);
      else if (event === 'idea') {
        await reader.cancel().catch(() => undefined);
        return payload as GenerateResponse;
      } else if (event === 'error') {
        const { status, error } = payload as { status: number; error: string };
        throw new ApiError(status, JSON.stringify({ error }), '');
      }
    }
  }
  throw new Error('The connection closed before the idea arrived. Please check your connection and try again.');
}
