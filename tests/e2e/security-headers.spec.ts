import { request as playwrightRequest } from '@playwright/test';
import { scoreResponse } from '../support/observatory.ts';
import { expect, test } from './fixtures.ts';

/**
 * Every response, static or from a function, carries the security headers , and each
 * scores A+ with the HTTP Observatory rules.
 */
const ROUTES: { path: string; status: number; html: boolean; method?: 'POST' }[] = [
  { path: '/', status: 200, html: true },
  { path: '/book', status: 200, html: true },
  { path: '/book/chapter-01', status: 200, html: true },
  { path: '/generator', status: 200, html: true },
  { path: '/ideas', status: 200, html: true },
  { path: '/idea/{id}', status: 200, html: true },
  { path: '/idea/no-such-idea-123', status: 404, html: true },
  { path: '/admin/export-book', status: 200, html: true },
  { path: '/api/login', status: 200, html: true },
  { path: '/no/such/page', status: 404, html: true },
  { path: '/api/health', status: 200, html: false },
  { path: '/api/auth/user', status: 401, html: false },
  { path: '/api/recent-ideas?limit=5', status: 200, html: false },
  { path: '/api/recent-ideas?limit=500', status: 400, html: false },
  { path: '/api/saved-ideas', status: 401, html: false },
  { path: '/api/idea/{id}', status: 200, html: false },
  { path: '/api/idea/no-such-idea-123', status: 404, html: false },
  { path: '/api/engines', status: 200, html: false },
  { path: '/api/chapters/index.json', status: 200, html: false },
  { path: '/api/resources/chapter-01.json', status: 200, html: false },
  { path: '/api/admin/export-status', status: 200, html: false },
  { path: '/api/admin/export-epub', status: 401, html: false, method: 'POST' },
  { path: '/api/generate-idea', status: 400, html: false, method: 'POST' },
];

let ideaId = '';
test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const res = await api.post('/api/generate-idea', {
    data: {
      businessCategory: 'fintech',
      targetMarket: 'b2c',
      aiFocus: 'nlp',
      revenueModel: 'micropayments',
      bsvFeature: 'identity',
      innovationLevel: 4,
      useAnthropic: true,
    },
  });
  expect(res.status()).toBe(200);
  ideaId = ((await res.json()) as { id: string }).id;
  await api.dispose();
});

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
    const target = route.path.replace('{id}', ideaId);
    const res = route.method === 'POST' ? await request.post(target, { data: {}, maxRedirects: 0 }) : await request.get(target, { maxRedirects: 0 });
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
    expect(
      frames.every((s) => s === "'none'" || s === "'self'" || /^https:\/\/[^/*]+$/.test(s)),
      `frame-src ${frames.join(' ')}`,
    ).toBe(true);
    expect(h['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy']).toBeTruthy();
    const html = route.html ? await res.text() : undefined;
    // Cookies are Secure on https only (plain-http localhost here): the cookie rule is scored for
    // http; tests/unit/session.test.ts checks the Secure flag on https.
    const score = scoreResponse(h, { https: false, origin: baseURL ?? '', ...(html === undefined ? {} : { html }) });
    expect(score.grade, JSON.stringify(score.tests)).toBe('A+');
  });
}
