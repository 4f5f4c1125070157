/**
 * A warm, in-process runtime for the Netlify Functions v2 in `netlify/functions/`, used by
 * scripts/serve.ts. NetlifyDev invokes every request in a new worker thread that imports the
 * function bundle again (a cold start per request: 0.5 to 3 s each on this 2-core machine), which
 * made local latency figures meaningless and end-to-end tests slow. Here each function is bundled
 * once with esbuild, imported once and called like a warm Netlify instance: same Request/Response
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
    const mod = (await import(pathToFileURL(path.join(outdir, `${name}.mjs`)).href)) as { default?: Handler; config?: { path?: string | string[]; method?: string | string[]; excludedPath?: string | string[] } };
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

/** The function a request goes to, with its path parameters (as Netlify routes `config.path`). */
export function route(functions: LoadedFunction[], url: URL, method: string): { fn: LoadedFunction; params: Record<string, string> } | undefined {
  for (const fn of functions) {
    if (fn.methods && !fn.methods.includes(method.toUpperCase())) continue;
    if (fn.excluded.some((p) => p.test({ pathname: url.pathname }))) continue;
    for (const pattern of fn.patterns) {
      const match = pattern.exec({ pathname: url.pathname });
      if (match) {
        const params = Object.fromEntries(Object.entries(match.pathname.groups).filter((e): e is [string, string] => typeof e[1] === 'string'));
        return { fn, params };
      }
    }
  }
  return undefined;
}

/** Calls a function with a Netlify-like context. A throw becomes a 500, as on Netlify. */
export async function invoke(fn: LoadedFunction, req: Request, params: Record<string, string>, ip: string): Promise<Response> {
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
  try {
    return await fn.handler(req, context);
  } catch (error) {
    console.error(`function ${fn.name} threw:`, error);
    return Response.json({ error: 'Internal server error' }, { status: 500, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });
  }
}
