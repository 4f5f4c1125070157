import type { Config } from '@netlify/functions';
import { engineInfoFromEnv } from '../../src/lib/server-env.ts';
import { handler } from './_shared/handler.ts';
import { json } from './_shared/http.ts';

/** GET /api/engines: which model each engine-switch position uses and whether it has a key. */
export default handler({ methods: ['GET'] }, ({ env }) => json(engineInfoFromEnv(env)));

export const config: Config = { path: '/api/engines' };
