/** Small helpers shared by the function handlers: JSON responses with the API's headers. */
import { API_CSP, COMMON_SECURITY_HEADERS, pageCsp } from '../../../src/domain/security/csp.ts';

/** Headers of every API response (function responses do not get netlify.toml's headers). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': API_CSP,
};

/** A JSON response with the API's security and caching headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...API_HEADERS, ...headers } });
}

/** A `{ "error": message }` response. */
export function error(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ error: message }, status, headers);
}

/** 405 with an Allow header. */
export function methodNotAllowed(allowed: string[]): Response {
  return error(405, `Method not allowed; use ${allowed.join(' or ')}`, { allow: allowed.join(', ') });
}

/**
 * A redirect (303 after a form post or logout, 302 to an identity provider) with the API's
 * security headers; `headers` may carry Set-Cookie lines.
 */
export function redirect(location: string, status: 302 | 303 = 303, headers: Headers = new Headers()): Response {
  for (const [name, value] of Object.entries(API_HEADERS)) if (name !== 'content-type') headers.set(name, value);
  headers.set('location', location);
  return new Response(null, { status, headers });
}

/**
 * Adds the security headers a response lacks (every response a function sends carries them): the
 * common ones, and a CSP (the page CSP without inline scripts for HTML, else the API's).
 */
export function withSecurityHeaders(res: Response): Response {
  const missing = Object.entries(COMMON_SECURITY_HEADERS).filter(([name]) => !res.headers.has(name));
  const csp = res.headers.has('content-security-policy') ? null : /^text\/html/i.test(res.headers.get('content-type') ?? '') ? pageCsp() : API_CSP;
  if (missing.length === 0 && csp === null) return res;
  let out = res;
  try {
    for (const [name, value] of missing) out.headers.set(name, value);
  } catch {
    out = new Response(res.body, res); // immutable headers (Response.redirect, fetch): copy
    for (const [name, value] of missing) out.headers.set(name, value);
  }
  if (csp) out.headers.set('content-security-policy', csp);
  return out;
}
