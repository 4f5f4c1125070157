import { createHash } from 'node:crypto';

/**
 * HTML responses from functions. `netlify.toml` headers do not apply to function responses, so
 * they are set here, with a Content-Security-Policy that allows exactly the page's own inline
 * scripts (by hash) and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    // External scripts are covered by 'self'; JSON data blocks are never executed.
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*"application\/(?:ld\+)?json"/i.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** An HTML page response with the site's security headers. */
export function htmlPage(html: string, status: number, cacheControl: string): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': cacheControl,
      'content-security-policy': contentSecurityPolicy(html),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
    },
  });
}
