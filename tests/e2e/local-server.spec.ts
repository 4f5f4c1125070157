import net from 'node:net';
import { expect, test } from '@playwright/test';

/**
 * The local server (scripts/serve.ts) behaves as Netlify does where a client can tell: a refused
 * body does not break the connection, a trailing slash reaches the function, TRACE and paths that
 * are not valid URL encoding are client errors, and every answer carries the security headers.
 */
interface Answer {
  status: number;
  headers: Record<string, string>;
}

/** Writes raw HTTP/1.1 requests on one keep-alive connection and reads the answers' heads. */
function onOneConnection(port: number, requests: string[], expected: number): Promise<{ answers: Answer[]; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    const done = (error?: string) => {
      socket.destroy();
      const answers = raw
        .split(/(?=HTTP\/1\.1 \d{3})/)
        .filter((part) => part.startsWith('HTTP/1.1'))
        .map((part) => {
          const [head = ''] = part.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          return {
            status: Number(statusLine.split(' ')[1]),
            headers: Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])),
          };
        });
      resolve(error ? { answers, error } : { answers });
    };
    const timer = setTimeout(() => done('timed out'), 8000);
    socket.on('data', (d) => {
      raw += d.toString('latin1');
      if ((raw.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= expected && /\r\n0\r\n\r\n$|\}$|>\s*$/.test(raw)) {
        clearTimeout(timer);
        done();
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      done(e.code ?? e.message);
    });
    for (const r of requests) socket.write(r);
  });
}

interface Exchange extends Answer {
  body: string;
}

/**
 * Sends requests one after another on one connection, each after the previous answer has arrived
 * (as a client reusing a keep-alive connection does), and reads each answer whole. A request may be
 * a list of pieces written one by one (a body streamed in chunks). Stops at the first error.
 */
async function oneByOne(port: number, requests: (string | string[])[]): Promise<{ answers: Exchange[]; error?: string }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let raw = Buffer.alloc(0);
  let failure: string | undefined;
  let wake: () => void = () => {};
  socket.on('data', (d: Buffer) => {
    raw = Buffer.concat([raw, d]);
    wake();
  });
  socket.on('error', (e: NodeJS.ErrnoException) => {
    failure ??= e.code ?? e.message;
    wake();
  });
  socket.on('close', () => {
    failure ??= 'closed';
    wake();
  });
  const next = async (): Promise<Exchange | undefined> => {
    const deadline = Date.now() + 8000;
    for (;;) {
      const text = raw.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length'] ?? NaN);
        const rest = text.slice(end + 4);
        let body: string | undefined;
        let used = 0;
        if (Number.isFinite(length) && rest.length >= length) [body, used] = [rest.slice(0, length), length];
        else if (headers['transfer-encoding'] === 'chunked') [body, used] = dechunk(rest) ?? [undefined, 0];
        if (body !== undefined) {
          raw = raw.subarray(end + 4 + used);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (failure || Date.now() > deadline) return undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  };
  const answers: Exchange[] = [];
  for (const request of requests) {
    for (const piece of Array.isArray(request) ? request : [request]) if (!socket.destroyed) socket.write(piece);
    const answer = await next();
    if (!answer) break;
    answers.push(answer);
  }
  socket.destroy();
  return failure && answers.length < requests.length ? { answers, error: failure } : { answers };
}

/** The body of a complete chunked message at the start of `text`, and how many characters it used. */
function dechunk(text: string): [string, number] | undefined {
  let at = 0;
  let body = '';
  for (;;) {
    const eol = text.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = parseInt(text.slice(at, eol), 16);
    if (size === 0) return text.length >= eol + 4 ? [body, eol + 4] : undefined;
    if (text.length < eol + 2 + size + 2) return undefined;
    body += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

const withHost = (host: string) => `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`;

/** A chunked JSON POST to /api/ask of `size` bytes, in 64 KiB chunks. */
function chunkedAsk(size: number): string[] {
  const chunk = 'x'.repeat(65_536);
  const pieces = [`POST /api/ask HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`];
  for (let sent = 0; sent < size; sent += chunk.length) pieces.push(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
  pieces.push('0\r\n\r\n');
  return pieces;
}

function expectJsonError(a: Exchange | undefined, status: number): void {
  expect(a?.status).toBe(status);
  expect(a?.headers['content-type']).toContain('application/json');
  expect(a?.headers['x-content-type-options']).toBe('nosniff');
  expect(a?.headers['content-security-policy']).toBeTruthy();
  expect(JSON.parse(a?.body ?? '{}')).toHaveProperty('error');
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

test.describe('local server parity', () => {
  let port = 0;
  test.beforeAll(({ baseURL }) => {
    port = Number(new URL(baseURL ?? '').port);
  });

  // The function stops reading a body at its size limit (413) or never reads it (415): what it
  // left in the socket must not be parsed as the next request.
  for (const [type, status] of [
    ['text/plain', 415],
    ['application/json', 413],
  ] as const) {
    test(`a body refused unread (${status}) leaves the connection usable for the next requests`, async () => {
      const body = type === 'application/json' ? `{"pad":"${'x'.repeat(200_000)}"}` : 'x'.repeat(200_000);
      const refused = `POST /api/generate-idea HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
      const { answers, error } = await onOneConnection(port, [refused, get('/nope'), get('/api/health')], 3);
      expect(error).toBeUndefined();
      expect(answers.map((a) => a.status)).toEqual([status, 404, 200]);
    });
  }

  test('a trailing slash reaches the function, as on Netlify', async ({ request }) => {
    const res = await request.get('/api/health/');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
  });

  test('TRACE is 405 and undecodable paths are 400, with the security headers', async () => {
    const { answers } = await onOneConnection(port, [`TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n`, get('/%c0'), get('/api/chapters/%c0%ae%c0%ae')], 3);
    expect(answers.map((a) => a.status)).toEqual([405, 400, 400]);
    expect(answers[0]?.headers['allow']).toContain('GET');
    for (const a of answers) {
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['referrer-policy']).toBeTruthy();
      expect(a.headers['content-security-policy']).toBeTruthy();
      expect(a.headers['content-type']).toContain('application/json');
    }
  });
  test('keep-alive survives a refused body when each request waits for the previous answer (415, 404, 200, 200)', async () => {
    const body = 'x'.repeat(300_000);
    const refused = `POST /api/generate-idea HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const { answers, error } = await oneByOne(port, [refused, get('/nope'), get('/api/health'), get('/api/health')]);
    expect(error).toBeUndefined();
    expect(answers.map((a) => a.status)).toEqual([415, 404, 200, 200]);
  });

  for (const host of ['a b', '[::1', 'evil.com:99999']) {
    test(`a malformed Host header (${host}) is a 400 JSON error with the security headers`, async () => {
      const { answers } = await oneByOne(port, [withHost(host)]);
      expectJsonError(answers[0], 400);
    });
  }

  test('a request without a Host header and a method Node does not know get JSON errors (400, 501)', async () => {
    expectJsonError((await oneByOne(port, ['GET /api/health HTTP/1.1\r\n\r\n'])).answers[0], 400);
    expectJsonError((await oneByOne(port, ['FOO /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'])).answers[0], 501);
  });

  test('a valid request pipelined before a malformed one gets its own answer first, then the error', async () => {
    const { answers } = await onOneConnection(
      port,
      ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\nFOO /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'],
      2,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 501]);
  });

  test('an oversized chunked body gets 413 JSON, and the connection still serves the next request', async () => {
    const { answers, error } = await oneByOne(port, [chunkedAsk(128 * 1024), get('/api/health')]);
    expect(error).toBeUndefined();
    expectJsonError(answers[0], 413);
    expect(answers[1]?.status).toBe(200);
    // Far past what the server drains: the answer still arrives before the connection closes.
    const huge = await oneByOne(port, [chunkedAsk(24 * 1_048_576)]);
    expectJsonError(huge.answers[0], 413);
  });

  test('a //host request target never makes a function see another origin', async () => {
    const forged = `DELETE //evil.example/api/idea/abc HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://evil.example\r\n\r\n`;
    const absolute = `DELETE http://evil.example/api/idea/abc HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://evil.example\r\n\r\n`;
    const { answers } = await oneByOne(port, [forged, absolute]);
    for (const a of answers) expect([403, 404]).toContain(a.status);
    expect(answers).toHaveLength(2);
  });
});
