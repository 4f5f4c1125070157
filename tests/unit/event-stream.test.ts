import { describe, expect, it } from 'vitest';
import { readEventStream, type StreamEvent } from '../../src/lib/event-stream.ts';

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

describe('readEventStream (the generator client)', () => {
  it('reads events split anywhere across chunks, named or not, with CRLF line ends', async () => {
    const text = 'event: progress\ndata: {"step":1}\n\n: a comment\n\nevent: idea\r\ndata: {"name":"A\\nB"}\r\n\r\ndata: [1,2]\n\n';
    for (let cut = 1; cut < text.length; cut += 7) {
      const seen: StreamEvent[] = [];
      expect(await readEventStream(body([text.slice(0, cut), text.slice(cut)]), (e) => void seen.push(e))).toBe(false);
      expect(seen).toEqual([
        { event: 'progress', data: { step: 1 } },
        { event: 'idea', data: { name: 'A\nB' } },
        { event: 'message', data: [1, 2] },
      ]);
    }
  });

  it('stops reading when the handler says so', async () => {
    const seen: string[] = [];
    const stopped = await readEventStream(body(['event: a\ndata: 1\n\nevent: b\ndata: 2\n\n', 'event: c\ndata: 3\n\n']), (e) => {
      seen.push(e.event);
      return e.event === 'a';
    });
    expect(stopped).toBe(true);
    expect(seen).toEqual(['a']);
  });

  it('rejects data that is not JSON', async () => {
    await expect(readEventStream(body(['data: {oops\n\n']), () => undefined)).rejects.toThrow(SyntaxError);
  });
});
