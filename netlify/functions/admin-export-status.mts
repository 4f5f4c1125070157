import type { Config } from '@netlify/functions';
import { adminPassword, hasAdminSession } from './_shared/admin.ts';
import { json, methodNotAllowed } from './_shared/http.ts';

/** GET /api/admin/export-status: whether this browser holds an admin session, and whether the console is enabled. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const enabled = adminPassword() !== null;
  return json({ authenticated: enabled && (await hasAdminSession(req)), enabled });
};

export const config: Config = { path: '/api/admin/export-status' };
