import type { Config } from '@netlify/functions';
import { claimIdea } from '../../src/domain/ideas/manage.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { claimableIds } from './_shared/idea-claims.ts';
import { error, json } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';

/**
 * POST /api/idea/{id}/claim: the signed-in user keeps an idea this browser generated while signed
 * out (its claim cookie names it). 200 when claimed or already theirs; 401 anonymous; 403 without
 * this browser's claim; 409 owned by someone else; 404 unknown.
 */
export default handler({ methods: ['POST'], unavailable: 'Ideas are unavailable right now; try again shortly' }, async ({ req, context, env }) => {
  const user = await readSession(req, env);
  if (!user) return error(401, 'Log in to save this idea');
  const id = context.params['id'] ?? '';
  const outcome = await claimIdea(new BlobsIdeaStore(), id, user.id, await claimableIds(req, env));
  if (outcome === 'not-found') return error(404, 'Idea not found');
  if (outcome === 'not-claimable') return error(403, 'This idea was not generated in this browser in the last hour, so it cannot be saved here');
  if (outcome === 'owned-by-other') return error(409, 'This idea already belongs to someone else');
  return json({ claimed: true, id });
});

export const config: Config = { path: '/api/idea/:id/claim' };
