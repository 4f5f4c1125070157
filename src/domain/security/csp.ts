import { createHash } from 'node:crypto';

/**
 * The site's Content-Security-Policy (docs/architecture.md "Security headers"): no inline script runs unless
 * its SHA-256 hash is listed, nothing loads from other origins except the assistant's frame and
 * https profile images, and the site cannot be framed.
 */
export interface CspOptions {
  /** Base64 SHA-256 hashes of the inline scripts the page runs. */
  scriptHashes?: Iterable<string>;
  /** Origin of the embedded assistant (frame-src); none when not configured. */
  assistantOrigin?: string | undefined;
  /** Who may frame the page (frame-ancestors): nobody, except the assistant page ('self'). */
  frameAncestors?: "'none'" | "'self'";
}

/**
 * The frame-src source of the "Ask BitGenius AI" dialog: the external assistant's origin when
 * `assistant.url` is set, else our own /assistant page ('self').
 */
export function assistantFrameSource(assistantUrl: string): string {
  return assistantUrl ? new URL(assistantUrl).origin : "'self'";
}

export function sha256Base64(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('base64');
}

/** The CSP header value for an HTML page. */
export function pageCsp({ scriptHashes = [], assistantOrigin, frameAncestors = "'none'" }: CspOptions = {}): string {
  const hashes = [...new Set(scriptHashes)].sort().map((h) => `'sha256-${h}'`);
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets Pagefind's search run its WebAssembly; it does not allow eval().
    `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
    // Shiki's highlighted code carries style attributes; no script can run from a style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${assistantOrigin ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * The CSP of the example runner's worker script (/runner/worker.js): it evaluates the reader's
 * example code ('unsafe-eval', in the worker only) and connects to nothing: every request an
 * example makes is answered by the simulated network inside the worker.
 */
export const RUNNER_WORKER_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'; worker-src 'none'; base-uri 'none'; form-action 'none'";

/** The CSP header value for API (JSON, files) responses: nothing may load or run. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** Headers every response carries, static or from a function. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** The contents of every executable inline <script> in an HTML document (JSON data blocks excluded). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    out.push(m[2] ?? '');
  }
  return out;
}

/** The CSP for an HTML document, hashing its own inline scripts. */
export function cspForHtml(html: string, assistantOrigin?: string, frameAncestors: CspOptions['frameAncestors'] = "'none'"): string {
  return pageCsp({ scriptHashes: inlineScripts(html).map(sha256Base64), assistantOrigin, frameAncestors });
}
