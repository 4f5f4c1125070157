import type { Config } from '@netlify/functions';
import { renderIdeaDetailHtml } from '../../src/components/idea/render-idea-detail.tsx';
import { renderIdeaPage } from '../../src/domain/ideas/page.ts';
import { findIdea } from '../../src/domain/ideas/read.ts';
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
  const options = { siteName: book.title, canonicalUrl: `${origin}/idea/${encodeURIComponent(id)}`, imageUrl: `${origin}${shareCardPath(id)}` };
  const idea = await findIdea(new BlobsIdeaStore(), id).catch((e: unknown) => {
    console.error('idea-page: store read failed', e);
    return 'unavailable' as const;
  });
  // Render errors are caught and logged as such inside renderIdeaPage.
  const page = (found: Parameters<typeof renderIdeaPage>[1]) => renderIdeaPage(shell, found, options, renderIdeaDetailHtml);
  if (idea === 'unavailable') return htmlPage(page(null), 503, 'no-store');
  if (!idea) return htmlPage(page(null), 404, 'no-store');
  return htmlPage(page(idea), 200, 'public, max-age=0, must-revalidate');
});

export const config: Config = { path: '/idea/:id' };
