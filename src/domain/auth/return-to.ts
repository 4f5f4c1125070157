/**
 * Where to send a visitor after signing in: a path on this site, never another origin (no open
 * redirect). Anything that is not a plain same-origin path (absolute URLs, `//host`, `/\host`,
 * control characters, `javascript:`...) and any `/api/` path (login, logout, JSON) becomes `/`.
 *
 * @param raw the requested target (a `returnTo` query value or a Referer URL), if any
 * @param origin this site's origin, used to accept full URLs that point back at this site
 */
export function safeReturnTo(raw: string | null | undefined, origin: string): string {
  if (!raw || raw.length > 2048) return '/';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  let target: URL;
  try {
    target = new URL(raw, origin);
  } catch {
    return '/';
  }
  if (target.origin !== origin) return '/';
  if (!raw.startsWith('/') && !raw.startsWith(`${origin}/`) && raw !== origin) return '/';
  if (raw.startsWith('//')) return '/';
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (target.pathname === '/api' || target.pathname.startsWith('/api/')) return '/';
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
