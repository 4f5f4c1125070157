import type { Config } from '@netlify/functions';
import { clearAdminCookie } from './_shared/admin.ts';
import { rejectCrossSite } from './_shared/guard.ts';
import { json, methodNotAllowed } from './_shared/http.ts';

/** POST /api/admin/logout: ends the admin session. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = rejectCrossSite(req);
  if (refused) return refused;
  return json({ success: true }, 200, { 'set-cookie': clearAdminCookie(req) });
};

export const config: Config = { path: '/api/admin/logout' };
