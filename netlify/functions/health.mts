import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';

/** GET /api/health: proves the wiring end to end, a real write and read of the Blobs store. */
export default handler({ methods: ['GET'], unavailable: 'Blob store unavailable' }, async () => {
  const store = getStore({ name: 'health', consistency: 'strong' });
  const token = crypto.randomUUID();
  await store.set('probe', token);
  const read = await store.get('probe', { type: 'text' });
  if (read !== token) return error(503, 'Blob store returned a different value than was written');
  return json({ ok: true, blobs: true });
});

export const config: Config = { path: '/api/health' };
