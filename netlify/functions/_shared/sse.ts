import { API_HEADERS, error, json } from './http.ts';

/** Sends one server-sent event; a client that went away is ignored (the work stops through its signal). */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * A `text/event-stream` response: `run` sends events (`event: name`, `data: JSON`) and the stream
 * closes when it settles. Carries the API's security headers, as every response does.
 */
export function eventStream(run: (send: SendEvent) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send: SendEvent = (event, data) => {
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          // the client went away
        }
      };
      try {
        await run(send);
      } finally {
        try {
          controller.close();
        } catch {
          // already closed
        }
      }
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { ...API_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', 'x-accel-buffering': 'no' },
  });
}

/** Whether the request asks for an event stream. */
export function wantsEventStream(req: Request): boolean {
  return (req.headers.get('accept') ?? '').includes('text/event-stream');
}

/** The status and message a failed piece of work answers with (JSON 4xx/5xx, or the stream's `error` event). */
type DescribeFailure = (e: unknown) => { status: number; message: string };

/**
 * Answers the result of `work` as JSON, or, when the request asks for `text/event-stream`, as a
 * stream: what `work` reports through `progress` goes out as `progressEvent` events, then the
 * result as `resultEvent`, or the failure as `error` (`{ status, error }`). `headers` (a claim
 * cookie) go on either response. Without a stream, `progress` is undefined.
 */
export function answerOrStream<T, P>(
  req: Request,
  events: { progressEvent: string; resultEvent: string; describe: DescribeFailure; headers?: Record<string, string> },
  work: (progress?: (data: P) => void) => Promise<T>,
): Promise<Response> | Response {
  const { progressEvent, resultEvent, describe, headers = {} } = events;
  if (!wantsEventStream(req)) {
    return work().then(
      (result) => json(result, 200, headers),
      (e: unknown) => {
        const { status, message } = describe(e);
        return error(status, message);
      },
    );
  }
  const stream = eventStream(async (send) => {
    try {
      send(resultEvent, await work((data) => send(progressEvent, data)));
    } catch (e) {
      const { status, message } = describe(e);
      send('error', { status, error: message });
    }
  });
  for (const [name, value] of Object.entries(headers)) stream.headers.append(name, value);
  return stream;
}
