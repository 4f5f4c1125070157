import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';

/**
 * GET /api/health: proves the wiring end to end, a real write, read and delete of the Blobs store.
 * Each probe uses a key of its own, so probes that overlap never see each other's value.
 */
export default handler({ methods: ['GET'], unavailable: 'Blob store unavailable' }, async () => {
  const store = getStore({ name: 'health', consistency: 'strong' });
  const token = crypto.randomUUID();
  const key = `probe/${token}`;
  await store.set(key, token);
  const read = await store.get(key, { type: 'text' });
  await store.delete(key);
  if (read !== token) return error(503, 'Blob store returned a different value than was written');
  return json({ ok: true, blobs: true });
});

export const config: Config = { path: '/api/health' };
