import type { HostHandler, NetRequest, NetResponse } from './fake-net.ts';

/**
 * The part of Express (5) the book's servers and the BSV middleware use (@bsv/auth-express-middleware,
 * @bsv/payment-express-middleware), over the simulated network: in the in-page runner an example's
 * `import express from 'express'` gets this, and `app.listen(port)` serves `localhost:<port>` on
 * the fake network. Routing (use with a mount path, get/post/put/patch/delete/all with `:params`),
 * `express.json()`, the request's path, query, headers and `get()`, and the response's status,
 * set, get, json, send, end and sendStatus behave as Express's do; async handlers that throw reach
 * the error handlers (4 arguments) as in Express 5, and an unhandled error is a 500.
 */
type Next = (error?: unknown) => void;
type Handler = (req: LiteRequest, res: LiteResponse, next: Next) => unknown;
type ErrorHandler = (error: unknown, req: LiteRequest, res: LiteResponse, next: Next) => unknown;
interface Layer {
  method: string | undefined;
  path: string;
  /** A `use` layer matches its path and everything under it; a route matches the path alone. */
  prefix: boolean;
  fn: Handler | ErrorHandler;
}

interface LiteRequest {
  method: string;
  url: string;
  originalUrl: string;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  protocol: string;
  hostname: string;
  ip: string;
  body: unknown;
  rawBody: Uint8Array;
  get: (name: string) => string | undefined;
  header: (name: string) => string | undefined;
  [key: string]: unknown;
}

interface LiteResponse {
  statusCode: number;
  headersSent: boolean;
  locals: Record<string, unknown>;
  status: (code: number) => LiteResponse;
  set: (field: string | Record<string, string>, value?: string) => LiteResponse;
  header: (field: string | Record<string, string>, value?: string) => LiteResponse;
  setHeader: (field: string, value: string | number) => LiteResponse;
  get: (field: string) => string | undefined;
  getHeader: (field: string) => string | undefined;
  type: (type: string) => LiteResponse;
  json: (value: unknown) => LiteResponse;
  send: (body?: unknown) => LiteResponse;
  end: (body?: string | Uint8Array) => LiteResponse;
  sendStatus: (code: number) => LiteResponse;
  sendFile: () => never;
  [key: string]: unknown;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
};

/** A minimal Node `Buffer` (from, isBuffer, toString) for middleware that names it, where the runtime has none. */
class LiteBuffer extends Uint8Array {
  override toString(encoding: 'utf8' | 'hex' | 'base64' = 'utf8'): string {
    if (encoding === 'hex') return Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('');
    if (encoding === 'base64') return btoa(String.fromCharCode(...this));
    return new TextDecoder().decode(this);
  }
}
function bufferFrom(data: string | ArrayLike<number> | ArrayBuffer, encoding: 'utf8' | 'hex' | 'base64' = 'utf8'): LiteBuffer {
  if (typeof data !== 'string') return new LiteBuffer(data instanceof ArrayBuffer ? new Uint8Array(data) : Array.from(data));
  if (encoding === 'hex') return new LiteBuffer((data.match(/../g) ?? []).map((h) => parseInt(h, 16)));
  if (encoding === 'base64') return new LiteBuffer(Array.from(atob(data), (c) => c.charCodeAt(0)));
  return new LiteBuffer(new TextEncoder().encode(data));
}
// Node's signature, not a typed array's: Buffer.from(string, encoding).
Object.defineProperty(LiteBuffer, 'from', { value: bufferFrom });
Object.defineProperty(LiteBuffer, 'isBuffer', { value: (value: unknown) => value instanceof Uint8Array });
/** Installs LiteBuffer as `globalThis.Buffer` when there is none (the browser worker). */
export function ensureBuffer(): void {
  const scope = globalThis as unknown as { Buffer?: unknown };
  if (scope.Buffer === undefined) scope.Buffer = LiteBuffer;
}

function matchPath(layer: Layer, path: string): Record<string, string> | undefined {
  if (layer.path === '/' && layer.prefix) return {};
  const names: string[] = [];
  const pattern = layer.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:(\w+)/g, (_m, name: string) => (names.push(name), '/([^/]+)'));
  const m = new RegExp(`^${pattern}${layer.prefix ? '(?=/|$)' : '/?$'}`, 'i').exec(path);
  if (m === null) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]));
}

function makeRequest(net: NetRequest): LiteRequest {
  const headers: Record<string, string | string[] | undefined> = {};
  for (const [k, v] of Object.entries(net.headers)) headers[k.toLowerCase()] = v;
  headers['host'] ??= net.url.host;
  const header = (name: string): string | undefined => {
    const v = headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  const url = `${net.url.pathname}${net.url.search}`;
  return {
    method: net.method,
    url,
    originalUrl: url,
    get path() {
      return new URL(this.url, 'http://x').pathname;
    },
    query: Object.fromEntries(net.url.searchParams),
    params: {},
    headers,
    protocol: net.url.protocol.replace(':', ''),
    hostname: net.url.hostname,
    ip: '127.0.0.1',
    body: undefined,
    rawBody: net.body,
    get: header,
    header,
  };
}

function makeResponse(finish: (r: NetResponse) => void): LiteResponse {
  const headers: Record<string, string> = {};
  const set = (field: string | Record<string, string>, value?: string): LiteResponse => {
    if (typeof field === 'string') headers[field.toLowerCase()] = String(value);
    else for (const [k, v] of Object.entries(field)) headers[k.toLowerCase()] = String(v);
    return res;
  };
  const res: LiteResponse = {
    statusCode: 200,
    headersSent: false,
    locals: {},
    status: (code) => ((res.statusCode = code), res),
    set,
    header: set,
    setHeader: (field, value) => set(field, String(value)),
    get: (field) => headers[field.toLowerCase()],
    getHeader: (field) => headers[field.toLowerCase()],
    type: (type) => set('content-type', type.includes('/') ? type : type === 'json' ? 'application/json' : `text/${type}`),
    json: (value) => {
      headers['content-type'] ??= 'application/json; charset=utf-8';
      return res.send(JSON.stringify(value));
    },
    send: (body) => {
      if (body instanceof Uint8Array) {
        headers['content-type'] ??= 'application/octet-stream';
        return res.end(body);
      }
      if (body !== null && typeof body === 'object') return res.json(body);
      if (body === undefined) return res.end();
      headers['content-type'] ??= 'text/html; charset=utf-8';
      return res.end(String(body));
    },
    end: (body) => {
      if (res.headersSent) return res;
      res.headersSent = true;
      finish({ status: res.statusCode, headers, body: body ?? '' });
      return res;
    },
    sendStatus: (code) =>
      res
        .status(code)
        .type('text/plain; charset=utf-8')
        .send(STATUS_TEXT[code] ?? String(code)),
    sendFile: () => {
      throw new Error('sendFile is not available in the in-page runner (there are no files to serve)');
    },
  };
  return res;
}

export interface LiteApp {
  (req: NetRequest): Promise<NetResponse>;
  use: (...args: unknown[]) => LiteApp;
  get: (path: string, ...fns: Handler[]) => LiteApp;
  post: (path: string, ...fns: Handler[]) => LiteApp;
  put: (path: string, ...fns: Handler[]) => LiteApp;
  patch: (path: string, ...fns: Handler[]) => LiteApp;
  delete: (path: string, ...fns: Handler[]) => LiteApp;
  all: (path: string, ...fns: Handler[]) => LiteApp;
  set: (name: string, value: unknown) => LiteApp;
  disable: (name: string) => LiteApp;
  enable: (name: string) => LiteApp;
  listen: (...args: unknown[]) => { address: () => { address: string; family: string; port: number }; close: (cb?: () => void) => void; on: () => void };
}

/** `express` for a network that serves a host with `serve`. */
export function expressLite(
  serve: (host: string, handler: HostHandler) => void,
): (() => LiteApp) & { json: (options?: { limit?: string | number }) => Handler } {
  const create = (): LiteApp => {
    const layers: Layer[] = [];
    const app = (async (net: NetRequest): Promise<NetResponse> =>
      await new Promise<NetResponse>((resolve) => {
        const req = makeRequest(net);
        const res = makeResponse(resolve);
        let index = 0;
        const next: Next = (error) => {
          if (res.headersSent) return;
          const path = new URL(req.originalUrl, 'http://x').pathname;
          for (; index < layers.length;) {
            const layer = layers[index++] as Layer;
            if (layer.method !== undefined && layer.method !== req.method && !(layer.method === 'GET' && req.method === 'HEAD')) continue;
            const params = matchPath(layer, path);
            if (params === undefined) continue;
            const handlesError = layer.fn.length === 4;
            if ((error !== undefined) !== handlesError) continue;
            req.params = params;
            // A `use` mount path is stripped from req.url for its handler, as Express does.
            req.url = layer.prefix && layer.path !== '/' ? req.originalUrl.slice(layer.path.length) || '/' : req.originalUrl;
            try {
              const result = handlesError ? (layer.fn as ErrorHandler)(error, req, res, next) : (layer.fn as Handler)(req, res, next);
              if (result instanceof Promise) result.catch((e: unknown) => next(e ?? new Error('rejected')));
            } catch (e) {
              next(e);
            }
            return;
          }
          if (error !== undefined) {
            // As Express's final handler: an error's own 4xx/5xx status (a body parser's 400 or 413), else 500.
            const status = statusOf(error);
            res
              .status(status)
              .type('text/plain; charset=utf-8')
              .send(STATUS_TEXT[status] ?? String(status));
          } else res.status(404).type('text/html; charset=utf-8').send(`Cannot ${req.method} ${path}`);
        };
        next();
      })) as LiteApp;
    const route =
      (method: string | undefined) =>
      (path: string, ...fns: Handler[]): LiteApp => {
        for (const fn of fns) layers.push({ method, path, prefix: false, fn });
        return app;
      };
    app.use = (...args: unknown[]) => {
      const path = typeof args[0] === 'string' ? (args.shift() as string) : '/';
      for (const fn of args.flat()) layers.push({ method: undefined, path: path.replace(/\/$/, '') || '/', prefix: true, fn: fn as Handler });
      return app;
    };
    app.get = route('GET');
    app.post = route('POST');
    app.put = route('PUT');
    app.patch = route('PATCH');
    app.delete = route('DELETE');
    app.all = route(undefined);
    app.set = () => app;
    app.disable = () => app;
    app.enable = () => app;
    app.listen = (...args: unknown[]) => {
      const requested = typeof args[0] === 'number' ? args[0] : Number(args[0] ?? 0);
      const port = requested === 0 ? 3000 : requested;
      serve(`localhost:${port}`, app);
      serve(`127.0.0.1:${port}`, app);
      const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
      queueMicrotask(() => callback?.());
      return { address: () => ({ address: '127.0.0.1', family: 'IPv4', port }), close: (cb?: () => void) => cb?.(), on: () => undefined };
    };
    return app;
  };
  const json =
    (options: { limit?: string | number } = {}): Handler =>
    (req, _res, next) => {
      const type = req.get('content-type') ?? '';
      if (req.body !== undefined || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type) || req.rawBody.length === 0) return next();
      const limit = typeof options.limit === 'number' ? options.limit : parseLimit(options.limit ?? '100kb');
      // As body-parser: the error goes to the app's error handlers with its status and type.
      if (req.rawBody.length > limit) return next(httpError(413, 'entity.too.large', 'request entity too large'));
      try {
        req.body = JSON.parse(new TextDecoder().decode(req.rawBody));
      } catch (e) {
        return next(httpError(400, 'entity.parse.failed', e instanceof Error ? e.message : 'the body is not JSON'));
      }
      next();
    };
  return Object.assign(create, { json });
}

/** An error as body-parser makes one: `status`, `statusCode`, `type` and `expose`. */
function httpError(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, type, expose: true });
}

/** The status an error asks for (4xx or 5xx in `status` or `statusCode`), else 500. */
function statusOf(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  return typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
}

function parseLimit(limit: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb)?$/i.exec(limit.trim());
  if (m === null) return 100 * 1024;
  return Number(m[1]) * ({ b: 1, kb: 1024, mb: 1024 * 1024 }[(m[2] ?? 'b').toLowerCase() as 'b' | 'kb' | 'mb'] ?? 1);
}
