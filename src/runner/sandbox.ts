// First: the SDK's modules must find the simulated network as `fetch` when they load.
import { routeFetch } from './network-hook.ts';
import * as sdk from '@bsv/sdk';
import { PrivateKey, type Transaction } from '@bsv/sdk';
import { transform } from 'sucrase';
import { FakeChain } from '../sandbox/fake-chain.ts';
import { FakeNet } from '../sandbox/fake-net.ts';
import { givenBy, resolveRunSpec, type RunSpec } from '../sandbox/run-options.ts';
import { startServices, type ServiceName } from '../sandbox/services.ts';
import { TestWallet } from '../sandbox/test-wallet.ts';
import { createAuthMiddleware } from '@bsv/auth-express-middleware';
import { createPaymentMiddleware } from '@bsv/payment-express-middleware';
import { ensureBuffer, expressLite } from '../sandbox/express-lite.ts';
import { httpShim } from './http-shim.ts';
import { MemFs } from './memfs.ts';

/** A transaction the fake ARC accepted during a Run, as the output panel lists it. */
interface TxSummary {
  txid: string;
  size: number;
  fee: number | undefined;
  outputs: { satoshis: number; script: string; asm: string }[];
  /** Each input's outpoint (source txid.vout) and the satoshis it brings, when known. */
  inputs: { outpoint: string; satoshis: number | undefined }[];
  hex: string;
}

export interface RunReport {
  code: number;
  stdout: string;
  stderr: string;
  transactions: TxSummary[];
  /** The line (1-based, of the example's own code) an uncaught error came from, when known. */
  errorLine?: number | undefined;
  /** Its column (1-based), when known. */
  errorColumn?: number | undefined;
}

export type Stream = 'stdout' | 'stderr';

class ExitSignal {
  readonly code: number;
  constructor(code: number) {
    this.code = code;
  }
}

/** A string inside a library's logged object longer than this is shown cut (see libraryConsole). */
const LIBRARY_STRING = 80;

/** Node's util.inspect, single-line, for the values examples print: `{ over18: 'true' }`, `[ 'a', 'b' ]`; `cut` shortens long strings inside values. */
function inspect(v: unknown, depth = 0, cut = false): string {
  if (typeof v === 'string') {
    if (depth === 0) return v;
    const shown = cut && v.length > LIBRARY_STRING ? `${v.slice(0, 40)}… (${v.length} characters)` : v;
    return `'${shown.replace(/'/g, "\\'")}'`;
  }
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Error) return v.stack ?? `${v.name}: ${v.message}`;
  if (v === null || typeof v !== 'object') return String(v);
  if (depth > 2) return Array.isArray(v) ? '[Array]' : '[Object]';
  if (v instanceof Uint8Array) return `Uint8Array(${v.length}) [ ${[...v.slice(0, 100)].join(', ')} ]`;
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[ ${v.map((x) => inspect(x, depth + 1, cut)).join(', ')} ]`;
  const entries = Object.entries(v);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${inspect(x, depth + 1, cut)}`).join(', ')} }`;
}

/** Node's console formatting: printf-style placeholders, then every value inspected (`cut`: long strings inside values cut). */
function format(args: unknown[], cut = false): string {
  const show = (v: unknown): string => inspect(v, 0, cut);
  const [first, ...rest] = args;
  if (typeof first === 'string' && /%[sdifjoO]/.test(first)) {
    let i = 0;
    const out = first.replace(/%([sdifjoO%])/g, (m, c: string) => {
      if (c === '%') return '%';
      if (i >= rest.length) return m;
      const v = rest[i++];
      if (c === 'd' || c === 'i') return String(c === 'i' ? Math.trunc(Number(v)) : Number(v));
      if (c === 'f') return String(Number(v));
      if (c === 'j') return JSON.stringify(v);
      return show(v);
    });
    return [out, ...rest.slice(i).map(show)].join(' ');
  }
  return args.map(show).join(' ');
}

function scriptKind(hex: string): string {
  if (/^76a914[0-9a-f]{40}88ac$/.test(hex)) return 'P2PKH';
  if (hex.startsWith('006a') || hex.startsWith('6a')) return 'OP_RETURN data';
  return 'custom script';
}

const OP_NAMES = new Map<number, string>();
for (const [name, code] of Object.entries(sdk.OP)) if (typeof code === 'number' && !OP_NAMES.has(code)) OP_NAMES.set(code, name);

/** A script as opcodes and pushed data (hex); the data after OP_RETURN is shown as its pushes too. */
function asm(chunks: { op: number; data?: number[] | undefined }[]): string {
  return chunks
    .map((chunk) => {
      if (chunk.op === sdk.OP.OP_RETURN) {
        const rest = chunk.data === undefined || chunk.data.length === 0 ? '' : ` ${asm(sdk.Script.fromBinary(chunk.data).chunks)}`;
        return `OP_RETURN${rest}`;
      }
      if (chunk.data !== undefined && chunk.data.length > 0) return sdk.Utils.toHex(chunk.data);
      return OP_NAMES.get(chunk.op) ?? `0x${chunk.op.toString(16)}`;
    })
    .join(' ');
}

function summarise(tx: Transaction): TxSummary {
  let fee: number | undefined = 0;
  for (const input of tx.inputs) {
    const source = input.sourceTransaction?.outputs[input.sourceOutputIndex]?.satoshis;
    if (source === undefined || fee === undefined) fee = undefined;
    else fee += source;
  }
  const out = tx.outputs.reduce((s, o) => s + (o.satoshis ?? 0), 0);
  const hex = tx.toHex();
  return {
    txid: tx.id('hex'),
    size: hex.length / 2,
    fee: fee === undefined ? undefined : fee - out,
    outputs: tx.outputs.map((o) => ({ satoshis: o.satoshis ?? 0, script: scriptKind(o.lockingScript.toHex()), asm: asm(o.lockingScript.chunks) })),
    inputs: tx.inputs.map((i) => ({
      outpoint: `${i.sourceTXID ?? i.sourceTransaction?.id('hex') ?? '?'}.${i.sourceOutputIndex}`,
      satoshis: i.sourceTransaction?.outputs[i.sourceOutputIndex]?.satoshis,
    })),
    hex,
  };
}

/** TypeScript in, a CommonJS-style function body out (imports become `require` calls). */
function compile(code: string): string {
  const source = code.replace(/\bimport\.meta\b/g, '__importMeta');
  return transform(source, { transforms: ['typescript', 'imports'], disableESTransforms: true, production: true }).code;
}

/** Two lines of the evaluated function's header precede the example's first line. */
const HEADER_LINES = 2;

/** A syntax error the compiler found, at a line and column of the code as shown. */
class CodeSyntaxError extends Error {
  override name = 'SyntaxError';
  readonly line: number;
  readonly column: number;
  constructor(message: string, line: number, column: number) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

/** TypeScript in, a CommonJS-style function body out; a syntax error says where it is. */
function compileAt(code: string, name: string): string {
  try {
    return compile(code);
  } catch (error) {
    const loc = (error as { loc?: { line?: number; column?: number } }).loc;
    if (loc?.line === undefined) throw error;
    const message = (error as Error).message.replace(/\s*\(\d+:\d+\)$/, '');
    // Sucrase counts lines and columns from 1, as an editor does.
    const column = loc.column ?? 1;
    throw new CodeSyntaxError(`${message} (${name}, line ${loc.line}, column ${column})`, loc.line, column);
  }
}

/**
 * The stack as the reader's code numbers its lines: frames of the example (`example-<name>:L:C`)
 * moved up by the evaluated function's header; the runtime's own frames left out.
 */
function readerStack(error: Error): string {
  const lines = (error.stack ?? `${error.name}: ${error.message}`).split('\n');
  return lines
    .filter((l) => l.includes('example-') || !/^\s+at /.test(l))
    .map((l) =>
      l.replace(/(example-[^:)\s]+):(\d+):(\d+)/g, (_m, file: string, line: string, column: string) => `${file}:${Number(line) - HEADER_LINES}:${column}`),
    )
    .join('\n');
}

/** The line and column (1-based, of the example's own code) an error points at, if any. */
function errorPlace(error: unknown, marker: string): { line: number; column: number } | undefined {
  if (error instanceof CodeSyntaxError) return { line: error.line, column: error.column };
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const line of stack.split('\n')) {
    if (!line.includes(marker)) continue;
    const m = /:(\d+):(\d+)\)?$/.exec(line.trim());
    if (m?.[1] !== undefined) {
      const n = Number(m[1]) - HEADER_LINES;
      if (n > 0) return { line: n, column: Number(m[2]) };
    }
  }
  return undefined;
}

/**
 * The in-page runner's world: the fake chain, network and wallet the Node tests use (src/sandbox),
 * an in-memory file system, and an executor that runs an example's TypeScript with the Node
 * built-ins it imports shimmed and every `fetch` answered by the fake network. One Sandbox lives
 * until Reset, so a second Run continues on the same chain.
 */
export class Sandbox {
  readonly chain = new FakeChain();
  readonly net = new FakeNet(this.chain);
  readonly wallet = new TestWallet(PrivateKey.fromRandom(), this.chain);
  readonly fs = new MemFs();
  /** The services started on this chain (src/sandbox/services.ts), by host. */
  private readonly services = new Map<string, ServiceName>();

  /** Template values this world gives every run (resolveRunSpec's `given`). */
  private readonly given = new Map<string, string>();

  constructor() {
    this.net.wallet = this.wallet;
    // A server example's own wallet (its WALLET_URL in the run options), apart from the reader's.
    const serverWallet = new TestWallet(PrivateKey.fromRandom(), this.chain);
    this.net.serveWallet('wallet.server.test', serverWallet);
    this.given.set('serverWallet.identityKey', serverWallet.identityKey);
    this.given.set('wallet.identityKey', this.wallet.identityKey);
  }

  /** Cookies by host, sent with `credentials: 'include'` as a browser would (for sign-in examples). */
  private readonly cookies = new Map<string, Map<string, string>>();

  /** The `fetch` an example sees: every request is answered by the fake network, none leaves. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const host = new URL(request.url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    const include = init?.credentials === 'include' || (input instanceof Request && input.credentials === 'include');
    let setCookies: string[] = [];
    const response = await this.net.handle(request, {
      ...(include && jar.size > 0 ? { extraHeaders: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } } : {}),
      inspect: (answer) => {
        const value = Object.entries(answer.headers ?? {}).find(([k]) => k.toLowerCase() === 'set-cookie')?.[1];
        setCookies = value === undefined ? [] : value.split(/,(?=\s*[^;=\s]+=)/);
      },
    });
    for (const line of setCookies) {
      const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
      // Like a browser, refuse a Secure cookie over plain http.
      if (attrs.some((a) => a.toLowerCase() === 'secure') && !request.url.startsWith('https:')) continue;
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const expired = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      this.cookies.set(host, jar);
    }
    return response;
  };

  async run(code: string, fileName: string, spec: RunSpec, write: (stream: Stream, text: string) => void): Promise<RunReport> {
    // The SDK's own requests (ARC, WhatsOnChain, the wallet substrates) use the global fetch too.
    routeFetch(this.fetch);
    ensureBuffer();
    await startServices(spec.hosts ?? {}, this.chain, this.services, (host, handler) => this.net.route(host, handler), this.given);
    const resolved = resolveRunSpec(spec, this.chain, this.given);
    const fsModule = this.fs.module() as { writeFile: (f: string, d: string) => Promise<void> };
    for (const [name, content] of Object.entries(resolved.files)) await fsModule.writeFile(name, content);
    for (const [host, paths] of Object.entries(resolved.routes)) {
      this.net.route(host, (req) => {
        const answer = paths[`${req.method} ${req.url.pathname}`];
        return answer === undefined ? { status: 404 } : { status: answer.status, headers: { 'content-type': answer.contentType }, body: answer.body };
      });
    }
    let stdout = '';
    let stderr = '';
    const emit = (stream: Stream, text: string): void => {
      if (stream === 'stdout') stdout += text;
      else stderr += text;
      write(stream, text);
    };
    const before = this.chain.accepted.length;
    const process = {
      env: { ...resolved.env },
      argv: ['node', `${this.fs.cwd}/${resolved.main === undefined ? fileName : 'main.ts'}`, ...resolved.args],
      exitCode: undefined as number | undefined,
      platform: 'browser',
      cwd: () => this.fs.cwd,
      exit: (code?: number) => {
        throw new ExitSignal(code ?? process.exitCode ?? 0);
      },
      stdout: { write: (t: string) => (emit('stdout', String(t)), true) },
      stderr: { write: (t: string) => (emit('stderr', String(t)), true) },
      on: () => process,
    };
    const line =
      (stream: Stream, cut = false) =>
      (...args: unknown[]) =>
        emit(stream, `${format(args, cut)}\n`);
    const sandboxConsole = {
      log: line('stdout'),
      info: line('stdout'),
      debug: line('stdout'),
      table: line('stdout'),
      dir: line('stdout'),
      error: line('stderr'),
      warn: line('stderr'),
    };
    const modules: Record<string, unknown> = {
      '@bsv/sdk': sdk,
      'node:fs/promises': this.fs.module(),
      'fs/promises': this.fs.module(),
      'node:crypto': cryptoShim(),
      crypto: cryptoShim(),
      'node:http': httpShim(this.net),
      // Express and the BSV middleware for the servers of chapters 7 and 8 (src/sandbox/express-lite.ts).
      express: expressLite((host, handler) => this.net.route(host, handler)),
      '@bsv/auth-express-middleware': { createAuthMiddleware },
      '@bsv/payment-express-middleware': { createPaymentMiddleware },
      // Types only (AddressInfo) in the examples: nothing is read from it.
      'node:net': {},
    };
    // A run-options `main` program imports the example as `./<fileName>` (not as the entry point).
    const require = (name: string): unknown => {
      if (name in modules) return modules[name];
      if (name === `./${fileName}` && resolved.main !== undefined) throw new Error('internal: the example module is loaded before the program runs');
      throw new Error(`Cannot find module '${name}' in the in-page runner: run this example locally (npm run example -- <id>)`);
    };
    const evaluate = async (source: string, name: string, main: boolean): Promise<Record<string, unknown>> => {
      const body = compileAt(source, name);
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
      const fn = new AsyncFunction('require', 'exports', 'module', 'process', 'console', 'fetch', '__importMeta', `${body}\n//# sourceURL=example-${name}`);
      const module = { exports: {} as Record<string, unknown> };
      await fn(require, module.exports, module, process, sandboxConsole, this.fetch, {
        main,
        url: `file://${this.fs.cwd}/${name}`,
        filename: `${this.fs.cwd}/${name}`,
        dirname: this.fs.cwd,
      });
      return module.exports;
    };
    let exitCode: number;
    let failedAt: { line: number; column: number } | undefined;
    // What the SDK itself logs during the run (a warning, a fallback) shows with the example's output.
    const globalConsole = globalThis.console as unknown as Record<string, unknown>;
    const saved = Object.fromEntries(Object.keys(sandboxConsole).map((k) => [k, globalConsole[k]]));
    // A library's log shows its long strings cut (AuthFetch logs each payment with its whole transaction in base64).
    const libraryConsole = {
      ...sandboxConsole,
      log: line('stdout', true),
      info: line('stdout', true),
      debug: line('stdout', true),
      warn: line('stderr', true),
    };
    Object.assign(globalConsole, libraryConsole);
    try {
      if (resolved.main === undefined) await evaluate(code, fileName, true);
      else {
        modules[`./${fileName}`] = await evaluate(code, fileName, false);
        await evaluate(resolved.main, 'main.ts', true);
      }
      exitCode = process.exitCode ?? 0;
    } catch (error) {
      if (error instanceof ExitSignal) exitCode = error.code;
      else {
        exitCode = 1;
        failedAt = errorPlace(error, `example-${fileName}`);
        emit('stderr', `${error instanceof CodeSyntaxError ? `SyntaxError: ${error.message}` : error instanceof Error ? readerStack(error) : String(error)}\n`);
      }
    }
    Object.assign(globalConsole, saved);
    for (const [name, value] of givenBy(spec, stdout)) this.given.set(name, value);
    return {
      code: exitCode,
      stdout,
      stderr,
      transactions: this.chain.accepted.slice(before).map(summarise),
      errorLine: failedAt?.line,
      errorColumn: failedAt?.column,
    };
  }
}

function cryptoShim(): Record<string, unknown> {
  const randomBytes = (n: number): Uint8Array & { toString: (enc?: string) => string } => {
    const bytes = crypto.getRandomValues(new Uint8Array(n));
    return Object.assign(bytes, {
      toString: (enc?: string) => (enc === 'base64' ? btoa(String.fromCharCode(...bytes)) : [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')),
    });
  };
  const api = { randomBytes, randomUUID: () => crypto.randomUUID(), webcrypto: crypto, getRandomValues: (a: Uint8Array) => crypto.getRandomValues(a) };
  return { ...api, default: api };
}
