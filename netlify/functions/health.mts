import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { error, json, methodNotAllowed } from './_shared/http.ts';

/** Proves the wiring end to end: a real write and read of the Blobs store. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const store = getStore({ name: 'health', consistency: 'strong' });
    const token = crypto.randomUUID();
    await store.set('probe', token);
    const read = await store.get('probe', { type: 'text' });
    if (read !== token) return error(503, 'Blob store returned a different value than was written');
    return json({ ok: true, blobs: true });
  } catch (e) {
    console.error('health: blobs round trip failed', e);
    return error(503, 'Blob store unavailable');
  }
};

export const config: Config = { path: '/api/health' };
