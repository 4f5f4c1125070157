/**
 * The OpenID Connect login against a real provider: the `oidc-provider` package runs on loopback,
 * and the test drives the whole authorization code flow (with PKCE, state and nonce) through our
 * handlers, following every redirect by hand. The site's origin is a small server that answers 404:
 * the login pages draw themselves into a page shell file, never fetched.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import callback from '../../netlify/functions/auth-callback.mts';
import authUser from '../../netlify/functions/auth-user.mts';
import login from '../../netlify/functions/login.mts';
import { serverEnv } from '../../src/lib/server-env.ts';
import { FLOW_COOKIE, FLOW_TTL_SECONDS, signFlow, type Flow } from '../../netlify/functions/_shared/oidc.ts';
import { verifyToken } from '../../netlify/functions/_shared/session.ts';
import { oidcUserId } from '../../src/domain/auth/local-user.ts';
import { startLocalBlobs } from '../helpers/blobs.ts';
import { useTestShell } from '../support/auth-shell.ts';

const CLIENT_ID = 'book-site';
const CLIENT_SECRET = 'a-client-secret-for-the-loopback-provider';
const ACCOUNT = {
  sub: 'user-42',
  given_name: 'Ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  email_verified: true,
  picture: 'https://images.example.com/ada.png',
};
const SHELL = `<!doctype html><html lang="en"><head><title>Sign in | The Test Book</title><script>document.documentElement.dataset.theme='x'</script></head>
<body><nav aria-label="Main">nav</nav><main id="main"><section class="x" data-auth-slot>placeholder</section></main></body></html>`;

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

let issuer = '';
let site = '';
let provider: Provider;
const servers: Server[] = [];
const savedEnv = { ...process.env };
let removeShell = async () => {};
let blobs: Awaited<ReturnType<typeof startLocalBlobs>>;

/** The provider's own login and consent screens, answered at once for the test account. */
async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: ACCOUNT.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  if (process.env['TEST_DENY_CONSENT'] === '1') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user said no' }, { mergeWithLastSubmission: false });
    return;
  }
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: details.params['client_id'] ?? '' });
  if (details.prompt.details.missingOIDCScope) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(' '));
  if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

beforeAll(async () => {
  const providerServer = createServer();
  issuer = await listen(providerServer);
  // The site's origin (the callback URL); the login pages never fetch anything from it.
  const siteServer = createServer((_req, res) => {
    res.writeHead(404);
    res.end();
  });
  site = await listen(siteServer);
  servers.push(providerServer, siteServer);

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${site}/api/auth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['a-cookie-signing-key-for-the-test'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'name', 'picture'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, sub: string) => (sub === ACCOUNT.sub ? { accountId: sub, claims: () => ACCOUNT } : undefined),
  });
  const app = provider.callback();
  providerServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((e: unknown) => {
        res.statusCode = 500;
        res.end(String(e));
      });
      return;
    }
    app(req, res);
  });

  process.env['SESSION_SECRET'] = 'integration-test-session-secret-0123456789abcdef';
  process.env['OIDC_ISSUER'] = issuer;
  process.env['OIDC_CLIENT_ID'] = CLIENT_ID;
  process.env['OIDC_CLIENT_SECRET'] = CLIENT_SECRET;
  delete process.env['CONTEXT'];
  delete process.env['OIDC_SCOPES'];
  delete process.env['OIDC_TOKEN_AUTH_METHOD'];
  removeShell = await useTestShell(SHELL);
  blobs = await startLocalBlobs();
});

afterAll(async () => {
  process.env = savedEnv;
  await removeShell();
  await blobs.stop();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** The cookies a response sets, as name to value (an expired cookie maps to ''). */
function setCookies(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq).trim(), /max-age=0\b/i.test(line) ? '' : decodeURIComponent(pair.slice(eq + 1)));
  }
  return out;
}

/** Starts a login at our /api/login; returns the provider URL, the flow cookie and its contents. */
async function startLogin(query = '?returnTo=%2Fideas'): Promise<{ authorizationUrl: URL; flowCookie: string; flow: Flow; setCookie: string[] }> {
  const res = await login(new Request(`${site}/api/login${query}`));
  expect(res.status).toBe(302);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  const flowCookie = setCookies(res).get(FLOW_COOKIE) ?? '';
  const flow = (await verifyToken(flowCookie, 'oidc-flow', FLOW_TTL_SECONDS, serverEnv())) as unknown as Flow;
  return { authorizationUrl: new URL(res.headers.get('location') ?? ''), flowCookie, flow, setCookie: res.headers.getSetCookie() };
}

/** Follows the provider's redirects (login, consent) with a cookie jar until it sends the browser back to our callback. */
async function authorize(authorizationUrl: URL): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const [k, v] of setCookies(res)) {
      if (v === '') jar.delete(k);
      else jar.set(k, encodeURIComponent(v));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url.href} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url);
    if (url.href.startsWith(`${site}/api/auth/callback`)) return url;
  }
  throw new Error('too many redirects');
}

const callbackRequest = (url: URL, flowCookie: string | undefined) =>
  new Request(url, { headers: flowCookie === undefined ? {} : { cookie: `${FLOW_COOKIE}=${encodeURIComponent(flowCookie)}` } });

describe('OpenID Connect login against oidc-provider', () => {
  it('runs the full code flow with PKCE, state and nonce, and starts a session', async () => {
    const { authorizationUrl, flow, flowCookie, setCookie } = await startLogin();
    expect(authorizationUrl.origin).toBe(issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(`${site}/api/auth/callback`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBe(flow.state);
    expect(params.get('nonce')).toBe(flow.nonce);
    expect(flow.returnTo).toBe('/ideas');
    // The flow cookie: HttpOnly, Lax (it must come back on the provider's top-level redirect), callback path only.
    expect(setCookie[0]).toMatch(/^oidc_flow=.+; Max-Age=600; Path=\/api\/auth\/callback; HttpOnly; SameSite=Lax$/);

    const callbackUrl = await authorize(authorizationUrl);
    expect(callbackUrl.searchParams.get('state')).toBe(flow.state);
    const res = await callback(callbackRequest(callbackUrl, flowCookie));
    expect(res.status).toBe(303);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('location')).toBe('/ideas');
    const cookies = setCookies(res);
    expect(cookies.get(FLOW_COOKIE)).toBe('');
    const session = cookies.get('session') ?? '';
    expect(session).not.toBe('');

    const me = await authUser(new Request(`${site}/api/auth/user`, { headers: { cookie: `session=${session}` } }));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: await oidcUserId(issuer, ACCOUNT.sub),
      firstName: 'Ada',
      email: 'ada@example.com',
      profileImageUrl: 'https://images.example.com/ada.png',
    });

    // The authorization code is single-use: replaying the callback fails.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const replay = await callback(callbackRequest(callbackUrl, flowCookie));
    expect(replay.status).toBe(400);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/invalid_grant/);
  });

  it('refuses a callback whose state does not match the flow', async () => {
    const { authorizationUrl, flowCookie } = await startLogin();
    const callbackUrl = await authorize(authorizationUrl);
    callbackUrl.searchParams.set('state', 'a-state-from-another-flow');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await callback(callbackRequest(callbackUrl, flowCookie));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Sign-in could not be verified');
    expect(html).toContain('<title>Sign-in failed | The Test Book</title>');
    expect(setCookies(res).has('session')).toBe(false);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/state/i);
  });

  it('refuses an ID token whose nonce does not match the flow', async () => {
    const { authorizationUrl, flow } = await startLogin();
    const callbackUrl = await authorize(authorizationUrl);
    const forged = await signFlow({ ...flow, nonce: 'a-nonce-from-another-flow' }, serverEnv());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await callback(callbackRequest(callbackUrl, forged));
    expect(res.status).toBe(400);
    expect(setCookies(res).has('session')).toBe(false);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/nonce/i);
  });

  it('refuses the flow without the right PKCE verifier', async () => {
    const { authorizationUrl, flow } = await startLogin();
    const callbackUrl = await authorize(authorizationUrl);

    // No flow cookie at all (another browser, or expired).
    const none = await callback(callbackRequest(callbackUrl, undefined));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Your sign-in expired');

    // A validly signed flow that lacks the verifier.
    const { verifier: _omitted, ...withoutVerifier } = flow;
    const missing = await callback(callbackRequest(callbackUrl, await signFlow(withoutVerifier as Flow, serverEnv())));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Your sign-in expired');

    // A different verifier: the provider refuses to exchange the code.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const wrong = await callback(callbackRequest(callbackUrl, await signFlow({ ...flow, verifier: 'x'.repeat(43) }, serverEnv())));
    expect(wrong.status).toBe(400);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/invalid_grant/);
    expect(setCookies(wrong).has('session')).toBe(false);

    // The real verifier still works for this code (nothing above consumed it).
    const { flowCookie: _unused, ...rest } = { flowCookie: '', ...flow };
    const ok = await callback(callbackRequest(callbackUrl, await signFlow(rest, serverEnv())));
    expect(ok.status).toBe(303);
  });

  it('refuses a tampered flow cookie', async () => {
    const { authorizationUrl, flowCookie } = await startLogin();
    const callbackUrl = await authorize(authorizationUrl);
    const [h, p, s = ''] = flowCookie.split('.');
    const res = await callback(callbackRequest(callbackUrl, `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`));
    expect(res.status).toBe(400);
  });

  it('never redirects to a foreign target after sign-in', async () => {
    for (const target of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/api/logout']) {
      const { authorizationUrl, flowCookie, flow } = await startLogin(`?returnTo=${encodeURIComponent(target)}`);
      expect(flow.returnTo).toBe('/');
      const res = await callback(callbackRequest(await authorize(authorizationUrl), flowCookie));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    }
    // A same-origin Referer is used when no returnTo is given.
    const { flow } = await startLogin('').then(async () => {
      const res = await login(new Request(`${site}/api/login`, { headers: { referer: `${site}/book/chapter-03?x=1` } }));
      return { flow: (await verifyToken(setCookies(res).get(FLOW_COOKIE) ?? '', 'oidc-flow', FLOW_TTL_SECONDS, serverEnv())) as unknown as Flow };
    });
    expect(flow.returnTo).toBe('/book/chapter-03?x=1');
  });

  it('shows the provider refusing sign-in as a page, without a session', async () => {
    process.env['TEST_DENY_CONSENT'] = '1';
    try {
      const { authorizationUrl, flowCookie } = await startLogin();
      const callbackUrl = await authorize(authorizationUrl);
      expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
      const res = await callback(callbackRequest(callbackUrl, flowCookie));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('(access_denied)');
      expect(setCookies(res).has('session')).toBe(false);
    } finally {
      delete process.env['TEST_DENY_CONSENT'];
    }
  });
});
