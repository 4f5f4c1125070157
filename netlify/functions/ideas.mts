import type { Config } from '@netlify/functions';
import { InvalidCursorError, parseGalleryQuery } from '../../src/domain/ideas/gallery.ts';
import { galleryPage } from '../../src/domain/ideas/read.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';

/** GET /api/ideas?limit=&cursor=&category=: the gallery, newest first, `{ ideas, nextCursor }`. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const parsed = parseGalleryQuery(new URL(req.url).searchParams);
  if (!parsed.ok) return error(400, parsed.error);
  try {
    return json(await galleryPage(new BlobsIdeaStore(), parsed.query));
  } catch (e) {
    if (e instanceof InvalidCursorError) return error(400, 'cursor is not one this API handed out; start without it');
    console.error('ideas: store read failed', e);
    return error(503, 'Ideas are unavailable right now; try again shortly');
  }
};

export const config: Config = { path: '/api/ideas' };
