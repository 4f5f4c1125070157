import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config, Context } from '@netlify/functions';
import { renderIdeaPage } from '../../src/domain/ideas/page.ts';
import { shareCardPath } from '../../src/domain/ideas/share-card-size.ts';
import { renderIdeaDetailHtml } from '../../src/pages/idea/_components/render-idea-detail.tsx';
import { findIdea } from '../../src/domain/ideas/read.ts';
import { book } from '../../src/lib/site.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { serverEnv } from './_shared/env.ts';
import { htmlPage } from './_shared/html.ts';
import { methodNotAllowed } from './_shared/http.ts';

/** The pre-rendered shell (src/pages/idea/shell.astro); shipped with the function (netlify.toml). */
export const SHELL_FILE = path.join('dist', 'idea', 'shell.html');

let shellCache: Promise<string> | undefined;
function readShell(): Promise<string> {
  shellCache ??= readFile(path.resolve(SHELL_FILE), 'utf8').catch((e: unknown) => {
    shellCache = undefined;
    throw e;
  });
  return shellCache;
}

/**
 * GET /idea/{id}: the idea's page with its title and summary in the served HTML (share previews),
 * 404 with the not-found view for an unknown or malformed id.
 */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  let shell: string;
  try {
    shell = await readShell();
  } catch (e) {
    console.error(`idea-page: cannot read ${SHELL_FILE}; build the site first (npm run build)`, e);
    return new Response('This page is not built yet.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const id = context.params['id'] ?? '';
  const origin = (serverEnv().URL ?? new URL(req.url).origin).replace(/\/$/, '');
  const options = { siteName: book.title, canonicalUrl: `${origin}/idea/${encodeURIComponent(id)}`, imageUrl: `${origin}${shareCardPath(id)}` };
  let idea: Awaited<ReturnType<typeof findIdea>>;
  try {
    idea = await findIdea(new BlobsIdeaStore(), id);
  } catch (e) {
    console.error('idea-page: store read failed', e);
    return htmlPage(renderIdeaPage(shell, null, options, renderIdeaDetailHtml), 503, 'no-store');
  }
  // Render errors are caught and logged as such inside renderIdeaPage.
  if (!idea) return htmlPage(renderIdeaPage(shell, null, options, renderIdeaDetailHtml), 404, 'no-store');
  return htmlPage(renderIdeaPage(shell, idea, options, renderIdeaDetailHtml), 200, 'public, max-age=0, must-revalidate');
};

export const config: Config = { path: '/idea/:id' };
