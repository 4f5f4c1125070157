import type { Config } from '@netlify/functions';
import { methodNotAllowed } from './_shared/http.ts';
import { clearSessionCookie } from './_shared/session.ts';

/** GET /api/logout (a browser navigation): ends the session and goes to the landing page. */
export default (req: Request): Response => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return new Response(null, { status: 303, headers: { location: '/', 'set-cookie': clearSessionCookie(req), 'cache-control': 'no-store' } });
};

export const config: Config = { path: '/api/logout', method: ['GET'] };
