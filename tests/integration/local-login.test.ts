/**
 * The local sign-in (no identity provider configured), logout and the sign-in configuration rules,
 * through the real handlers. The login pages draw themselves into a page shell file (as the build
 * ships dist/auth/shell.html); a tiny server plays another site that a forged Host header names.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import callback from '../../netlify/functions/auth-callback.mts';
import authUser from '../../netlify/functions/auth-user.mts';
import login from '../../netlify/functions/login.mts';
import logout from '../../netlify/functions/logout.mts';
import { localUserId } from '../../src/domain/auth/local-user.ts';
import { useShellFile } from '../../netlify/functions/_shared/auth-pages.ts';
import { startLocalBlobs } from '../helpers/blobs.ts';
import { useTestShell } from '../support/auth-shell.ts';

const SHELL = `<!doctype html><html lang="en"><head><title>Sign in | The Test Book</title><script>document.documentElement.classList.toggle('dark',false)</script><style>.x{}</style></head>
<body><nav aria-label="Main">nav</nav><main id="main"><section class="x" data-auth-slot>placeholder</section></main></body></html>`;
const SECRET = 'local-login-test-session-secret-0123456789';

const EVIL_SHELL = `<!doctype html><html><head><title>Evil</title><script>stealEverything()</script></head>
<body><section data-auth-slot>x</section><p>EVIL SHELL</p></body></html>`;

const site = 'http://localhost:8904';
let evilSite = '';
let evil: Server;
let evilRequests = 0;
let removeShell = async () => {};
const savedEnv = { ...process.env };

let blobs: Awaited<ReturnType<typeof startLocalBlobs>>;

beforeAll(async () => {
  blobs = await startLocalBlobs();
  savedEnv['NETLIFY_BLOBS_CONTEXT'] = process.env['NETLIFY_BLOBS_CONTEXT'];
  removeShell = await useTestShell(SHELL);
  evil = createServer((_req, res) => {
    evilRequests += 1;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(EVIL_SHELL);
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  evilSite = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await blobs.stop();
  await removeShell();
  await new Promise((r) => evil.close(r));
});

beforeEach(() => {
  for (const k of ['CONTEXT', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'ALLOW_LOCAL_SIGNIN', 'SESSION_SECRET_PREVIOUS']) delete process.env[k];
  process.env['SESSION_SECRET'] = SECRET;
});
afterEach(() => {
  process.env = { ...savedEnv };
});

function cookies(res: Response): Map<string, { value: string; line: string }> {
  const out = new Map<string, { value: string; line: string }>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq), { value: decodeURIComponent(pair.slice(eq + 1)), line });
  }
  return out;
}

/** Opens the form and returns what a browser would submit back. */
async function openForm(query = '?returnTo=%2Fideas') {
  const res = await login(new Request(`${site}/api/login${query}`));
  const html = await res.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const csrfCookie = cookies(res).get('signin_csrf')?.value ?? '';
  return { res, html, csrf, csrfCookie };
}

function submit(fields: Record<string, string>, csrfCookie: string, headers: Record<string, string> = {}): Promise<Response> {
  return login(
    new Request(`${site}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: site,
        cookie: `signin_csrf=${encodeURIComponent(csrfCookie)}`,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

describe('local sign-in form', () => {
  it('is served as an HTML page in the site shell, with a CSRF token and a CSP that allows only its own inline code', async () => {
    const { res, html, csrf, csrfCookie } = await openForm();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<title>Sign in | The Test Book</title>');
    expect(html).toContain('<nav aria-label="Main">nav</nav>');
    expect(html).not.toContain('placeholder');
    expect(html).toMatch(/<label for="firstName"[^>]*>First name<\/label>/);
    expect(html).toMatch(/<label for="email"[^>]*>Email<\/label>/);
    expect(html).toContain('<form method="post" action="/api/login"');
    // It says plainly what it is: the local sign-in, no password, any email, not what a deployed site uses.
    expect(html).toContain('This is the local sign-in:');
    expect(html).toMatch(/no password[^<]*any email/);
    expect(html).toContain('its own sign-in provider');
    // Reader words: no variable names on a reader's page.
    expect(html).not.toMatch(/[A-Z][A-Z0-9]+_[A-Z0-9_]+/);
    expect(html).toContain('name="returnTo" value="/ideas"');
    expect(csrf).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookies(res).get('signin_csrf')?.line).toMatch(/; Max-Age=3600; Path=\/api\/login; HttpOnly; SameSite=Strict$/);
    expect(csrfCookie).not.toContain(csrf); // the cookie holds a signed token, not the bare value
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'( 'wasm-unsafe-eval')? 'sha256-[^;]*;/);
    expect(/script-src [^;]*/.exec(csp)?.[0]).not.toContain("'unsafe-inline'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
  });

  it('signs in, returns to the page the visitor came from, and keeps the same id for the same email', async () => {
    const { csrf, csrfCookie } = await openForm('?returnTo=%2Fbook%3Fchapter%3D3');
    const res = await submit({ csrf, returnTo: '/book?chapter=3', firstName: ' Ada ', email: 'Ada@Example.com' }, csrfCookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/book?chapter=3');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const set = cookies(res);
    expect(set.get('signin_csrf')?.line).toMatch(/Max-Age=0/);
    const session = set.get('session');
    expect(session?.line).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    // The readable hint that tells the nav to ask who is signed in (no secret in it).
    expect(set.get('signed_in')?.line).toBe('signed_in=1; Max-Age=604800; Path=/; SameSite=Lax');
    const me = await authUser(new Request(`${site}/api/auth/user`, { headers: { cookie: `session=${session?.value ?? ''}` } }));
    const body = (await me.json()) as { id: string };
    expect(body).toEqual({ id: await localUserId('ada@example.com'), firstName: 'Ada', email: 'ada@example.com', profileImageUrl: null });

    const again = await openForm('');
    const second = await submit({ csrf: again.csrf, returnTo: '/', firstName: 'Ada L', email: 'ada@example.com' }, again.csrfCookie);
    const me2 = await authUser(new Request(`${site}/api/auth/user`, { headers: { cookie: `session=${cookies(second).get('session')?.value ?? ''}` } }));
    expect(((await me2.json()) as { id: string }).id).toBe(body.id);
  });

  it('shows validation errors on the page, keeps (escaped) values and starts no session', async () => {
    const { csrf, csrfCookie } = await openForm();
    const res = await submit({ csrf, returnTo: '/ideas', firstName: '"><img src=x onerror=alert(1)>', email: 'nope' }, csrfCookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<title>Error: Sign in | The Test Book</title>');
    expect(html).toContain('role="alert"');
    expect(html).toContain('First name cannot contain &lt; &gt; or control characters');
    expect(html).toContain('Enter an email address like name@example.com');
    expect(html).toContain('aria-invalid="true" aria-describedby="email-error"');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain('<img src=x');
    expect(cookies(res).has('session')).toBe(false);
    // A fresh token comes with the re-rendered form.
    expect(cookies(res).get('signin_csrf')?.value).toBeTruthy();
  });

  it('refuses a submission without the matching CSRF token', async () => {
    const { csrf, csrfCookie } = await openForm();
    const other = await openForm();
    for (const [token, cookie] of [
      ['', csrfCookie],
      [csrf, ''],
      [other.csrf, csrfCookie],
      [csrf, 'forged.cookie.value'],
    ] as const) {
      const res = await submit({ csrf: token, returnTo: '/', firstName: 'Ada', email: 'ada@example.com' }, cookie);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('This sign-in form expired or was opened in another window');
      expect(cookies(res).has('session')).toBe(false);
    }
  });

  it('refuses cross-site submissions and other content types', async () => {
    const { csrf, csrfCookie } = await openForm();
    const fields = { csrf, returnTo: '/', firstName: 'Ada', email: 'ada@example.com' };
    const crossSite = await submit(fields, csrfCookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: 'Cross-site request refused' });
    expect((await submit(fields, csrfCookie, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await submit(fields, csrfCookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await submit(fields, csrfCookie, { 'content-type': 'text/plain' })).status).toBe(415);
    const big = await submit({ ...fields, firstName: 'x'.repeat(5000) }, csrfCookie);
    expect(big.status).toBe(413);
  });

  it('falls back to a foreign-free return path', async () => {
    const { csrf, csrfCookie, html } = await openForm('?returnTo=https%3A%2F%2Fevil.example%2F');
    expect(html).toContain('name="returnTo" value="/"');
    const res = await submit({ csrf, returnTo: '//evil.example', firstName: 'Ada', email: 'ada@example.com' }, csrfCookie);
    expect(res.headers.get('location')).toBe('/');
    const fromReferer = await openForm('');
    expect(fromReferer.html).toContain('name="returnTo" value="/"');
    const res2 = await login(new Request(`${site}/api/login`, { headers: { referer: `${site}/generator` } }));
    expect(await res2.text()).toContain('name="returnTo" value="/generator"');
  });

  it('answers 405 to other methods', async () => {
    const res = await login(new Request(`${site}/api/login`, { method: 'PUT' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });

  it('never fetches its page shell from the origin a (forged) Host header names', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await login(new Request(`${evilSite}/api/login`));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<nav aria-label="Main">nav</nav>');
    expect(html).not.toContain('EVIL SHELL');
    expect(html).not.toContain('stealEverything');
    expect(evilRequests).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    // The CSP hashes only the trusted template's inline script.
    const hashes = (res.headers.get('content-security-policy') ?? '').match(/'sha256-[^']+'/g) ?? [];
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update("document.documentElement.classList.toggle('dark',false)").digest('base64')}'`]);
  });

  it('still serves a working form when the page shell cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    useShellFile('/nonexistent/dist/auth/shell.html');
    try {
      const res = await login(new Request(`${site}/api/login`));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<form method="post" action="/api/login"');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot load the page shell'));
      expect(res.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    } finally {
      await removeShell();
      removeShell = await useTestShell(SHELL);
    }
  });
});

describe('sign-in configuration', () => {
  it('turns the local sign-in off on a deployed site unless ALLOW_LOCAL_SIGNIN=true', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const context of ['production', 'deploy-preview']) {
      process.env['CONTEXT'] = context;
      const res = await login(new Request(`${site}/api/login`));
      expect(res.status).toBe(503);
      const html = await res.text();
      expect(html).toContain('Sign-in is not configured');
      // The operator's reason is logged, never shown to a reader.
      expect(html).not.toContain('ALLOW_LOCAL_SIGNIN');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('ALLOW_LOCAL_SIGNIN'));
    }
    process.env['ALLOW_LOCAL_SIGNIN'] = 'true';
    expect((await login(new Request(`${site}/api/login`))).status).toBe(200);
  });

  it('needs a session secret of at least 32 bytes (the reason is logged for the operator, not shown)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    delete process.env['SESSION_SECRET'];
    const missing = await login(new Request(`${site}/api/login`));
    expect(missing.status).toBe(503);
    expect(await missing.text()).not.toContain('SESSION_SECRET');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SESSION_SECRET is not set.'));
    process.env['SESSION_SECRET'] = 'too-short';
    expect((await login(new Request(`${site}/api/login`))).status).toBe(503);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SESSION_SECRET is shorter than 32 bytes.'));
  });

  it('needs the three OIDC variables together, and https outside loopback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    process.env['OIDC_ISSUER'] = 'https://id.example';
    expect((await login(new Request(`${site}/api/login`))).status).toBe(503);
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('must be set together'));
    process.env['OIDC_CLIENT_ID'] = 'id';
    process.env['OIDC_CLIENT_SECRET'] = 'secret';
    process.env['OIDC_ISSUER'] = 'http://id.example';
    expect((await login(new Request(`${site}/api/login`))).status).toBe(503);
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('OIDC_ISSUER must be an https URL.'));
    process.env['OIDC_ISSUER'] = 'http://127.0.0.1:9';
    process.env['CONTEXT'] = 'production';
    expect((await login(new Request(`${site}/api/login`))).status).toBe(503);
  });

  it('explains an unreachable provider with a 502 page', async () => {
    Object.assign(process.env, { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await login(new Request(`${site}/api/login`));
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('The identity provider could not be reached');
    expect(logged).toHaveBeenCalledWith('oidc: the identity provider could not be reached', expect.anything());
  });

  it('has no callback without a provider', async () => {
    const res = await callback(new Request(`${site}/api/auth/callback?code=x&state=y`));
    expect(res.status).toBe(404);
  });
});

describe('logout and the current user', () => {
  async function signIn(): Promise<string> {
    const { csrf, csrfCookie } = await openForm();
    const res = await submit({ csrf, returnTo: '/', firstName: 'Ada', email: 'ada@example.com' }, csrfCookie);
    return `session=${cookies(res).get('session')?.value ?? ''}`;
  }
  const me = (cookie: string) => authUser(new Request(`${site}/api/auth/user`, { headers: { cookie } }));

  it('clears the session and goes home, with the security headers', async () => {
    const res = await logout(new Request(`${site}/api/logout`));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie()).toEqual(['session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax', 'signed_in=; Max-Age=0; Path=/; SameSite=Lax']);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await logout(new Request(`${site}/api/logout`, { method: 'PUT' }))).status).toBe(405);
  });

  it('ends the session on the server: the old cookie answers 401 after logout', async () => {
    const session = await signIn();
    expect((await me(session)).status).toBe(200);
    const res = await logout(new Request(`${site}/api/logout`, { headers: { cookie: session, 'sec-fetch-site': 'same-origin' } }));
    expect(res.status).toBe(303);
    const after = await me(session);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'Not signed in' });
    // Signing in again works.
    expect((await me(await signIn())).status).toBe(200);
  });

  it('a cross-site navigation does not log out: it shows a Log out button (POST, same-origin only)', async () => {
    const session = await signIn();
    for (const site_ of ['cross-site', 'same-site']) {
      const res = await logout(new Request(`${site}/api/logout`, { headers: { cookie: session, 'sec-fetch-site': site_ } }));
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
      const html = await res.text();
      expect(html).toContain('<form method="post" action="/api/logout"');
      expect(html).toMatch(/<button type="submit"[^>]*>Log out<\/button>/);
    }
    expect((await me(session)).status).toBe(200);
    const post = (headers: Record<string, string>) => logout(new Request(`${site}/api/logout`, { method: 'POST', headers: { cookie: session, ...headers } }));
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await me(session)).status).toBe(200);
    const confirmed = await post({ 'sec-fetch-site': 'same-origin', origin: site });
    expect(confirmed.status).toBe(303);
    expect((await me(session)).status).toBe(401);
  });

  it('answers 401 JSON for anonymous or broken cookies', async () => {
    for (const cookie of ['', 'session=', 'session=abc.def.ghi', 'session=%E0%A4%A']) {
      const res = await authUser(new Request(`${site}/api/auth/user`, { headers: cookie ? { cookie } : {} }));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Not signed in' });
    }
  });
});
