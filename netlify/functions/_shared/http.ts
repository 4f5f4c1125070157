/** Small helpers shared by the function handlers: JSON responses with the API's headers. */
import { API_CSP, COMMON_SECURITY_HEADERS } from '../../../src/domain/security/csp.ts';

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
