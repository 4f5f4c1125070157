import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { handler, invalidBodyMessage } from '../../netlify/functions/_shared/handler.ts';
import { json } from '../../netlify/functions/_shared/http.ts';
import { answerOrStream } from '../../netlify/functions/_shared/sse.ts';

const ORIGIN = 'http://localhost:8907';
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/api/x`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers } });

describe('the request wrapper', () => {
  const echo = handler({ methods: ['POST'], body: z.object({ name: z.string().min(1, 'name is empty') }) }, ({ body }) => json({ hello: body.name }));

  it("parses the JSON body with the schema and answers the schema's message on a bad one", async () => {
    expect(await (await echo(post('{"name":"Ada"}'))).json()).toEqual({ hello: 'Ada' });
    const bad = await echo(post('{"name":""}'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'name is empty' });
    expect((await echo(post('{"name":"Ada"}', { 'content-type': 'text/plain' }))).status).toBe(415);
    expect((await echo(post('{nope'))).status).toBe(400);
  });

  it('says where a problem is when its message does not name its field, each problem once', () => {
    const schema = z.object({
      name: z.string(),
      turns: z.array(z.object({ content: z.string().min(1, 'content is empty') })),
    });
    const said = (value: unknown) => invalidBodyMessage(schema.safeParse(value).error!);
    expect(said({ name: 'Ada', turns: [{ content: 'hi' }, { content: '' }] })).toBe('content is empty (at turns.1.content)');
    expect(said({ turns: [] })).toMatch(/^Invalid input: expected string, received undefined \(at name\)$/);
    expect(said({ name: 'Ada', turns: [{ content: '' }, { content: '' }] })).toBe(
      'content is empty (at turns.0.content); content is empty (at turns.1.content)',
    );
  });

  it("runs `before` (authorization) ahead of the body: a refused caller gets its 401, not the body's 400", async () => {
    const guarded = handler(
      { methods: ['POST'], before: ({ req }) => (req.headers.get('x-admin') ? null : json({ error: 'Sign in' }, 401)), body: z.object({ name: z.string() }) },
      ({ body }) => json({ hello: body.name }),
    );
    expect((await guarded(post('{}'))).status).toBe(401);
    expect((await guarded(post('{nope'))).status).toBe(401);
    expect((await guarded(post('{}', { 'x-admin': '1' }))).status).toBe(400);
    expect(await (await guarded(post('{"name":"Ada"}', { 'x-admin': '1' }))).json()).toEqual({ hello: 'Ada' });
  });

  it('answers other methods 405 with Allow, and cross-site writes 403', async () => {
    const res = await echo(new Request(`${ORIGIN}/api/x`));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await echo(post('{"name":"Ada"}', { 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
  });

  it('refuses to be loaded as code (importScripts or import() from the runner worker) before anything else', async () => {
    const read = handler({ methods: ['GET'] }, () => json({ secret: 'the reader’s email' }));
    for (const dest of ['script', 'worker', 'sharedworker', 'serviceworker', 'style']) {
      const res = await read(new Request(`${ORIGIN}/api/x`, { headers: { 'sec-fetch-dest': dest, 'sec-fetch-site': 'same-origin' } }));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'This address cannot be loaded as a script' });
    }
    for (const dest of ['empty', 'document', 'image'])
      expect((await read(new Request(`${ORIGIN}/api/x`, { headers: { 'sec-fetch-dest': dest } }))).status).toBe(200);
  });

  it('turns a thrown store failure into the 503 it names (logged), else a 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = handler({ methods: ['GET'], unavailable: 'The store is unavailable' }, () => Promise.reject(new Error('down')));
    const res = await store(new Request(`${ORIGIN}/api/x`));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'The store is unavailable' });
    const bug = handler({ methods: ['GET'] }, () => {
      throw new Error('bug');
    });
    expect((await bug(new Request(`${ORIGIN}/api/x`))).status).toBe(500);
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it('adds the security headers to whatever the function returns', async () => {
    const bare = handler({ methods: ['GET'] }, () => new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } }));
    const res = await bare(new Request(`${ORIGIN}/api/x`));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'/);
    const redirect = handler({ methods: ['GET'] }, () => Response.redirect(`${ORIGIN}/`, 302));
    const r = await redirect(new Request(`${ORIGIN}/api/x`));
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`${ORIGIN}/`);
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('passes a streamed answer through as it is written (progress before the work settles), with its headers', async () => {
    let finish!: (value: string) => void;
    const done = new Promise<string>((resolve) => (finish = resolve));
    const slow = handler({ methods: ['GET'] }, ({ req }) =>
      answerOrStream(
        req,
        { progressEvent: 'step', resultEvent: 'done', describe: () => ({ status: 502, message: 'failed' }), headers: { 'set-cookie': 'claim=1' } },
        async (progress?: (p: { n: number }) => void) => {
          progress?.({ n: 1 });
          return { result: await done };
        },
      ),
    );
    const res = await slow(new Request(`${ORIGIN}/api/x`, { headers: { accept: 'text/event-stream' } }));
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('set-cookie')).toBe('claim=1');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // The work has not settled: the first event must already be readable.
    expect(decoder.decode((await reader.read()).value)).toBe('event: step\ndata: {"n":1}\n\n');
    finish('ok');
    expect(decoder.decode((await reader.read()).value)).toBe('event: done\ndata: {"result":"ok"}\n\n');
    expect((await reader.read()).done).toBe(true);
    // Without Accept: text/event-stream, the same work answers JSON (and its failure a JSON error).
    const plain = await slow(new Request(`${ORIGIN}/api/x`));
    expect(await plain.json()).toEqual({ result: 'ok' });
    expect(plain.headers.get('set-cookie')).toBe('claim=1');
  });
});
