import type { Config } from '@netlify/functions';
import { savedIdeas } from '../../src/domain/ideas/read.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';

/** GET /api/saved-ideas: the signed-in user's ideas, newest first; 401 when anonymous. */
export default handler({ methods: ['GET'], unavailable: 'Ideas are unavailable right now; try again shortly' }, async ({ req, env }) => {
  const user = await readSession(req, env);
  if (!user) return error(401, 'Log in to see your saved ideas');
  return json(await savedIdeas(new BlobsIdeaStore(), user.id));
});

export const config: Config = { path: '/api/saved-ideas' };
