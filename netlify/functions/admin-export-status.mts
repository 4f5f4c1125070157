import type { Config } from '@netlify/functions';
import { adminPassword, hasAdminSession } from './_shared/admin.ts';
import { handler } from './_shared/handler.ts';
import { json } from './_shared/http.ts';

/** GET /api/admin/export-status: whether this browser holds an admin session, and whether the console is enabled. */
export default handler({ methods: ['GET'] }, async ({ req, env }) => {
  const enabled = adminPassword(env) !== null;
  return json({ authenticated: enabled && (await hasAdminSession(req, env)), enabled });
});

export const config: Config = { path: '/api/admin/export-status' };
