import type { Config } from '@netlify/functions';
import { endAdminSession } from './_shared/admin.ts';
import { handler } from './_shared/handler.ts';
import { json } from './_shared/http.ts';

/** POST /api/admin/logout: ends the admin session, on the server too (the old cookie stops working). */
export default handler({ methods: ['POST'], unavailable: 'The admin session could not be ended; try again shortly' }, async ({ req, env }) =>
  json({ success: true }, 200, { 'set-cookie': await endAdminSession(req, env) }),
);

export const config: Config = { path: '/api/admin/logout' };
