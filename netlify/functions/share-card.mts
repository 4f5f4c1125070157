import type { Config, Context } from '@netlify/functions';
import { renderPng } from '../../src/domain/images/png.ts';
import { shareCardPng } from '../../src/domain/ideas/share-card.ts';
import { COMMON_SECURITY_HEADERS } from '../../src/domain/security/csp.ts';
import { book } from '../../src/lib/site.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { error, methodNotAllowed } from './_shared/http.ts';
import { BlobsShareCardCache } from './_shared/share-card-cache.ts';

/** GET /api/idea/{id}/share-card.png: the idea's 1200x630 share card (og:image), cached in Blobs. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const png = await shareCardPng(new BlobsIdeaStore(), new BlobsShareCardCache(), context.params['id'] ?? '', book.title, renderPng);
    if (!png) return error(404, 'Idea not found');
    return new Response(png.slice().buffer, {
      headers: { ...COMMON_SECURITY_HEADERS, 'content-type': 'image/png', 'cache-control': 'public, max-age=3600', 'content-length': String(png.byteLength) },
    });
  } catch (e) {
    console.error('share-card: rendering or storage failed', e);
    return error(503, 'The share card is unavailable right now; try again shortly');
  }
};

export const config: Config = { path: '/api/idea/:id/share-card.png' };
