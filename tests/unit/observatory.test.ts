import { describe, expect, it } from 'vitest';
import { pageCsp, API_CSP, COMMON_SECURITY_HEADERS } from '../../src/domain/security/csp.ts';
import { scoreResponse } from '../support/observatory.ts';

const origin = 'https://example.org';

describe('HTTP Observatory scoring', () => {
  it('grades the site page headers A+', () => {
    const r = scoreResponse(
      { ...COMMON_SECURITY_HEADERS, 'content-security-policy': pageCsp({ scriptHashes: ['abc='] }) },
      { https: true, origin, html: '<script src="/_astro/x.js"></script>' },
    );
    expect(r.grade).toBe('A+');
    expect(r.tests['content-security-policy']?.result).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
  });

  it('grades the API headers A+ with default-src none', () => {
    const r = scoreResponse({ ...COMMON_SECURITY_HEADERS, 'content-security-policy': API_CSP }, { https: true, origin });
    expect(r.tests['content-security-policy']?.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(r.grade).toBe('A+');
  });

  it('fails a response without CSP, HSTS or framing protection', () => {
    const r = scoreResponse({}, { https: true, origin });
    expect(r.score).toBe(100 - 25 - 20 - 5 - 20);
    expect(r.grade).toBe('D');
  });

  it('penalises unsafe-inline scripts, insecure cookies and universal CORS', () => {
    const h = {
      ...COMMON_SECURITY_HEADERS,
      'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'",
      'set-cookie': 'session=x; Path=/',
      'access-control-allow-origin': '*',
    };
    const r = scoreResponse(h, { https: true, origin });
    expect(r.tests['content-security-policy']?.modifier).toBe(-20);
    expect(r.tests['cookies']?.result).toBe('cookies-without-secure-flag');
    expect(r.tests['cross-origin-resource-sharing']?.modifier).toBe(-50);
    expect(r.grade).toBe('F');
  });

  it('rewards secure, HttpOnly, SameSite cookies and flags external scripts without integrity', () => {
    const h = { ...COMMON_SECURITY_HEADERS, 'content-security-policy': API_CSP, 'set-cookie': ['session=x; Path=/; HttpOnly; Secure; SameSite=Lax'] };
    expect(scoreResponse(h, { https: true, origin }).tests['cookies']?.modifier).toBe(5);
    const ext = scoreResponse(h, { https: true, origin, html: '<script src="https://cdn.example.com/x.js"></script>' });
    expect(ext.tests['subresource-integrity']?.modifier).toBe(-5);
  });
});
