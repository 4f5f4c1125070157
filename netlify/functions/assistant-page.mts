import type { Config } from '@netlify/functions';
import { isDeployed } from '../../src/lib/server-env.ts';
import { handler } from './_shared/handler.ts';
import { htmlHeaders, notBuilt } from './_shared/html.ts';
import { readPageShell } from './_shared/page-shell.ts';

/** The pre-rendered page (src/pages/assistant/shell.astro); shipped with the function (netlify.toml). */
const ASSISTANT_SHELL_FILE = 'dist/assistant/shell.html';

/**
 * GET /assistant: the book assistant's page, with headers that let this site (and only it) frame
 * it. A static page cannot get them: the site-wide `/*` rules carry `frame-ancestors 'none'` and
 * X-Frame-Options DENY, and a second matching rule would add a policy, not replace one (see
 * docs/decisions/015-book-assistant.md).
 */
export default handler({ methods: ['GET'] }, async ({ req, env }) => {
  let html: string;
  try {
    html = await readPageShell(ASSISTANT_SHELL_FILE);
  } catch (e) {
    // `npm run dev` builds nothing into dist/: Astro's dev server has the page at its own path.
    if (!isDeployed(env)) return Response.redirect(new URL('/assistant/shell', req.url), 302);
    return notBuilt('assistant-page', ASSISTANT_SHELL_FILE, e);
  }
  return new Response(html, { status: 200, headers: htmlHeaders(html, 'public, max-age=0, must-revalidate', true) });
});

export const config: Config = { path: '/assistant' };
