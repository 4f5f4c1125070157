import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalBlobs } from '../helpers/blobs.ts';
import { useTestShell } from '../support/auth-shell.ts';

/**
 * Every response of the request wrapper's functions carries the security headers (netlify.toml's
 * headers do not apply to function responses): successes, errors, redirects and pages alike.
 */
const dir = path.resolve('netlify/functions');
const ORIGIN = 'http://localhost:8906';
type Fn = { default: (req: Request, context?: unknown) => Promise<Response> };

const requests: [file: string, req: () => Request, params?: Record<string, string>][] = [
  [
    'admin-authenticate.mts',
    () => new Request(`${ORIGIN}/api/admin/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":"x"}' }),
  ],
  ['admin-authenticate.mts', () => new Request(`${ORIGIN}/api/admin/authenticate`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } })],
  [
    'admin-download.mts',
    () => new Request(`${ORIGIN}/api/admin/download/lq0000aa-AAAAAAAAAAAAAAAAAAAAAA/0123/x`),
    { id: 'lq0000aa-AAAAAAAAAAAAAAAAAAAAAA', expires: '0123', sig: 'x' },
  ],
  ['admin-export-status.mts', () => new Request(`${ORIGIN}/api/admin/export-status`)],
  ['admin-logout.mts', () => new Request(`${ORIGIN}/api/admin/logout`, { method: 'POST' })],
  ['auth-user.mts', () => new Request(`${ORIGIN}/api/auth/user`)],
  ['auth-callback.mts', () => new Request(`${ORIGIN}/api/auth/callback`)],
  ['login.mts', () => new Request(`${ORIGIN}/api/login`)],
  ['logout.mts', () => new Request(`${ORIGIN}/api/logout`)],
  ['logout.mts', () => new Request(`${ORIGIN}/api/logout`, { headers: { 'sec-fetch-site': 'cross-site' } })],
  ['engines.mts', () => new Request(`${ORIGIN}/api/engines`)],
  ['health.mts', () => new Request(`${ORIGIN}/api/health`)],
];

let blobs: Awaited<ReturnType<typeof startLocalBlobs>>;
let removeShell = async () => {};
const saved = { ...process.env };
beforeAll(async () => {
  blobs = await startLocalBlobs();
  removeShell = await useTestShell('<!doctype html><html><head><title>x</title></head><body><section data-auth-slot></section></body></html>');
});
afterAll(async () => {
  process.env = saved;
  await removeShell();
  await blobs.stop();
});
beforeEach(() => {
  process.env['SESSION_SECRET'] = 'function-headers-test-session-secret-0123456789';
  process.env['ADMIN_PASSWORD'] = 'a password';
  delete process.env['CONTEXT'];
});

describe('security headers on every function response', () => {
  it.each(requests.map(([file, req, params], i) => [`${file} #${i}`, file, req, params] as const))('%s', async (_name, file, req, params) => {
    const fn = (await import(path.join(dir, file))) as Fn;
    const res = await fn.default(req(), { params: params ?? {}, ip: '192.0.2.99' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });
});

describe('a page a function fills from a shell that was not built', () => {
  it.each([
    ['idea-page.mts', `${ORIGIN}/idea/abc`, { id: 'abc' }],
    ['assistant-page.mts', `${ORIGIN}/assistant`, {}],
  ] as const)('%s answers 500 with the security headers', async (file, url, params) => {
    const fn = (await import(path.join(dir, file))) as Fn;
    const cwd = process.cwd();
    const empty = await mkdtemp(path.join(os.tmpdir(), 'no-dist-'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.env['CONTEXT'] = 'production'; // deployed: no redirect to the dev server's page
    process.chdir(empty); // page shells are read relative to the working directory
    try {
      const res = await fn.default(new Request(url), { params });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('This page is not built yet.');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=/);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('build the site first'), expect.anything());
    } finally {
      process.chdir(cwd);
      logged.mockRestore();
      await rm(empty, { recursive: true });
    }
  });
});
