import type { Config, Context } from '@netlify/functions';
import { findIdea } from '../../src/domain/ideas/read.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';

/** GET /api/idea/{id}: one idea record; 404 for an unknown or malformed id. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const idea = await findIdea(new BlobsIdeaStore(), context.params['id'] ?? '');
    return idea ? json(idea) : error(404, 'Idea not found');
  } catch (e) {
    console.error('idea: store read failed', e);
    return error(503, 'Ideas are unavailable right now; try again shortly');
  }
};

export const config: Config = { path: '/api/idea/:id' };
