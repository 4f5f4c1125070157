import type { Config } from '@netlify/functions';
import { deleteIdea, ideaToManage, setIdeaListed, type ManageOutcome, type Viewer } from '../../src/domain/ideas/manage.ts';
import { findIdea } from '../../src/domain/ideas/read.ts';
import { ideaPatchSchema } from '../../src/domain/ideas/schema.ts';
import { isListed } from '../../src/domain/ideas/store.ts';
import type { ServerEnv } from '../../src/lib/server-env.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { claimableIds } from './_shared/idea-claims.ts';
import { error, json } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';
import { BlobsShareCardCache } from './_shared/share-card-cache.ts';

async function viewerOf(req: Request, env: ServerEnv): Promise<Viewer> {
  const [user, claimable] = await Promise.all([readSession(req, env), claimableIds(req, env)]);
  return { userId: user?.id ?? null, claimable };
}

/** The answer to someone who may not manage the idea. */
function refusal(outcome: ManageOutcome): Response {
  if (outcome === 'not-found') return error(404, 'Idea not found');
  if (outcome === 'login') return error(401, 'Log in to manage your ideas');
  return error(403, 'Only the owner of an idea, or the browser that made it in the last hour, can change it');
}

/**
 * GET /api/idea/{id}: one idea record, with `canManage` (this browser may delete it and change its
 * visibility: its signed-in owner, or the anonymous maker's claim cookie) and, then, `listed`.
 * DELETE /api/idea/{id}: deletes the idea (record, index entries, share card).
 * PATCH /api/idea/{id} `{ "listed": true | false }`: lists or unlists it (the gallery and the recent
 * ideas follow at once; listed again, it returns at their head and keeps its creation date).
 * For DELETE and PATCH: 401 anonymous with no claim on the idea, 403 someone else, 404 unknown,
 * 400 a bad PATCH body (checked after who is asking: a stranger learns nothing of the body).
 */
export default handler(
  {
    methods: ['GET', 'PATCH', 'DELETE'],
    body: ideaPatchSchema,
    bodyLimit: 1024,
    unavailable: 'Ideas are unavailable right now; try again shortly',
    before: async ({ req, context, env }) => {
      if (req.method !== 'PATCH') return null;
      const record = await ideaToManage(new BlobsIdeaStore(), context.params['id'] ?? '', await viewerOf(req, env));
      return typeof record === 'string' ? refusal(record) : null;
    },
  },
  async ({ req, context, env, body }) => {
    const id = context.params['id'] ?? '';
    const viewer = await viewerOf(req, env);
    const store = new BlobsIdeaStore();
    if (req.method === 'GET') {
      const idea = await findIdea(store, id, viewer);
      return idea ? json(idea) : error(404, 'Idea not found');
    }
    if (req.method === 'PATCH') {
      const outcome = await setIdeaListed(store, id, body?.listed ?? true, viewer);
      return typeof outcome === 'string' ? refusal(outcome) : json({ id, listed: isListed(outcome) });
    }
    const outcome = await deleteIdea(store, new BlobsShareCardCache(), id, viewer);
    return outcome === 'deleted' ? json({ deleted: true, id }) : refusal(outcome);
  },
);

export const config: Config = { path: '/api/idea/:id' };
