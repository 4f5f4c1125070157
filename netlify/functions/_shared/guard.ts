import { error } from './http.ts';

/**
 * Guards cookie-authenticated writes against cross-site requests (DESIGN.md): a browser's
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

/** Requires a JSON body: 415 unless the content type is application/json. */
export function requireJson(req: Request): Response | null {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return error(415, 'Content-Type must be application/json');
  return null;
}

/** Reads at most `limit` bytes of the body as JSON. Returns the value, or a 4xx Response. */
export async function readJsonBody(req: Request, limit = 16 * 1024): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) return { ok: false, response: error(413, `Request body is larger than ${limit} bytes`) };
  const text = await req.text();
  if (new TextEncoder().encode(text).byteLength > limit) return { ok: false, response: error(413, `Request body is larger than ${limit} bytes`) };
  if (text.trim() === '') return { ok: false, response: error(400, 'Request body is empty; send a JSON object') };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: error(400, 'Request body is not valid JSON') };
  }
}
