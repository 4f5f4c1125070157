import type { Config } from '@netlify/functions';
import { savedIdeas } from '../../src/domain/ideas/read.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { serverEnv } from './_shared/env.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';

/** GET /api/saved-ideas: the signed-in user's ideas, newest first; 401 when anonymous. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const user = await readSession(req, serverEnv());
  if (!user) return error(401, 'Log in to see your saved ideas');
  try {
    return json(await savedIdeas(new BlobsIdeaStore(), user.id));
  } catch (e) {
    console.error('saved-ideas: store read failed', e);
    return error(503, 'Ideas are unavailable right now; try again shortly');
  }
};

export const config: Config = { path: '/api/saved-ideas' };
