import { COMMON_SECURITY_HEADERS, cspForHtml } from '../../../src/domain/security/csp.ts';
import { book } from '../../../src/lib/site.ts';

/**
 * HTML responses from functions. `netlify.toml` headers do not apply to function responses, so
 * they are set here: the site's common security headers and a Content-Security-Policy that
 * allows exactly the page's own inline scripts (by hash) and no other inline script.
 */
const assistantOrigin = book.assistant.url ? new URL(book.assistant.url).origin : undefined;

/** The headers of an HTML page served by a function. */
export function htmlHeaders(html: string, cacheControl: string): Record<string, string> {
  return {
    ...COMMON_SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheControl,
    'content-security-policy': cspForHtml(html, assistantOrigin),
  };
}

/** An HTML page response with the site's security headers. */
export function htmlPage(html: string, status: number, cacheControl: string): Response {
  return new Response(html, { status, headers: htmlHeaders(html, cacheControl) });
}
