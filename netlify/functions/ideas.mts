import type { Config } from '@netlify/functions';
import { InvalidCursorError, parseGalleryQuery } from '../../src/domain/ideas/gallery.ts';
import { galleryPage } from '../../src/domain/ideas/read.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';

/** GET /api/ideas?limit=&cursor=&category=: the gallery, newest first, `{ ideas, nextCursor }`. */
export default handler({ methods: ['GET'], unavailable: 'Ideas are unavailable right now; try again shortly' }, async ({ req }) => {
  const parsed = parseGalleryQuery(new URL(req.url).searchParams);
  if (!parsed.ok) return error(400, parsed.error);
  try {
    return json(await galleryPage(new BlobsIdeaStore(), parsed.query));
  } catch (e) {
    if (e instanceof InvalidCursorError) return error(400, 'cursor is not one this API handed out; start without it');
    throw e; // a store failure: the wrapper's 503
  }
});

export const config: Config = { path: '/api/ideas' };
