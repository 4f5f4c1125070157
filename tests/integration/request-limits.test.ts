/**
 * Request bodies are read only up to their limit: a huge chunked body (no Content-Length) is
 * counted as it streams and abandoned at the limit, never buffered whole before the 413.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import authenticate from '../../netlify/functions/admin-authenticate.mts';
import login from '../../netlify/functions/login.mts';
import { readJsonBody } from '../../netlify/functions/_shared/guard.ts';
import { startLocalBlobs } from '../helpers/blobs.ts';

const ORIGIN = 'http://localhost:8905';
const CHUNK = 64 * 1024;
const TOTAL = 50 * 1024 * 1024;

/** A chunked 50 MB body that records how much of it the server pulled. */
function hugeBody(): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= TOTAL) return controller.close();
      sent += CHUNK;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => sent };
}

const streamed = (path: string, body: ReadableStream<Uint8Array>, type: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', origin: ORIGIN },
  } as RequestInit);

let blobs: Awaited<ReturnType<typeof startLocalBlobs>>;
const saved = { ...process.env };
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => {
  process.env = saved;
  await blobs.stop();
});
beforeEach(() => {
  process.env['SESSION_SECRET'] = 'request-limits-test-session-secret-0123456789';
  process.env['ADMIN_PASSWORD'] = 'a password';
  delete process.env['CONTEXT'];
});

describe('request body limits', () => {
  it('the JSON helper stops reading a chunked body at its limit', async () => {
    const { body, pulled } = hugeBody();
    const read = await readJsonBody(streamed('/api/x', body, 'application/json'), 16 * 1024);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.response.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(16 * 1024 + 2 * CHUNK);
  });

  it('a JSON endpoint answers 413 having read at most its limit', async () => {
    const { body, pulled } = hugeBody();
    const res = await authenticate(streamed('/api/admin/authenticate', body, 'application/json'));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body is larger than 16384 bytes' });
    expect(pulled()).toBeLessThanOrEqual(16 * 1024 + 2 * CHUNK);
  });

  it('the sign-in form answers 413 having read at most its limit', async () => {
    const { body, pulled } = hugeBody();
    const res = await login(streamed('/api/login', body, 'application/x-www-form-urlencoded'));
    expect(res.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(4 * 1024 + 2 * CHUNK);
  });

  it('a declared Content-Length over the limit is refused before reading', async () => {
    const { body, pulled } = hugeBody();
    const req = streamed('/api/admin/authenticate', body, 'application/json');
    req.headers.set('content-length', String(TOTAL));
    expect(req.headers.get('content-length')).toBe(String(TOTAL));
    expect((await authenticate(req)).status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(CHUNK); // at most what the stream queued on its own
  });
});
