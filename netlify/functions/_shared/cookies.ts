import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * The site's cookies (the `cookie` package parses and serialises): HttpOnly unless said otherwise,
 * Secure everywhere except plain-http localhost (local development and tests).
 */
export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  sameSite?: 'lax' | 'strict';
  path?: string;
  /** False only for a readable, secret-free hint. */
  httpOnly?: boolean;
}

/** One cookie of a request (undefined when absent or empty). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  return header ? parseCookie(header)[name] || undefined : undefined;
}

function isSecure(req: Request): boolean {
  const url = new URL(req.url);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

/** A Set-Cookie header value. */
export function setCookie(req: Request, name: string, value: string, { maxAge, sameSite = 'lax', path = '/', httpOnly = true }: CookieOptions): string {
  return stringifySetCookie({ name, value, maxAge, path, httpOnly, sameSite, secure: isSecure(req) });
}

/** A Set-Cookie header value that deletes the cookie (same path as when it was set). */
export function clearCookie(req: Request, name: string, options: Omit<CookieOptions, 'maxAge'> = {}): string {
  return setCookie(req, name, '', { ...options, maxAge: 0 });
}
