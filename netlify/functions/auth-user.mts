import type { Config } from '@netlify/functions';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';

/** GET /api/auth/user: the signed-in user, or 401 when anonymous (or the session was ended). */
export default handler({ methods: ['GET'] }, async ({ req, env }) => {
  const user = await readSession(req, env);
  return user ? json(user) : error(401, 'Not signed in');
});

export const config: Config = { path: '/api/auth/user' };
