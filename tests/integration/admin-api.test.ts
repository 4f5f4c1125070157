import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { setEnvironmentContext } from '@netlify/blobs';
import type { BlobsServer } from '@netlify/blobs/server';
import { atomicBlobsServer } from '../../scripts/local-blobs.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import authenticate from '../../netlify/functions/admin-authenticate.mts';
import download from '../../netlify/functions/admin-download.mts';
import exportEpub from '../../netlify/functions/admin-export-epub.mts';
import exportStatus from '../../netlify/functions/admin-export-status.mts';
import logout from '../../netlify/functions/admin-logout.mts';
import { ADMIN_AUDIENCE, ADMIN_COOKIE, adminAttemptPorts, BlobCounterStore } from '../../netlify/functions/_shared/admin.ts';
import { attemptAdminPassword } from '../../src/domain/admin/attempt.ts';
import { parseServerEnv, serverEnv } from '../../src/lib/server-env.ts';
import { signToken } from '../../netlify/functions/_shared/session.ts';
import { signedDownloadPath } from '../../src/domain/admin/signed-url.ts';
import type { ExportResult } from '../../src/domain/epub/settings.ts';

const ORIGIN = 'http://localhost:8903';
const PASSWORD = 'correct horse battery staple';
const SECRET = 'integration-test-session-secret-0123456789abcdef';

let server: BlobsServer;
let dir: string;
let blobs: { edgeURL: string; token: string };
let site = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-blobs-'));
  server = atomicBlobsServer({ directory: dir, token: 'test-token' });
  const { port } = await server.start();
  blobs = { edgeURL: `http://localhost:${port}`, token: 'test-token' };
});

afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  // A fresh site per test: counters and exports never leak between tests.
  site += 1;
  setEnvironmentContext({ edgeURL: blobs.edgeURL, uncachedEdgeURL: blobs.edgeURL, token: blobs.token, siteID: `admin-site-${site}` });
  process.env['SESSION_SECRET'] = SECRET;
  process.env['ADMIN_PASSWORD'] = PASSWORD;
  process.env['URL'] = ORIGIN;
  delete process.env['CONTEXT'];
});

const ctx = (ip = '203.0.113.7', params: Record<string, string> = {}) => ({ ip, params }) as unknown as Context;

function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const login = (password: string, ip?: string, headers?: Record<string, string>) =>
  authenticate(post('/api/admin/authenticate', { password }, headers), ctx(ip));

async function adminCookie(): Promise<string> {
  const res = await login(PASSWORD);
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

function downloadRequest(url: string): [Request, Context] {
  const u = new URL(url, ORIGIN);
  const [, , , , id = '', expires, sig] = u.pathname.split('/');
  const params: Record<string, string> = { id };
  if (expires !== undefined) params['expires'] = expires;
  if (sig !== undefined) params['sig'] = sig;
  return [new Request(u), ctx('198.51.100.9', params)];
}

describe('POST /api/admin/authenticate', () => {
  it('starts a separate, strict, short-lived admin session on the right password', async () => {
    const res = await login(PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${ADMIN_COOKIE}=`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/admin');
    expect(cookie).toContain('Max-Age=1800');

    const status = await exportStatus(new Request(`${ORIGIN}/api/admin/export-status`, { headers: { cookie: cookie.split(';')[0] ?? '' } }));
    expect(await status.json()).toEqual({ authenticated: true, enabled: true });
  });

  it('answers 401 "Invalid password" on a wrong password, without a cookie', async () => {
    const res = await login('wrong password');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid password' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers 400 on a blank or missing password and on bad bodies', async () => {
    for (const password of ['', '   ']) {
      const res = await login(password);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Please enter the export password' });
    }
    expect((await authenticate(post('/api/admin/authenticate', {}), ctx())).status).toBe(400);
    expect((await authenticate(post('/api/admin/authenticate', { password: 42 }), ctx())).status).toBe(400);
    expect((await authenticate(post('/api/admin/authenticate', '{not json'), ctx())).status).toBe(400);
    expect((await authenticate(post('/api/admin/authenticate', { password: PASSWORD }, { 'content-type': 'text/plain' }), ctx())).status).toBe(415);
    expect((await authenticate(new Request(`${ORIGIN}/api/admin/authenticate`), ctx())).status).toBe(405);
  });

  it('refuses cross-site requests with 403', async () => {
    expect((await login(PASSWORD, undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await login(PASSWORD, undefined, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    const res = await login(PASSWORD, undefined, { 'sec-fetch-site': '', origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers 429 after 5 failures from one client, even for the right password, and not for others', async () => {
    for (let i = 0; i < 5; i++) expect((await login(`guess ${i}`, '192.0.2.1')).status).toBe(401);
    const blocked = await login(PASSWORD, '192.0.2.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error).toMatch(/^Too many failed attempts/);
    expect((await login(PASSWORD, '192.0.2.2')).status).toBe(200);
  });

  it('a correct password clears the client failures', async () => {
    for (let i = 0; i < 4; i++) await login(`guess ${i}`, '192.0.2.3');
    expect((await login(PASSWORD, '192.0.2.3')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(`again ${i}`, '192.0.2.3')).status).toBe(401);
    expect((await login(PASSWORD, '192.0.2.3')).status).toBe(200);
  });

  it('counts each attempt before comparing: of 120 parallel wrong guesses from one client, at most 5 are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => login(`parallel guess ${i}`, '192.0.2.50')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await login(PASSWORD, '192.0.2.50')).status).toBe(429);
    // The ?password= download path shares the same count.
    const [req, context] = downloadRequest(`/api/admin/download/lq0000aa-AAAAAAAAAAAAAAAAAAAAAA?password=${encodeURIComponent(PASSWORD)}`);
    expect((await download(req, { ...context, ip: '192.0.2.50' } as Context)).status).toBe(429);
  }, 60_000);

  it("other clients' failures never refuse the right password (no global lock-out), on the gate and the download", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let client = 0; client < 10; client++) {
      for (let i = 0; i < 5; i++) expect((await login(`guess ${i}`, `10.0.0.${client}`)).status).toBe(401);
    }
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^admin password: 50 failed attempts from all clients/));
    expect((await login(PASSWORD, '10.0.1.1')).status).toBe(200);
    const [req, context] = downloadRequest(`/api/admin/download/lq0000aa-AAAAAAAAAAAAAAAAAAAAAA?password=${encodeURIComponent(PASSWORD)}`);
    expect((await download(req, { ...context, ip: '10.0.1.2' } as Context)).status).toBe(404); // authorised; no such export
  }, 30_000);

  it("refuses another site's ?password= downloads without counting them (an <img> cannot lock the admin out)", async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }] as Record<
      string,
      string
    >[])
      for (let i = 0; i < 4; i++) {
        const [req, context] = downloadRequest(`/api/admin/download/lq0000aa-AAAAAAAAAAAAAAAAAAAAAA?password=wrong-${i}`);
        const res = await download(new Request(req, { headers }), { ...context, ip: '192.0.2.77' } as Context);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
      }
    expect((await login(PASSWORD, '192.0.2.77')).status).toBe(200);
  });

  it('groups an IPv6 client by its /64', async () => {
    for (let i = 0; i < 5; i++) expect((await login(`v6 guess ${i}`, `2001:db8:7:7::${i + 1}`)).status).toBe(401);
    expect((await login(PASSWORD, '2001:db8:7:7:ffff::9')).status).toBe(429);
    expect((await login(PASSWORD, '2001:db8:7:8::1')).status).toBe(200);
  });

  it('is disabled with a clear message when ADMIN_PASSWORD is missing', async () => {
    delete process.env['ADMIN_PASSWORD'];
    process.env['CONTEXT'] = 'production';
    const res = await login('anything');
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatch(/disabled: ADMIN_PASSWORD is not configured/);
    const status = await exportStatus(new Request(`${ORIGIN}/api/admin/export-status`));
    expect(await status.json()).toEqual({ authenticated: false, enabled: false });
  });
});

describe('attemptAdminPassword on the real Blobs counters', () => {
  it('lets at most 5 of 120 parallel guesses from one client reach the comparison, across two instances', async () => {
    let comparisons = 0;
    const ports = (store: BlobCounterStore) => ({
      ...adminAttemptPorts(PASSWORD),
      counters: store,
      matches: () => {
        comparisons += 1;
        return false;
      },
    });
    // Two stores stand for two warm instances of the function (each with its own queue entry point).
    const a = ports(new BlobCounterStore());
    const b = ports(new BlobCounterStore());
    const outcomes = await Promise.all(Array.from({ length: 120 }, (_, i) => attemptAdminPassword('198.51.100.77', `guess ${i}`, i % 2 ? a : b)));
    expect(comparisons).toBeLessThanOrEqual(5);
    expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(comparisons);
    expect(outcomes.filter((o) => o.kind === 'limited')).toHaveLength(120 - comparisons);
  }, 60_000);
});

describe('GET /api/admin/export-status and POST /api/admin/logout', () => {
  it('reports not authenticated without a cookie, or with a forged or expired one', async () => {
    const ask = async (cookie?: string) => (await exportStatus(new Request(`${ORIGIN}/api/admin/export-status`, cookie ? { headers: { cookie } } : {}))).json();
    expect(await ask()).toEqual({ authenticated: false, enabled: true });
    const forged = await signToken({ role: 'admin' }, ADMIN_AUDIENCE, 600, parseServerEnv({ SESSION_SECRET: 'another-secret-of-at-least-32-bytes-long!!' }));
    expect(await ask(`${ADMIN_COOKIE}=${forged}`)).toEqual({ authenticated: false, enabled: true });
    const userSession = await signToken({ role: 'admin' }, 'site-session', 600, serverEnv());
    expect(await ask(`${ADMIN_COOKIE}=${userSession}`)).toEqual({ authenticated: false, enabled: true });
    const expired = await signToken({ role: 'admin' }, ADMIN_AUDIENCE, -10, serverEnv());
    expect(await ask(`${ADMIN_COOKIE}=${expired}`)).toEqual({ authenticated: false, enabled: true });
  });

  it('logout clears the admin cookie; cross-site logout is refused', async () => {
    const res = await logout(post('/api/admin/logout', {}));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${ADMIN_COOKIE}=; Max-Age=0; Path=/api/admin; HttpOnly; SameSite=Strict`));
    expect((await logout(post('/api/admin/logout', {}, { 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
  });

  it('logout ends the admin session on the server: the old cookie no longer works', async () => {
    const cookie = await adminCookie();
    const status = async (c: string) => (await exportStatus(new Request(`${ORIGIN}/api/admin/export-status`, { headers: { cookie: c } }))).json();
    expect(await status(cookie)).toEqual({ authenticated: true, enabled: true });
    expect((await logout(post('/api/admin/logout', {}, { cookie }))).status).toBe(200);
    expect(await status(cookie)).toEqual({ authenticated: false, enabled: true });
    const settings = { title: 'T', author: 'A', includeCodeExamples: false, includeResources: false };
    expect((await exportEpub(post('/api/admin/export-epub', settings, { cookie }))).status).toBe(401);
    // A new sign-in works again.
    expect(await status(await adminCookie())).toEqual({ authenticated: true, enabled: true });
  });

  it('refuses an admin token older than 30 minutes whatever its exp says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() - 31 * 60 * 1000);
      const longLived = await signToken({ role: 'admin', sub: 'admin', sv: 0 }, ADMIN_AUDIENCE, 24 * 3600, serverEnv());
      vi.useRealTimers();
      const res = await exportStatus(new Request(`${ORIGIN}/api/admin/export-status`, { headers: { cookie: `${ADMIN_COOKIE}=${longLived}` } }));
      expect(await res.json()).toEqual({ authenticated: false, enabled: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('POST /api/admin/export-epub and the download', () => {
  const settings = { title: 'The Infrastructure Renaissance', author: 'The Authors', includeCodeExamples: true, includeResources: false };

  it('refuses an export without an admin session, or cross-site', async () => {
    const res = await exportEpub(post('/api/admin/export-epub', settings));
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/Admin session required/);
    // Without a session the body's shape is never looked at (401, not a 400 naming the fields).
    expect((await exportEpub(post('/api/admin/export-epub', {}))).status).toBe(401);
    const cookie = await adminCookie();
    expect((await exportEpub(post('/api/admin/export-epub', settings, { cookie, 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
  });

  it('validates the settings', async () => {
    const cookie = await adminCookie();
    const bad = [
      { ...settings, title: '   ' },
      { ...settings, author: 'x'.repeat(201) },
      { ...settings, includeCodeExamples: 'yes' },
      { ...settings, extra: 1 },
      { title: 'Only a title' },
    ];
    for (const body of bad) {
      const res = await exportEpub(post('/api/admin/export-epub', body, { cookie }));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await res.json()).error).toBe('string');
    }
  });

  it('builds the whole book, stores it and serves it through a short-lived signed link', async () => {
    const cookie = await adminCookie();
    const res = await exportEpub(post('/api/admin/export-epub', settings, { cookie }));
    expect(res.status).toBe(200);
    const result = (await res.json()) as ExportResult;
    const chapterFiles = (await readdir(path.resolve('content/chapters'))).filter((f) => /^chapter-\d\d\.md$/.test(f));
    expect(result).toMatchObject({ success: true, chaptersCount: chapterFiles.length, filename: 'the-infrastructure-renaissance-no-resources.epub' });
    expect(result.fileSize).toBeGreaterThan(50_000);
    expect(result.downloadUrl).toMatch(/^\/api\/admin\/download\/[a-z0-9]+-[A-Za-z0-9_-]+\/\d+\/[A-Za-z0-9_-]{43}$/);

    const file = await download(...downloadRequest(result.downloadUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/epub+zip');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="the-infrastructure-renaissance-no-resources.epub"');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('referrer-policy')).toBe('no-referrer');
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(file.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(result.fileSize);
    expect(new TextDecoder().decode(bytes.slice(30, 58))).toBe('mimetypeapplication/epub+zip');

    // Forged, tampered, expired and missing signatures.
    const [, , , , id = '', expires = '', sig = ''] = result.downloadUrl.split('/');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const forged = await download(...downloadRequest(`/api/admin/download/${id}/${expires}/${flipped}`));
    expect(forged.status).toBe(403);
    expect((await forged.json()).error).toBe('This download link is not valid');
    expect((await download(...downloadRequest(`/api/admin/download/${id}/${Number(expires) + 3600}/${sig}`))).status).toBe(403);
    const stale = signedDownloadPath(id, new TextEncoder().encode(SECRET), Date.now() - 10 * 60 * 1000);
    const expired = await download(...downloadRequest(stale));
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toMatch(/expired/);
    const unsigned = await download(...downloadRequest(`/api/admin/download/${id}`));
    expect(unsigned.status).toBe(401);

    // docs/spec.md section 7 compatibility: {downloadUrl}?password=
    expect((await download(...downloadRequest(`${result.downloadUrl}?password=${encodeURIComponent('nope')}`))).status).toBe(401);
    const withPassword = await download(...downloadRequest(`${result.downloadUrl}?password=${encodeURIComponent(PASSWORD)}`));
    expect(withPassword.status).toBe(200);
    expect((await withPassword.arrayBuffer()).byteLength).toBe(result.fileSize);

    // Unknown and malformed ids.
    const other = signedDownloadPath('lq0000aa-AAAAAAAAAAAAAAAAAAAAAA', new TextEncoder().encode(SECRET), Date.now());
    expect((await download(...downloadRequest(other))).status).toBe(404);
    expect((await download(...downloadRequest('/api/admin/download/..%2Fsecrets/1/x'))).status).toBe(404);
  }, 120_000);
});
