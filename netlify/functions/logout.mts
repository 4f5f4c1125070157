import type { Config } from '@netlify/functions';
import { methodNotAllowed } from './_shared/http.ts';
import { clearSessionCookie, sessionHintCookie } from './_shared/session.ts';

/** GET /api/logout (a browser navigation): ends the session and goes to the landing page. */
export default (req: Request): Response => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const headers = new Headers({ location: '/', 'cache-control': 'no-store' });
  headers.append('set-cookie', clearSessionCookie(req));
  headers.append('set-cookie', sessionHintCookie(req, false));
  return new Response(null, { status: 303, headers });
};

export const config: Config = { path: '/api/logout' };
