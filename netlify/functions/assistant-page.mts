import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@netlify/functions';
import { isDeployed } from './_shared/env.ts';
import { htmlHeaders } from './_shared/html.ts';
import { methodNotAllowed } from './_shared/http.ts';

/** The pre-rendered page (src/pages/assistant/shell.astro); shipped with the function (netlify.toml). */
const ASSISTANT_SHELL_FILE = path.join('dist', 'assistant', 'shell.html');

let page: Promise<{ html: string; headers: Record<string, string> }> | undefined;

/**
 * GET /assistant: the book assistant's page, with headers that let this site (and only it) frame
 * it. A static page cannot get them: the site-wide `/*` rules carry `frame-ancestors 'none'` and
 * X-Frame-Options DENY, and a second matching rule would add a policy, not replace one (see
 * docs/decisions/015-book-assistant.md).
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  page ??= readFile(path.resolve(ASSISTANT_SHELL_FILE), 'utf8').then((html) => ({ html, headers: htmlHeaders(html, 'public, max-age=0, must-revalidate', true) }));
  try {
    const { html, headers } = await page;
    return new Response(html, { status: 200, headers });
  } catch (e) {
    page = undefined;
    // `npm run dev` builds nothing into dist/: Astro's dev server has the page at its own path.
    if (!isDeployed()) return Response.redirect(new URL('/assistant/shell', req.url), 302);
    console.error(`assistant-page: cannot read ${ASSISTANT_SHELL_FILE}; build the site first (npm run build)`, e);
    return new Response('This page is not built yet.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
};

export const config: Config = { path: '/assistant' };
