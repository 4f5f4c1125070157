import { describe, expect, it, vi } from 'vitest';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { invoke, loadFunctions, route, type LoadedFunction } from '../../scripts/functions-runtime.ts';

type Handler = LoadedFunction['handler'];
const fn = (name: string, path: string | string[], handler: Handler = () => new Response('ok')): LoadedFunction => ({
  name,
  handler,
  patterns: ([] as string[]).concat(path).map((p) => new URLPattern({ pathname: p })),
  methods: undefined,
  excluded: [],
});

describe('route (config.path as Netlify matches it)', () => {
  const functions = [fn('health', '/api/health'), fn('idea', '/api/idea/:id'), fn('page', '/idea/:id')];
  const at = (path: string) => route(functions, new URL(`http://localhost${path}`), 'GET');

  it('matches exact paths and parameters', () => {
    expect(at('/api/health')?.fn.name).toBe('health');
    expect(at('/api/idea/abc')).toMatchObject({ fn: { name: 'idea' }, params: { id: 'abc' } });
    expect(at('/idea/abc')?.fn.name).toBe('page');
  });

  it('accepts a trailing slash, as Netlify does', () => {
    expect(at('/api/health/')?.fn.name).toBe('health');
    expect(at('/api/idea/abc/')).toMatchObject({ fn: { name: 'idea' }, params: { id: 'abc' } });
  });

  it('does not match other paths', () => {
    expect(at('/api/healthz')).toBeUndefined();
    expect(at('/api/idea/')).toBeUndefined();
    expect(at('/api/idea/a/b')).toBeUndefined();
    expect(at('/')).toBeUndefined();
  });
});

describe('invoke (the function time limit)', () => {
  const request = () => new Request('http://localhost/api/x');
  /** The runtime logs timeouts and throws, as Netlify's function log shows them. */
  const expectLogged = (text: string) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => expect(logged.mock.calls.map((c) => c.map(String).join(' ')).join('\n')).toContain(text);
  };

  it('answers as the function does within the limit', async () => {
    const res = await invoke(
      fn('x', '/api/x', () => Response.json({ a: 1 })),
      request(),
      {},
      '127.0.0.1',
      1000,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ a: 1 });
  });

  it('gives the platform timeout answer (502) when the function has not answered in time', async () => {
    const logged = expectLogged('function slow timed out after 200 ms');
    const started = Date.now();
    const res = await invoke(
      fn('slow', '/api/x', () => new Promise<Response>(() => {})),
      request(),
      {},
      '127.0.0.1',
      200,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(502);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({ errorType: 'TimeoutError', errorMessage: 'Task timed out after 0.20 seconds' });
    logged();
  });

  it('cuts an event stream still open at the limit, and lets a finished one through', async () => {
    const encoder = new TextEncoder();
    const endless: Handler = () =>
      new Response(
        new ReadableStream({
          pull: async (controller) => {
            await new Promise((r) => setTimeout(r, 20));
            controller.enqueue(encoder.encode('event: progress\ndata: {}\n\n'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const logged = expectLogged('function endless was still streaming at its time limit');
    const res = await invoke(fn('endless', '/api/x', endless), request(), {}, '127.0.0.1', 300);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();

    const finite: Handler = () => new Response('event: idea\ndata: {}\n\n', { headers: { 'content-type': 'text/event-stream' } });
    const ok = await invoke(fn('finite', '/api/x', finite), request(), {}, '127.0.0.1', 300);
    expect(await ok.text()).toBe('event: idea\ndata: {}\n\n');
    logged();
  });

  it('turns a throw into a 500 with the security headers', async () => {
    const logged = expectLogged('function boom threw');
    const res = await invoke(
      fn('boom', '/api/x', () => {
        throw new Error('boom');
      }),
      request(),
      {},
      '127.0.0.1',
      1000,
    );
    expect(res.status).toBe(500);
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    logged();
  });
});

describe('one module graph for all functions', () => {
  it('loads a module two functions share once, so its state is shared as in one warm instance', async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'runtime-graph-'));
    try {
      await mkdir(path.join(dir, '_shared'));
      await writeFile(path.join(dir, '_shared', 'counter.ts'), 'let count = 0;\nexport const next = () => ++count;\n');
      for (const name of ['one', 'two'])
        await writeFile(
          path.join(dir, `${name}.mts`),
          `import { next } from './_shared/counter.ts';\nexport default () => new Response(String(next()));\nexport const config = { path: '/${name}' };\n`,
        );
      const functions = await loadFunctions(dir, path.join(dir, '.out'));
      const call = async (name: string) => {
        const fn = functions.find((f) => f.name === name);
        if (!fn) throw new Error(`no function ${name}`);
        return (await fn.handler(new Request(`http://localhost/${name}`), {})).text();
      };
      expect([await call('one'), await call('two'), await call('one')]).toEqual(['1', '2', '3']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
