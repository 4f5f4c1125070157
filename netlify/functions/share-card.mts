import type { Config } from '@netlify/functions';
import { renderPng } from '../../src/domain/images/png.ts';
import { shareCardPng } from '../../src/domain/ideas/share-card.ts';
import { createRenderGate } from '../../src/domain/render-gate.ts';
import { book } from '../../src/lib/site.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { error } from './_shared/http.ts';
import { BlobsShareCardCache } from './_shared/share-card-cache.ts';

/**
 * One render per idea at a time in this instance (the requests that arrive meanwhile get its card),
 * and two renders at most: a burst of first requests for a card costs one render, and the CPU stays
 * free for other calls.
 */
const renders = createRenderGate(2);

/** GET /api/idea/{id}/share-card.png: the idea's 1200x630 share card (og:image), cached in Blobs. */
export default handler({ methods: ['GET'], unavailable: 'The share card is unavailable right now; try again shortly' }, async ({ context }) => {
  const id = context.params['id'] ?? '';
  const png = await renders.run(id, () => shareCardPng(new BlobsIdeaStore(), new BlobsShareCardCache(), id, book.title, renderPng));
  // no-store: a card answered once must not outlive the idea's delete or unlisting in a cache.
  if (!png) return error(404, 'Idea not found', { 'cache-control': 'no-store' });
  // The wrapper adds the security headers.
  return new Response(png.slice().buffer, {
    headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=300, must-revalidate', 'content-length': String(png.byteLength) },
  });
});

export const config: Config = { path: '/api/idea/:id/share-card.png' };
