import type { Config } from '@netlify/functions';
import { serverEnv } from './_shared/env.ts';
import { engineInfoFromEnv } from './_shared/generation.ts';
import { json, methodNotAllowed } from './_shared/http.ts';

/** GET /api/engines: which model each engine-switch position uses and whether it has a key. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return json(engineInfoFromEnv(serverEnv()));
};

export const config: Config = { path: '/api/engines' };
