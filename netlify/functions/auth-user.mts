import type { Config } from '@netlify/functions';
import { error, json, methodNotAllowed } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';

/** GET /api/auth/user: the signed-in user, or 401 when anonymous. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const user = await readSession(req);
  if (!user) return error(401, 'Not signed in');
  return json(user);
};

export const config: Config = { path: '/api/auth/user' };
