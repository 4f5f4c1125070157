import { P2PKH, Transaction } from '@bsv/sdk';
import type { FakeChain } from './fake-chain.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * The network boundary of the examples, as a pure request handler: no Node built-ins, so the same
 * module answers for the Node tests (through tests/examples/harness/loopback-net.ts, a loopback
 * HTTP server) and for the in-page runner (src/runner/worker.ts, which routes `fetch` here). It
 * answers for the public hosts the examples name (ARC, WhatsOnChain, the local wallet's JSON port)
 * from the fake chain and the test wallet, and for any app host registered with `route`. A host
 * nobody registered is unreachable, so an example that would reach the real network fails instead.
 */
export interface NetRequest<Body extends Uint8Array = Uint8Array> {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: Body;
}
export interface NetResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}
export type HostHandler<Body extends Uint8Array = Uint8Array> = (req: NetRequest<Body>) => Promise<NetResponse> | NetResponse;
export interface JournalEntry {
  method: string;
  url: string;
  status: number;
  authorization?: string;
}

/** The status FakeNet answers for a host nobody serves (with the header below). */
const UNREACHABLE_STATUS = 599;
const UNREACHABLE_HEADER = 'x-example-unreachable';

const json = (status: number, value: unknown): NetResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const text = (body: Uint8Array): string => new TextDecoder().decode(body);

function walletHandler(get: () => TestWallet | undefined): HostHandler {
  return async (req) => {
    const wallet = get();
    const method = req.url.pathname.slice(1);
    if (wallet === undefined) return { status: 503 };
    const fn = (wallet as unknown as Record<string, unknown>)[method];
    if (req.method !== 'POST' || typeof fn !== 'function') return json(404, { message: `no wallet method ${method}` });
    try {
      const args: unknown = req.body.length === 0 ? {} : JSON.parse(text(req.body));
      return json(200, await (fn as (a: unknown) => Promise<unknown>).call(wallet, args));
    } catch (error) {
      return json(500, { message: (error as Error).message });
    }
  };
}

export class FakeNet<Body extends Uint8Array = Uint8Array> {
  readonly journal: JournalEntry[] = [];
  private readonly hosts = new Map<string, HostHandler<Body>>();
  wallet: TestWallet | undefined;

  constructor(readonly chain: FakeChain) {
    const arc: HostHandler = async (req) => {
      if (req.method === 'POST' && req.url.pathname === '/v1/tx') {
        const { rawTx } = JSON.parse(text(req.body)) as { rawTx?: string };
        if (typeof rawTx !== 'string') return json(400, { status: 400, title: 'Bad request', detail: 'rawTx missing' });
        let tx: Transaction;
        try {
          tx = rawTx.slice(8, 20) === '0000000000ef' ? Transaction.fromHexEF(rawTx) : Transaction.fromHex(rawTx);
        } catch (error) {
          return json(463, { status: 463, title: 'Malformed transaction', detail: (error as Error).message });
        }
        const result = await chain.accept(tx);
        if (!result.ok) return json(result.code ?? 461, { status: result.code ?? 461, title: result.status, detail: result.detail, txid: tx.id('hex') });
        return json(200, { txid: result.txid, txStatus: 'SEEN_ON_NETWORK', extraInfo: '' });
      }
      // The miners' fee policy, as the SDK's LivePolicy reads it: 50 satoshis per 1,000 bytes here.
      if (req.method === 'GET' && req.url.pathname === '/v1/policy') return json(200, { policy: chain.policy, timestamp: new Date().toISOString() });
      const status = /^\/v1\/tx\/([0-9a-f]{64})$/.exec(req.url.pathname);
      if (req.method === 'GET' && status?.[1] !== undefined) {
        const answer = chain.status(status[1]);
        return answer === undefined ? json(404, { status: 404, title: 'Not found' }) : json(200, answer);
      }
      return json(404, { status: 404, title: 'Not found' });
    };
    for (const host of ['arc.taal.com', 'arc-test.taal.com', 'arc.gorillapool.io', 'testnet.arc.gorillapool.io']) this.hosts.set(host, arc);
    this.hosts.set('api.whatsonchain.com', async (req) => {
      const header = /^\/v1\/bsv\/(main|test)\/block\/(\d+)\/header$/.exec(req.url.pathname);
      if (header?.[2] !== undefined) {
        const root = chain.rootAt(Number(header[2]));
        return root === undefined ? json(404, { error: 'not found' }) : json(200, { height: Number(header[2]), merkleroot: root });
      }
      if (/^\/v1\/bsv\/(main|test)\/block\/headers$/.test(req.url.pathname)) return json(200, [{ height: await chain.currentHeight() }]);
      // An address's unspent outputs, confirmed and not (chapter 8 checks a revocation outpoint).
      const unspent = /^\/v1\/bsv\/(main|test)\/address\/([1-9A-HJ-NP-Za-km-z]{25,35})\/unspent\/all$/.exec(req.url.pathname);
      if (unspent?.[2] !== undefined) {
        let script: string;
        try {
          script = new P2PKH().lock(unspent[2]).toHex();
        } catch {
          return json(400, { error: 'invalid address' });
        }
        return json(200, { address: unspent[2], result: chain.unspent(script), error: '' });
      }
      return json(404, { error: 'not found' });
    });
    // The user's wallet, where WalletClient('auto') finds it (the JSON substrate's default port).
    this.hosts.set(
      'localhost:3321',
      walletHandler(() => this.wallet),
    );
  }

  /** Serves a wallet over the JSON substrate at `host` (for a server's own wallet, named by WALLET_URL). */
  serveWallet(host: string, wallet: TestWallet): void {
    this.hosts.set(
      host,
      walletHandler(() => wallet),
    );
  }

  /** Forwards every request for `host` to another origin (e.g. 'localhost:8080' to an overlay on a free port). */
  proxy(host: string, origin: string): void {
    this.hosts.set(host, async (req) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'content-length' && k !== 'connection') headers.set(k, v);
      const res = await fetch(`${origin}${req.url.pathname}${req.url.search}`, {
        method: req.method,
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Blob([new Uint8Array(req.body)]) }),
      });
      const out: Record<string, string> = {};
      res.headers.forEach((value, key) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding', 'keep-alive'].includes(key)) out[key] = value;
      });
      return { status: res.status, headers: out, body: new Uint8Array(await res.arrayBuffer()) };
    });
  }

  /** Serves `host` (name or name:port) with `handler` until replaced. */
  route(host: string, handler: HostHandler<Body>): void {
    this.hosts.set(host, handler);
  }

  /** Whether a handler answers for `host`. */
  serves(host: string): boolean {
    return this.hosts.has(host);
  }

  /** Journal entries for one host. */
  calls(host: string): JournalEntry[] {
    return this.journal.filter((e) => new URL(e.url).host === host);
  }

  /** Answers one request for `req.url`'s host and writes it to the journal. */
  async dispatch(req: NetRequest<Body>): Promise<NetResponse> {
    const handler = this.hosts.get(req.url.host);
    let answer: NetResponse;
    if (handler === undefined) answer = { status: UNREACHABLE_STATUS, headers: { [UNREACHABLE_HEADER]: '1' } };
    else {
      try {
        answer = await handler(req);
      } catch (error) {
        answer = json(500, { error: (error as Error).message });
      }
    }
    const auth = req.headers['authorization'];
    this.journal.push({ method: req.method, url: req.url.href, status: answer.status, ...(typeof auth === 'string' ? { authorization: auth } : {}) });
    return answer;
  }

  /**
   * The browser's form: a fetch `Request` in, a `Response` out (as `fetch` would give it). A host
   * nobody serves fails as a network error does. `extraHeaders` are sent as well (a browser's
   * Request cannot carry a Cookie header); `inspect` sees the answer as the host gave it (a
   * constructed Response drops Set-Cookie).
   */
  async handle(request: Request, options: { extraHeaders?: Record<string, string>; inspect?: (answer: NetResponse) => void } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => (headers[key] = value));
    Object.assign(headers, options.extraHeaders);
    const body = request.method === 'GET' || request.method === 'HEAD' ? new Uint8Array() : new Uint8Array(await request.arrayBuffer());
    const answer = await this.dispatch({ method: request.method, url: new URL(request.url), headers, body: body as Body });
    options.inspect?.(answer);
    if (answer.headers?.[UNREACHABLE_HEADER] === '1')
      throw new TypeError(`fetch failed: ${new URL(request.url).host} is not reachable from the offline examples`);
    const nullBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    const payload = answer.body === undefined || nullBody ? null : typeof answer.body === 'string' ? answer.body : new Uint8Array(answer.body);
    return new Response(payload, { status: answer.status, headers: answer.headers ?? {} });
  }
}
