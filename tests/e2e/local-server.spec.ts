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
});
