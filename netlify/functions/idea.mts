import type { Config } from '@netlify/functions';
import { deleteIdea } from '../../src/domain/ideas/manage.ts';
import { findIdea } from '../../src/domain/ideas/read.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';
import { BlobsShareCardCache } from './_shared/share-card-cache.ts';

/**
 * GET /api/idea/{id}: one idea record; 404 for an unknown or malformed id.
 * DELETE /api/idea/{id}: the owner deletes the idea (record, index entries, share card); 401
 * anonymous, 403 anyone else (anonymous ideas included), 404 unknown.
 */
export default handler({ methods: ['GET', 'DELETE'], unavailable: 'Ideas are unavailable right now; try again shortly' }, async ({ req, context, env }) => {
  const id = context.params['id'] ?? '';
  const user = await readSession(req, env);
  if (req.method === 'GET') {
    const idea = await findIdea(new BlobsIdeaStore(), id, user?.id);
    return idea ? json(idea) : error(404, 'Idea not found');
  }
  if (!user) return error(401, 'Log in to delete your ideas');
  const outcome = await deleteIdea(new BlobsIdeaStore(), new BlobsShareCardCache(), id, user.id);
  if (outcome === 'not-found') return error(404, 'Idea not found');
  if (outcome === 'forbidden') return error(403, 'Only the owner of an idea can delete it');
  return json({ deleted: true, id });
});

export const config: Config = { path: '/api/idea/:id' };
