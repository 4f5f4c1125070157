/**
 * Serves the production build the way Netlify does: `dist/` + `netlify/functions` + Netlify Blobs
 * (persisted under `.netlify/blobs-serve`, or BLOBS_DIR), at one local address. Used by
 * `npm start`, the end-to-end tests (with a fresh BLOBS_DIR) and the benchmarks.
 * See docs/decisions/001-local-platform.md.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { setEnvironmentContext } from '@netlify/blobs';
import { NetlifyDev } from '@netlify/dev';
import { API_CSP, COMMON_SECURITY_HEADERS } from '../src/domain/security/csp.ts';
import { DEFAULT_FUNCTION_TIMEOUT_MS, invoke, loadFunctions, route } from './functions-runtime.ts';
import { adminPasswordBanner, ensureLocalSecrets } from './local-secrets.ts';
import { detachableBody, requestTarget } from './request-edge.ts';

const port = Number(process.env['PORT'] ?? 8888);
const host = process.env['HOST'] ?? '127.0.0.1';
const distDir = path.resolve('dist');

const secrets = ensureLocalSecrets();
process.env['URL'] ??= `http://localhost:${port}`;

// Our own Blobs server (instead of NetlifyDev's fixed folder) so tests and benchmarks can point
// the site at a store of their own. It runs in a worker thread (scripts/blobs-worker.ts), as Blobs
// is a separate service on Netlify; functions run in this thread and read this context.
const blobsDir = path.resolve(process.env['BLOBS_DIR'] ?? '.netlify/blobs-serve');
const blobsToken = randomBytes(16).toString('hex');
const blobs = new Worker(new URL('./blobs-worker.ts', import.meta.url), { workerData: { directory: blobsDir, token: blobsToken } });
const blobsPort = await new Promise<number>((resolve, reject) => {
  blobs.once('message', (m: { port: number }) => resolve(m.port));
  blobs.once('error', reject);
});
setEnvironmentContext({
  edgeURL: `http://127.0.0.1:${blobsPort}`,
  uncachedEdgeURL: `http://127.0.0.1:${blobsPort}`,
  token: blobsToken,
  siteID: 'local-site',
  deployID: 'local',
});

// Functions run warm in this process (scripts/functions-runtime.ts); NetlifyDev serves the static
// files with the headers of netlify.toml and dist/_headers.
const functions = await loadFunctions(path.resolve('netlify/functions'), path.resolve('.netlify/warm-functions'));

const netlify = new NetlifyDev({
  blobs: { enabled: false },
  functions: { enabled: false },
  projectRoot: process.cwd(),
  serverAddress: null,
  staticFiles: { directories: [distDir] },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  geolocation: { enabled: false },
  aiGateway: { enabled: false },
  logger: { log: () => {}, warn: (...a: unknown[]) => console.warn(...a), error: (...a: unknown[]) => console.error(...a) },
});
await netlify.start();

const notFoundPage = await readFile(path.join(distDir, '404.html')).catch(() => Buffer.from('<h1>Page Not Found</h1>'));

const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;
/** Compressed static files, by path and encoding: `dist/` does not change while serving. */
const staticCache = new Map<string, Buffer>();

/** The encoding a client accepts that we serve (brotli first, as Netlify's CDN), or none. */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '').split(',').map((e) => e.trim().split(';')[0]?.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: 'br' | 'gzip', quality: 'static' | 'dynamic'): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: quality === 'static' ? 9 : 6 });
  return brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality === 'static' ? 11 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * Writes a web Response to Node's response. Unlike `fromWebResponse` of @netlify/dev-utils (which
 * keeps only the last Set-Cookie header), every cookie is forwarded, as Netlify does. Text bodies
 * are compressed (brotli or gzip) as Netlify's CDN does in production, so page weights and
 * Lighthouse figures measured here are what visitors get; event streams pass through unbuffered.
 */
async function sendWebResponse(web: Response, res: ServerResponse, acceptEncoding: string | undefined, staticKey?: string): Promise<void> {
  res.statusCode = web.status;
  web.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') res.setHeader(name, value);
  });
  const cookies = web.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  const type = web.headers.get('content-type') ?? '';
  const encoding = pickEncoding(acceptEncoding);
  if (!web.body || !COMPRESSIBLE.test(type) || web.headers.has('content-encoding')) {
    if (web.body) for await (const chunk of web.body) res.write(chunk);
    res.end();
    return;
  }
  res.setHeader('vary', [web.headers.get('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  const body = Buffer.from(await web.arrayBuffer());
  if (!encoding || body.length < 1024) {
    res.setHeader('content-length', body.length);
    res.end(body);
    return;
  }
  const key = staticKey && web.status === 200 ? `${encoding} ${staticKey}` : undefined;
  let packed = key ? staticCache.get(key) : undefined;
  if (!packed) {
    packed = compress(body, encoding, key ? 'static' : 'dynamic');
    if (key) staticCache.set(key, packed);
  }
  res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', packed.length);
  res.end(packed);
}

const functionTimeoutMs = Number(process.env['FUNCTION_TIMEOUT_SECONDS'] ?? DEFAULT_FUNCTION_TIMEOUT_MS / 1000) * 1000;
/** Headers of the answers this server makes itself (not a function's, not a static file's). */
const OWN_HEADERS = { ...COMMON_SECURITY_HEADERS, 'cache-control': 'no-store', 'content-security-policy': API_CSP };
const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

function sendJsonError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...OWN_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify({ error: message }));
}

/** A path Netlify cannot decode (`/%c0`) is a bad request, not a server error. */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The web Request a function gets: the URL built at the edge, the client's headers, a detachable body. */
function webRequest(req: IncomingMessage, url: URL, body: ReadableStream<Uint8Array> | null): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '');
  return new Request(url, { method: req.method ?? 'GET', headers, body, duplex: 'half' } as RequestInit);
}

// Host headers are checked here (a JSON 400), not by Node (a bare 400 with no headers).
/**
 * Answers still being written on each connection: a framing error in a pipelined request must wait
 * for them (HTTP/1.1 answers go back in order, so an error written at once would read as the
 * answer to the valid request before it).
 */
const inFlight = new WeakMap<Socket, Set<ServerResponse>>();

const server = createServer({ requireHostHeader: false }, async (req, res) => {
  const socket = req.socket;
  const open = inFlight.get(socket) ?? new Set<ServerResponse>();
  inFlight.set(socket, open);
  open.add(res);
  res.once('close', () => {
    open.delete(res);
    if (open.size === 0) socket.emit('answered');
  });
  // A body the answer did not need (a 413 or 415 before reading it, a GET with a body) is read
  // and discarded after the answer, so the next request on the connection (keep-alive) is parsed
  // from the right place; one too large closes the connection instead.
  const { body, drain } = detachableBody(req);
  res.once('finish', drain);
  try {
    const method = (req.method ?? 'GET').toUpperCase();
    if (UNSUPPORTED_METHODS.has(method)) {
      sendJsonError(res, 405, `Method ${method} is not allowed`, { allow: 'GET, HEAD, POST, DELETE, PATCH' });
      return;
    }
    const target = requestTarget(req.headers.host, req.url);
    if (!target.ok) {
      sendJsonError(res, target.status, target.error);
      return;
    }
    const url = target.url;
    if (!decodable(url.pathname)) {
      sendJsonError(res, 400, 'Bad request: the path is not valid URL encoding');
      return;
    }
    const match = route(functions, url, method);
    if (match) {
      const web = await invoke(match.fn, webRequest(req, url, body), match.params, req.socket.remoteAddress ?? '127.0.0.1', functionTimeoutMs);
      await sendWebResponse(web, res, req.headers['accept-encoding']);
      return;
    }
    const result = await netlify.handleAndIntrospectNodeRequest(req);
    if (result) {
      await sendWebResponse(result.response, res, req.headers['accept-encoding'], url.pathname);
      return;
    }
    // Unknown path: Netlify answers with 404.html and status 404, under the site's header rules.
    const page = await netlify.handle(new Request(new URL('/404.html', `http://localhost:${port}`)));
    if (page) {
      await sendWebResponse(new Response(page.body, { status: 404, headers: page.headers }), res, req.headers['accept-encoding']);
      return;
    }
    res.writeHead(404, { ...COMMON_SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(notFoundPage);
  } catch (error) {
    console.error(error);
    sendJsonError(res, 500, 'Internal server error');
  }
});

/**
 * What Node's parser refuses before a request exists (a method it does not know, a malformed
 * request line or chunk, headers too large) gets a JSON error with the security headers, as every
 * other answer of this server does, and the connection is closed.
 */
server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_INVALID_METHOD'
      ? [501, 'Method not implemented']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request header fields too large']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request timeout']
          : [400, 'Bad request'];
  const body = JSON.stringify({ error: message });
  const pending = inFlight.get(socket as Socket);
  if (pending && pending.size > 0) {
    // Answer the complete requests before it first; then report this one and close.
    socket.once('answered', () => writeClientError(socket, status, body));
    return;
  }
  writeClientError(socket, status, body);
});

function writeClientError(socket: Duplex, status: number, body: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const headers = Object.entries({
    ...OWN_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${headers}\r\n${body}`);
}

// Keep idle connections open longer than any client keeps them (Netlify's edge holds them for
// minutes): with Node's 5 s default, a client reusing a connection the moment the server closes it
// gets ECONNRESET (seen under load in the data-integrity e2e test).
server.keepAliveTimeout = 120_000;
server.headersTimeout = 125_000;

server.listen(port, host, () => {
  console.log(`\n  Site ready at http://localhost:${port}  (pages + /api + local Netlify Blobs)\n`);
  console.log(`${adminPasswordBanner(secrets)}\n`);
});

const shutdown = async () => {
  server.close();
  await netlify.stop();
  await new Promise((resolve) => {
    blobs.once('message', resolve);
    blobs.postMessage('stop');
  });
  await blobs.terminate();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
