import { assistantFrameSource, COMMON_SECURITY_HEADERS, cspForHtml } from '../../../src/domain/security/csp.ts';
import { book } from '../../../src/lib/site.ts';

/**
 * HTML responses from functions. `netlify.toml` headers do not apply to function responses, so
 * they are set here: the site's common security headers and a Content-Security-Policy that
 * allows exactly the page's own inline scripts (by hash) and no other inline script.
 */
const assistantOrigin = assistantFrameSource(book.assistant.url);

/**
 * The headers of an HTML page served by a function. `framable` lets the site's own pages frame it
 * (the /assistant page, embedded by the generator's dialog); every other page refuses framing.
 */
export function htmlHeaders(html: string, cacheControl: string, framable = false): Record<string, string> {
  return {
    ...COMMON_SECURITY_HEADERS,
    ...(framable ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheControl,
    'content-security-policy': cspForHtml(html, assistantOrigin, framable ? "'self'" : "'none'"),
  };
}

/** An HTML page response with the site's security headers. */
export function htmlPage(html: string, status: number, cacheControl: string): Response {
  return new Response(html, { status, headers: htmlHeaders(html, cacheControl) });
}

/**
 * The 500 of a function whose pre-rendered page shell is missing (the site was not built); logged
 * with the file it looked for. The request wrapper adds the security headers.
 */
export function notBuilt(fn: string, file: string, cause: unknown): Response {
  console.error(`${fn}: cannot read ${file}; build the site first (npm run build)`, cause);
  return new Response('This page is not built yet.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
