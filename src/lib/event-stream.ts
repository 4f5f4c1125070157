import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (`message` when unnamed) and its JSON data. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Reads a `text/event-stream` body with eventsource-parser and calls `onEvent` for each event
 * (data parsed as JSON). `onEvent` returns true to stop reading (the body is then cancelled).
 * Resolves true when stopped that way, false when the stream ended first.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => boolean | void): Promise<boolean> {
  let stop = false;
  let failure: unknown = null;
  const parser = createParser({
    onEvent(message) {
      if (stop || failure) return;
      try {
        stop = onEvent({ event: message.event ?? 'message', data: JSON.parse(message.data) as unknown }) === true;
      } catch (e) {
        failure = e;
      }
    },
  });
  // TypeScript's DOM types give TextDecoderStream a BufferSource writable, which a byte stream's
  // pipe does not accept; at run time it decodes Uint8Array chunks.
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return false;
      parser.feed(value);
      if (failure) throw failure;
      if (stop) return true;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
