import type { Config, Context } from '@netlify/functions';
import { deleteIdea } from '../../src/domain/ideas/manage.ts';
import { findIdea } from '../../src/domain/ideas/read.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { rejectCrossSite } from './_shared/guard.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';
import { BlobsShareCardCache } from './_shared/share-card-cache.ts';

const UNAVAILABLE = 'Ideas are unavailable right now; try again shortly';

/**
 * GET /api/idea/{id}: one idea record; 404 for an unknown or malformed id.
 * DELETE /api/idea/{id}: the owner deletes the idea (record, index entries, share card); 401
 * anonymous, 403 anyone else (anonymous ideas included), 404 unknown.
 */
export default async (req: Request, context: Context): Promise<Response> => {
  const id = context.params['id'] ?? '';
  if (req.method === 'GET') {
    try {
      const viewer = await readSession(req);
      const idea = await findIdea(new BlobsIdeaStore(), id, viewer?.id);
      return idea ? json(idea) : error(404, 'Idea not found');
    } catch (e) {
      console.error('idea: store read failed', e);
      return error(503, UNAVAILABLE);
    }
  }
  if (req.method !== 'DELETE') return methodNotAllowed(['GET', 'DELETE']);
  const refused = rejectCrossSite(req);
  if (refused) return refused;
  const user = await readSession(req);
  if (!user) return error(401, 'Log in to delete your ideas');
  try {
    const outcome = await deleteIdea(new BlobsIdeaStore(), new BlobsShareCardCache(), id, user.id);
    if (outcome === 'not-found') return error(404, 'Idea not found');
    if (outcome === 'forbidden') return error(403, 'Only the owner of an idea can delete it');
    return json({ deleted: true, id });
  } catch (e) {
    console.error('idea: delete failed', e);
    return error(503, UNAVAILABLE);
  }
};

export const config: Config = { path: '/api/idea/:id' };
