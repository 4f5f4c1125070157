import type { Config } from '@netlify/functions';
import { renderIdeaDetailHtml } from '../../src/components/idea/render-idea-detail.tsx';
import { renderIdeaPage } from '../../src/domain/ideas/page.ts';
import { findIdeaWithListing } from '../../src/domain/ideas/read.ts';
import { shareCardPath } from '../../src/domain/ideas/share-card-size.ts';
import { book } from '../../src/lib/site.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { handler } from './_shared/handler.ts';
import { htmlPage, notBuilt } from './_shared/html.ts';
import { readPageShell } from './_shared/page-shell.ts';

/** The pre-rendered shell (src/pages/idea/shell.astro); shipped with the function (netlify.toml). */
const SHELL_FILE = 'dist/idea/shell.html';

/**
 * GET /idea/{id}: the idea's page with its title and summary in the served HTML (share previews),
 * 404 with the not-found view for an unknown or malformed id, 503 with it when the store fails.
 */
export default handler({ methods: ['GET'] }, async ({ req, context, env }) => {
  let shell: string;
  try {
    shell = await readPageShell(SHELL_FILE);
  } catch (e) {
    return notBuilt('idea-page', SHELL_FILE, e);
  }
  const id = context.params['id'] ?? '';
  const origin = (env.URL ?? new URL(req.url).origin).replace(/\/$/, '');
  const found = await findIdeaWithListing(new BlobsIdeaStore(), id).catch((e: unknown) => {
    console.error('idea-page: store read failed', e);
    return 'unavailable' as const;
  });
  const unlisted = found !== null && found !== 'unavailable' && !found.listed;
  // An unlisted idea is reachable by its link, never indexed, and has no share card.
  const options = {
    siteName: book.title,
    canonicalUrl: `${origin}/idea/${encodeURIComponent(id)}`,
    imageUrl: unlisted ? undefined : `${origin}${shareCardPath(id)}`,
    noindex: unlisted,
  };
  // Render errors are caught and logged as such inside renderIdeaPage.
  const page = (idea: Parameters<typeof renderIdeaPage>[1]) => renderIdeaPage(shell, idea, options, renderIdeaDetailHtml);
  if (found === 'unavailable') return htmlPage(page(null), 503, 'no-store');
  if (!found) return htmlPage(page(null), 404, 'no-store');
  const response = htmlPage(page(found.idea), 200, unlisted ? 'private, no-store' : 'public, max-age=0, must-revalidate');
  if (unlisted) response.headers.set('x-robots-tag', 'noindex');
  return response;
});

export const config: Config = { path: '/idea/:id' };
