/**
 * A warm, in-process runtime for the Netlify Functions v2 in `netlify/functions/`, used by
 * scripts/serve.ts. NetlifyDev invokes every request in a new worker thread that imports the
 * function bundle again (a cold start per request: 0.5 to 3 s each on this 2-core machine), which
 * made local latency figures meaningless and end-to-end tests slow. Here the functions are bundled
 * once with esbuild (code splitting: modules they share are loaded once, so module state such as a
 * write queue or a WebAssembly instance exists once, as in a warm instance), imported once and
 * called like a warm Netlify instance: same Request/Response
 * contract, `config.path` routing with URLPattern (as Netlify matches it), `config.method`,
 * `context.params` and `context.ip`. Static files, headers and redirects stay with NetlifyDev.
 * See docs/decisions/001-local-platform.md.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { API_CSP, COMMON_SECURITY_HEADERS } from '../src/domain/security/csp.ts';

type Handler = (req: Request, context: Record<string, unknown>) => Response | Promise<Response>;

export interface LoadedFunction {
  name: string;
  handler: Handler;
  patterns: URLPattern[];
  methods: string[] | undefined;
  excluded: URLPattern[];
}

const FUNCTION_FILE = /^[^_.][^/]*\.(m?ts|m?js)$/;

/** Bundles and imports every function of `dir` (not `_shared/`), once. */
export async function loadFunctions(dir: string, outdir: string): Promise<LoadedFunction[]> {
  const files = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && FUNCTION_FILE.test(e.name)).map((e) => path.join(dir, e.name));
  await build({
    entryPoints: files,
    outdir,
    bundle: true,
    // One module graph for all functions, as one warm Netlify instance has for its function: code
    // they share (stores, caches, the WebAssembly renderer) is loaded once, in shared chunks.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
  const loaded: LoadedFunction[] = [];
  for (const file of files) {
    const name = path.basename(file).replace(/\.(m?ts|m?js)$/, '');
    const mod = (await import(pathToFileURL(path.join(outdir, `${name}.mjs`)).href)) as {
      default?: Handler;
      config?: { path?: string | string[]; method?: string | string[]; excludedPath?: string | string[] };
    };
    if (typeof mod.default !== 'function' || !mod.config?.path) continue;
    const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    loaded.push({
      name,
      handler: mod.default,
      patterns: list(mod.config.path).map((p) => new URLPattern({ pathname: p })),
      methods: mod.config.method ? list(mod.config.method).map((m) => m.toUpperCase()) : undefined,
      excluded: list(mod.config.excludedPath).map((p) => new URLPattern({ pathname: p })),
    });
  }
  return loaded;
}

/**
 * The function a request goes to, with its path parameters (as Netlify routes `config.path`: a
 * trailing slash reaches the same function, `/api/health/` as `/api/health`).
 */
export function route(functions: LoadedFunction[], url: URL, method: string): { fn: LoadedFunction; params: Record<string, string> } | undefined {
  const paths = url.pathname.length > 1 && url.pathname.endsWith('/') ? [url.pathname, url.pathname.replace(/\/+$/, '') || '/'] : [url.pathname];
  for (const pathname of paths) {
    for (const fn of functions) {
      if (fn.methods && !fn.methods.includes(method.toUpperCase())) continue;
      if (fn.excluded.some((p) => p.test({ pathname }))) continue;
      for (const pattern of fn.patterns) {
        const match = pattern.exec({ pathname });
        if (match) {
          const params = Object.fromEntries(Object.entries(match.pathname.groups).filter((e): e is [string, string] => typeof e[1] === 'string'));
          return { fn, params };
        }
      }
    }
  }
  return undefined;
}

/** Netlify ends a synchronous function at 60 s; FUNCTION_TIMEOUT_SECONDS changes it locally. */
export const DEFAULT_FUNCTION_TIMEOUT_MS = 60_000;

/** The answer Netlify gives when a function has not answered within its time limit. */
export function timeoutResponse(timeoutMs: number): Response {
  const seconds = (timeoutMs / 1000).toFixed(2);
  return Response.json(
    { errorType: 'TimeoutError', errorMessage: `Task timed out after ${seconds} seconds` },
    { status: 502, headers: { ...COMMON_SECURITY_HEADERS, 'cache-control': 'no-store', 'content-security-policy': API_CSP } },
  );
}

/**
 * Calls a function with a Netlify-like context. A throw becomes a 500, as on Netlify; a function
 * that has not answered within `timeoutMs` gets Netlify's timeout answer (502), and a streamed
 * body still open at that point is cut, as the platform cuts it. `signal` aborts when the time is up.
 */
export async function invoke(
  fn: LoadedFunction,
  req: Request,
  params: Record<string, string>,
  ip: string,
  timeoutMs = DEFAULT_FUNCTION_TIMEOUT_MS,
): Promise<Response> {
  const url = new URL(req.url);
  const context = {
    params,
    ip,
    requestId: randomUUID(),
    url,
    geo: {},
    site: { id: 'local-site', name: 'local', url: process.env['URL'] },
    deploy: { id: 'local', context: 'dev', published: false },
    account: { id: 'local' },
    server: { region: 'local' },
    waitUntil: (promise: Promise<unknown>) => void promise.catch((e: unknown) => console.error(e)),
    json: (body: unknown, init?: ResponseInit) => Response.json(body, init),
    log: (...args: unknown[]) => console.log(...args),
  };
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const result = await Promise.race([Promise.resolve().then(() => fn.handler(req, context)), timedOut]);
    if (result === 'timeout') {
      console.error(`function ${fn.name} timed out after ${timeoutMs} ms`);
      return timeoutResponse(timeoutMs);
    }
    // Streams (the generator's progress events) can outlive the handler's return: cut them too.
    const streaming = (result.headers.get('content-type') ?? '').includes('text/event-stream');
    return streaming && result.body ? cutAt(result, fn.name, timeoutMs - (Date.now() - started)) : result;
  } catch (error) {
    console.error(`function ${fn.name} threw:`, error);
    return Response.json(
      { error: 'Internal server error' },
      { status: 500, headers: { ...COMMON_SECURITY_HEADERS, 'cache-control': 'no-store', 'content-security-policy': API_CSP } },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The same response whose body errors (the connection is cut) once `remainingMs` has passed. */
function cutAt(response: Response, name: string, remainingMs: number): Response {
  const reader = response.body!.getReader();
  let timer: NodeJS.Timeout | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(
        () => {
          console.error(`function ${name} was still streaming at its time limit; the response is cut`);
          controller.error(new Error('function time limit'));
          void reader.cancel().catch(() => undefined);
        },
        Math.max(0, remainingMs),
      );
    },
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          clearTimeout(timer);
          controller.close();
        } else controller.enqueue(value);
      } catch (e) {
        clearTimeout(timer);
        controller.error(e);
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
