import { describe, expect, it } from 'vitest';
import { expressLite } from '../../src/sandbox/express-lite.ts';
import type { HostHandler, NetResponse } from '../../src/sandbox/fake-net.ts';

/** An express-lite whose `listen` registers the app here, and a way to call it as the fake network does. */
function harness() {
  const hosts = new Map<string, HostHandler>();
  const express = expressLite((host, handler) => hosts.set(host, handler));
  const call = async (method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<NetResponse & { text: string }> => {
    const handler = hosts.get('localhost:3000');
    if (!handler) throw new Error('nothing listens on localhost:3000');
    const res = await handler({ method, url: new URL(`http://localhost:3000${path}`), headers, body: new TextEncoder().encode(body ?? '') });
    const text = typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body ?? new Uint8Array());
    return { ...res, text };
  };
  return { express, call };
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe("express-lite, the in-page runner's Express", () => {
  it('routes by method and path with :params, under a mount path, and answers 404 otherwise', async () => {
    const { express, call } = harness();
    const app = express();
    // A `use` mount path is stripped from req.url for its handler; a route sees the whole URL.
    app.use('/api', (req: { url: string; mounted?: string }, _res: unknown, next: () => void) => {
      req.mounted = req.url;
      next();
    });
    app.get('/api/items/:id', (req, res) => res.json({ id: req.params.id, mounted: req.mounted, url: req.url, q: req.query.q }));
    app.listen(3000);
    const ok = await call('GET', '/api/items/42?q=x');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toEqual({ id: '42', mounted: '/items/42?q=x', url: '/api/items/42?q=x', q: 'x' });
    expect((await call('POST', '/api/items/42')).status).toBe(404);
    const missing = await call('GET', '/nowhere');
    expect([missing.status, missing.text]).toEqual([404, 'Cannot GET /nowhere']);
    expect((await call('HEAD', '/api/items/1')).status).toBe(200);
  });

  it('parses a JSON body, and leaves a body of another type unparsed', async () => {
    const { express, call } = harness();
    const app = express();
    app.use(express.json());
    app.post('/echo', (req, res) => res.json({ body: req.body ?? null }));
    app.listen(3000);
    expect(JSON.parse((await call('POST', '/echo', '{"a":1}', JSON_TYPE)).text)).toEqual({ body: { a: 1 } });
    expect(JSON.parse((await call('POST', '/echo', '{"a":1}', { 'content-type': 'text/plain' })).text)).toEqual({ body: null });
  });

  it("answers malformed JSON with 400 and a body over the limit with 413, through the app's error handlers", async () => {
    const { express, call } = harness();
    const app = express();
    const seen: unknown[] = [];
    app.use(express.json({ limit: '16b' }));
    app.post('/echo', (req, res) => res.json(req.body));
    app.use((error: unknown, _req: unknown, _res: unknown, next: (e?: unknown) => void) => {
      seen.push({ status: (error as { status: number }).status, type: (error as { type: string }).type });
      next(error);
    });
    app.listen(3000);
    const malformed = await call('POST', '/echo', '{"a":', JSON_TYPE);
    expect([malformed.status, malformed.text]).toEqual([400, 'Bad Request']);
    const large = await call('POST', '/echo', JSON.stringify({ long: 'x'.repeat(40) }), JSON_TYPE);
    expect([large.status, large.text]).toEqual([413, 'Payload Too Large']);
    expect(seen).toEqual([
      { status: 400, type: 'entity.parse.failed' },
      { status: 413, type: 'entity.too.large' },
    ]);
    expect((await call('POST', '/echo', '{"a":2}', JSON_TYPE)).text).toBe('{"a":2}');
  });

  it('sends an error thrown by a handler, or rejected by an async one, to the error handler, else answers 500', async () => {
    const { express, call } = harness();
    const app = express();
    app.get('/sync', () => {
      throw new Error('boom');
    });
    app.get('/async', async () => {
      await Promise.resolve();
      throw Object.assign(new Error('teapot'), { status: 418 });
    });
    app.get('/odd-status', () => {
      throw Object.assign(new Error('odd'), { status: 302 });
    });
    app.listen(3000);
    expect((await call('GET', '/sync')).status).toBe(500);
    expect((await call('GET', '/async')).status).toBe(418);
    expect((await call('GET', '/odd-status')).status).toBe(500);

    const handled = harness();
    const app2 = handled.express();
    app2.get('/sync', () => {
      throw new Error('boom');
    });
    app2.use((error: unknown, _req: unknown, res: { status: (n: number) => { json: (v: unknown) => void } }, _next: unknown) => {
      res.status(503).json({ error: (error as Error).message });
    });
    app2.listen(3000);
    const r = await handled.call('GET', '/sync');
    expect([r.status, r.text]).toEqual([503, '{"error":"boom"}']);
  });
});
