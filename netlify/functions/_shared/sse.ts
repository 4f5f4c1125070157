import { API_HEADERS } from './http.ts';

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
