import type { Config } from '@netlify/functions';
import { recentIdeas } from '../../src/domain/ideas/read.ts';
import { DEFAULT_RECENT_LIMIT, recentLimitSchema } from '../../src/domain/ideas/schema.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';

/** GET /api/recent-ideas?limit=20: the newest ideas, newest first (one index blob read). */
export default handler({ methods: ['GET'], unavailable: 'Ideas are unavailable right now; try again shortly' }, async ({ req }) => {
  const values = new URL(req.url).searchParams.getAll('limit');
  if (values.length > 1) return error(400, 'Give limit once');
  const parsed = values.length === 0 ? { success: true as const, data: DEFAULT_RECENT_LIMIT } : recentLimitSchema.safeParse(values[0]);
  if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Invalid limit');
  return json(await recentIdeas(new BlobsIdeaStore(), parsed.data));
});

export const config: Config = { path: '/api/recent-ideas' };
