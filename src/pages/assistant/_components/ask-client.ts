import { ApiError } from '../../../lib/api.ts';
import { readEventStream } from '../../../lib/event-stream.ts';
import type { AskResponse, HistoryEntry } from '../../../domain/assistant/schema.ts';

/**
 * POST /api/ask as an event stream: `onText` gets the answer as it is written; resolves with the
 * final answer and its citations. Any failure throws an ApiError ("{status}: {body}").
 */
export async function askWithStream(question: string, history: HistoryEntry[], onText: (text: string) => void, signal?: AbortSignal): Promise<AskResponse> {
  const res = await fetch('/api/ask', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json' },
    body: JSON.stringify({ question, history }),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) return (await res.json()) as AskResponse;
  let result: { answer: AskResponse } | { error: ApiError } | null = null;
  await readEventStream(res.body, ({ event, data }) => {
    if (event === 'text') onText((data as { text: string }).text);
    else if (event === 'answer') result = { answer: data as AskResponse };
    else if (event === 'error') {
      const { status, error } = data as { status: number; error: string };
      result = { error: new ApiError(status, JSON.stringify({ error }), '') };
    }
    return result !== null;
  });
  const settled = result as { answer: AskResponse } | { error: ApiError } | null;
  if (settled && 'answer' in settled) return settled.answer;
  if (settled) throw settled.error;
  throw new Error('The connection closed before the answer arrived. Please check your connection and try again.');
}
