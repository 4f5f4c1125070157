import type { Config } from '@netlify/functions';
import { isDeployed, serverEnv } from './_shared/env.ts';
import { htmlHeaders } from './_shared/html.ts';
import { methodNotAllowed } from './_shared/http.ts';
import { readPageShell } from './_shared/page-shell.ts';

/** The pre-rendered page (src/pages/assistant/shell.astro); shipped with the function (netlify.toml). */
const ASSISTANT_SHELL_FILE = 'dist/assistant/shell.html';

/**
 * GET /assistant: the book assistant's page, with headers that let this site (and only it) frame
 * it. A static page cannot get them: the site-wide `/*` rules carry `frame-ancestors 'none'` and
 * X-Frame-Options DENY, and a second matching rule would add a policy, not replace one (see
 * docs/decisions/015-book-assistant.md).
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const html = await readPageShell(ASSISTANT_SHELL_FILE);
    return new Response(html, { status: 200, headers: htmlHeaders(html, 'public, max-age=0, must-revalidate', true) });
  } catch (e) {
    // `npm run dev` builds nothing into dist/: Astro's dev server has the page at its own path.
    if (!isDeployed(serverEnv())) return Response.redirect(new URL('/assistant/shell', req.url), 302);
    console.error(`assistant-page: cannot read ${ASSISTANT_SHELL_FILE}; build the site first (npm run build)`, e);
    return new Response('This page is not built yet.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
};

export const config: Config = { path: '/assistant' };
