import { error } from './http.ts';

/**
 * Guards cookie-authenticated writes against cross-site requests (docs/architecture.md): a browser's
 * `Sec-Fetch-Site` must be same-origin (or none, for a typed URL), and when an `Origin` header is
 * present it must be this site's origin. Returns a 403 Response to send, or null when allowed.
 */
export function rejectCrossSite(req: Request): Response | null {
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return error(403, 'Cross-site request refused');
  const origin = req.headers.get('origin');
  if (origin && origin !== new URL(req.url).origin) return error(403, 'Cross-site request refused');
  return null;
}

/** What a page loads as code: no function's answer is ever one. */
const CODE_DESTINATIONS = new Set(['script', 'worker', 'sharedworker', 'serviceworker', 'audioworklet', 'paintworklet', 'style', 'xslt']);

/**
 * Refuses a request the browser makes to load code (`Sec-Fetch-Dest: script`, `worker`...): code
 * in the example runner's worker could otherwise reach the API with the reader's cookies through
 * `importScripts` or `import()`, which its CSP (script-src 'self') allows for the site's own URLs.
 */
export function rejectCodeLoad(req: Request): Response | null {
  const dest = req.headers.get('sec-fetch-dest');
  return dest && CODE_DESTINATIONS.has(dest) ? error(403, 'This address cannot be loaded as a script') : null;
}

/** Requires a JSON body: 415 unless the content type is application/json. */
export function requireJson(req: Request): Response | null {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return error(415, 'Content-Type must be application/json');
  return null;
}

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

const tooLarge = (limit: number): BodyResult<never> => ({ ok: false, response: error(413, `Request body is larger than ${limit} bytes`) });

/**
 * Reads the request body as UTF-8 text, at most `limit` bytes: a declared larger Content-Length is
 * refused before reading, and a chunked body is counted as it streams and abandoned at the limit
 * (never buffered whole), so an oversized body costs at most `limit` bytes of memory.
 */
export async function readBodyText(req: Request, limit: number): Promise<BodyResult<string>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) return tooLarge(limit);
  if (!req.body) return { ok: true, value: '' };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, value: new TextDecoder().decode(bytes) };
}

/** Reads at most `limit` bytes of the body as JSON. Returns the value, or a 4xx Response. */
export async function readJsonBody(req: Request, limit = 16 * 1024): Promise<BodyResult<unknown>> {
  const text = await readBodyText(req, limit);
  if (!text.ok) return text;
  if (text.value.trim() === '') return { ok: false, response: error(400, 'Request body is empty; send a JSON object') };
  try {
    return { ok: true, value: JSON.parse(text.value) };
  } catch {
    return { ok: false, response: error(400, 'Request body is not valid JSON') };
  }
}
