import { scoreResponse } from '../../src/domain/security/observatory.ts';
import { expect, test } from './fixtures.ts';

/**
 * Every response, static or from a function, carries the security headers of issue 10, and each
 * scores A+ with the HTTP Observatory rules (scored as if served over TLS, as on Netlify).
 */
const ROUTES: { path: string; status: number; html: boolean }[] = [
  { path: '/', status: 200, html: true },
  { path: '/no/such/page', status: 404, html: true },
  { path: '/api/health', status: 200, html: false },
  { path: '/api/auth/user', status: 401, html: false },
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

for (const route of ROUTES) {
  test(`security headers on ${route.path}`, async ({ request, baseURL }) => {
    const res = await request.get(route.path, { maxRedirects: 0 });
    expect(res.status()).toBe(route.status);
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    const d = directives(csp);
    expect(d.get('script-src') ?? d.get('default-src'), 'script-src').not.toContain("'unsafe-inline'");
    expect(d.get('script-src') ?? [], 'script-src').not.toContain("'unsafe-eval'");
    expect(["'self'", "'none'"]).toContain(d.get('default-src')?.[0]);
    expect(d.get('default-src')).toHaveLength(1);
    expect(d.get('object-src') ?? d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    const frames = d.get('frame-src') ?? d.get('default-src') ?? [];
    expect(frames.every((s) => s === "'none'" || s === "'self'" || /^https:\/\/[^/*]+$/.test(s)), `frame-src ${frames.join(' ')}`).toBe(true);
    expect(h['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy']).toBeTruthy();
    const html = route.html ? await res.text() : undefined;
    const score = scoreResponse(h, { https: true, origin: baseURL ?? '', ...(html === undefined ? {} : { html }) });
    expect(score.grade, JSON.stringify(score.tests)).toBe('A+');
  });
}
