/**
 * The edge of the local server (scripts/serve.ts): what Netlify's CDN does before a request reaches
 * a function, done here the same way. A request's URL is built from a valid Host header and the
 * path of its request target, never from a `//host/...` or absolute-form target (Netlify routes by
 * the site's domain, so a function there never sees another origin in `req.url`). A body handed to
 * a function can be cancelled without closing the connection, as on Netlify, where a function that
 * stops reading a body does not cut the client off.
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';

/** `host` or `host:port`, a DNS name or an IP literal, as RFC 9110 section 7.2 allows. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export type RequestTarget = { ok: true; url: URL } | { ok: false; status: 400; error: string };

/**
 * The URL a function sees for a request: `http://` + the Host header + the target's path and query.
 * A missing or malformed Host header, or a target that is neither origin-form (`/path`) nor
 * absolute-form (`http://host/path`, whose authority is ignored), is a 400.
 */
export function requestTarget(host: string | string[] | undefined, target: string | undefined): RequestTarget {
  const bad = (error: string): RequestTarget => ({ ok: false, status: 400, error });
  if (typeof host !== 'string' || host === '') return bad('Bad request: the Host header is missing');
  const match = HOST.exec(host);
  if (!match || Number(match[1] ?? '0') > 65_535) return bad('Bad request: the Host header is not a valid host name');
  let path = target ?? '';
  if (/^https?:\/\//i.test(path)) {
    try {
      const absolute = new URL(path);
      path = absolute.pathname + absolute.search;
    } catch {
      return bad('Bad request: the request target is not a valid URL');
    }
  }
  if (!path.startsWith('/')) return bad('Bad request: the request target must be a path');
  try {
    // Concatenated, not resolved against a base: `//evil.example/x` stays a path on this host.
    const url = new URL(`http://${host}${path}`);
    if (url.host !== new URL(`http://${host}`).host) return bad('Bad request: the request target is not a valid path');
    return { ok: true, url };
  } catch {
    return bad('Bad request: the Host header is not a valid host name');
  }
}

/** How much of a body nobody read the server still reads and discards after answering. */
export const DRAIN_LIMIT_BYTES = 8 * 1_048_576;

/**
 * The request body as a web stream for a function. Cancelling it (a function that stops reading at
 * its size limit) detaches the stream and leaves the socket alone; `drain` then reads and discards
 * what the client still sends, up to `DRAIN_LIMIT_BYTES`, so the answer reaches the client and the
 * next request on the same connection is parsed from the right place. Past the limit the
 * connection is closed.
 */
export function detachableBody(req: IncomingMessage): { body: ReadableStream<Uint8Array> | null; drain: () => void } {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return { body: null, drain: () => drain(req) };
  const pass = new PassThrough();
  req.pipe(pass);
  const body = Readable.toWeb(pass) as ReadableStream<Uint8Array>;
  return {
    body,
    drain: () => {
      req.unpipe(pass);
      pass.destroy();
      drain(req);
    },
  };
}

/** How long a connection closed for an oversized body lingers before it is cut. */
const LINGER_MS = 2_000;

function drain(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let drained = 0;
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained <= DRAIN_LIMIT_BYTES) return;
    // Stop reading and half-close: cutting the socket at once would reset the connection, and a
    // reset discards the answer still unread in the client's buffer. The client reads the answer
    // and closes; a client that keeps sending is cut after a short linger.
    req.off('data', onData);
    req.pause();
    req.socket.end();
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  };
  req.on('data', onData);
  req.resume();
}
