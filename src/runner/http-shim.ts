import type { FakeNet, NetRequest, NetResponse } from '../sandbox/fake-net.ts';

type Listener = (...args: unknown[]) => void;

/** A small event emitter (the parts of Node's the examples' servers touch). */
class Emitter {
  private readonly listeners = new Map<string, Listener[]>();
  on(event: string, fn: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  once(event: string, fn: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped);
      fn(...args);
    };
    return this.on(event, wrapped);
  }
  off(event: string, fn: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== fn),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]): boolean {
    const list = this.listeners.get(event) ?? [];
    for (const l of list) l(...args);
    return list.length > 0;
  }
}

class IncomingMessage extends Emitter {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  private readonly body: Uint8Array;

  constructor(req: NetRequest) {
    super();
    this.method = req.method;
    this.url = `${req.url.pathname}${req.url.search}`;
    this.headers = req.headers;
    // Like a Buffer, a chunk turns into its UTF-8 text with String(chunk).
    const bytes = req.body.slice();
    this.body = Object.assign(bytes, { toString: () => new TextDecoder().decode(bytes) });
    queueMicrotask(() => {
      if (this.body.length > 0) this.emit('data', this.body);
      this.emit('end');
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    if (this.body.length > 0) yield this.body;
  }
}

class ServerResponse extends Emitter {
  statusCode = 200;
  headersSent = false;
  private readonly headers: Record<string, string> = {};
  private readonly chunks: Uint8Array[] = [];
  readonly done: Promise<NetResponse>;
  private finish: (r: NetResponse) => void = () => {};

  constructor() {
    super();
    this.done = new Promise((resolve) => (this.finish = resolve));
  }
  setHeader(name: string, value: string | number | string[]): this {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    return this;
  }
  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }
  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()];
  }
  writeHead(status: number, headers: Record<string, string | number | string[]> = {}): this {
    this.statusCode = status;
    for (const [k, v] of Object.entries(headers)) this.setHeader(k, v);
    this.headersSent = true;
    return this;
  }
  write(chunk: string | Uint8Array): boolean {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
    return true;
  }
  end(chunk?: string | Uint8Array): this {
    if (chunk !== undefined) this.write(chunk);
    this.headersSent = true;
    const size = this.chunks.reduce((n, c) => n + c.length, 0);
    const body = new Uint8Array(size);
    let at = 0;
    for (const c of this.chunks) {
      body.set(c, at);
      at += c.length;
    }
    this.finish({ status: this.statusCode, headers: this.headers, body });
    this.emit('finish');
    return this;
  }
}

/**
 * The examples' `node:http` in the in-page runner: `createServer(handler).listen(port)` serves
 * `localhost:<port>` on the fake network, so another example's `fetch` reaches the handler inside
 * the worker. The server stays up until Reset.
 */
export function httpShim(net: FakeNet): Record<string, unknown> {
  const createServer = (handler?: (req: IncomingMessage, res: ServerResponse) => void): Emitter & Record<string, unknown> => {
    const server = new Emitter() as Emitter & Record<string, unknown>;
    let port = 0;
    if (handler !== undefined) server.on('request', handler as Listener);
    server['listen'] = (...args: unknown[]) => {
      const requested = typeof args[0] === 'number' ? args[0] : Number(args[0] ?? 0);
      port = requested === 0 ? 3000 : requested;
      const serve = async (req: NetRequest): Promise<NetResponse> => {
        const res = new ServerResponse();
        server.emit('request', new IncomingMessage(req), res);
        return await res.done;
      };
      net.route(`localhost:${port}`, serve);
      net.route(`127.0.0.1:${port}`, serve);
      const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
      queueMicrotask(() => {
        callback?.();
        server.emit('listening');
      });
      return server;
    };
    server['address'] = () => ({ address: '127.0.0.1', family: 'IPv4', port });
    server['close'] = (callback?: () => void) => {
      callback?.();
      return server;
    };
    return server;
  };
  const api = { createServer, IncomingMessage, ServerResponse };
  return { ...api, default: api };
}
