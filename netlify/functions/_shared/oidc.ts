import * as client from 'openid-client';
import { z } from 'zod';
import { oidcUserId } from '../../../src/domain/auth/local-user.ts';
import { safeReturnTo } from '../../../src/domain/auth/return-to.ts';
import type { OidcSettings } from './auth-config.ts';
import { htmlPage, messageMain } from './auth-pages.ts';
import type { ServerEnv } from '../../../src/lib/server-env.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';
import { redirect } from './http.ts';
import { signToken, startSession, verifyToken } from './session.ts';

/**
 * OpenID Connect sign-in with openid-client (authorization code flow with PKCE S256, state and
 * nonce). The values the callback must check travel in a short-lived signed, HttpOnly cookie
 * scoped to the callback path, so no server-side state is needed.
 */
export const CALLBACK_PATH = '/api/auth/callback';
export const FLOW_COOKIE = 'oidc_flow';
export const FLOW_AUDIENCE = 'oidc-flow';
export const FLOW_TTL_SECONDS = 10 * 60;

/** What the callback needs to finish the flow it started. */
export const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  returnTo: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

const configurations = new Map<string, Promise<client.Configuration>>();

/** The provider's configuration from its discovery document (cached per issuer and client). */
export function oidcConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer.href}\n${settings.clientId}\n${settings.tokenAuthMethod}`;
  let pending = configurations.get(key);
  if (!pending) {
    const auth =
      settings.tokenAuthMethod === 'client_secret_post' ? client.ClientSecretPost(settings.clientSecret) : client.ClientSecretBasic(settings.clientSecret);
    // allowInsecureRequests is "deprecated" only as a warning sign; loginMode allows it solely for
    // a plain-http issuer on a loopback address outside any deployed context.
    pending = client.discovery(settings.issuer, settings.clientId, { client_secret: settings.clientSecret }, auth, {
      ...(settings.insecureLoopback ? { execute: [client.allowInsecureRequests] } : {}),
      timeout: 10,
    });
    configurations.set(key, pending);
    // A failed discovery is retried on the next sign-in instead of being cached.
    pending.catch(() => configurations.delete(key));
  }
  return pending;
}

/** Signs the flow cookie's value (exported for tests that forge a flow). */
export function signFlow(flow: Flow, env: ServerEnv): Promise<string> {
  return signToken({ ...flow }, FLOW_AUDIENCE, FLOW_TTL_SECONDS, env);
}

function unreachable(e: unknown): Promise<Response> {
  console.error('oidc: the identity provider could not be reached', e);
  return htmlPage({
    status: 502,
    title: 'Sign-in unavailable',
    main: messageMain(
      'Sign-in is temporarily unavailable',
      ['The identity provider could not be reached. Please try again in a moment.'],
      [{ href: '/', label: 'Go Home', primary: true }],
    ),
  });
}

/** GET /api/login with a provider configured: redirects to the provider's authorization page. */
export async function startOidcLogin(req: Request, settings: OidcSettings, returnTo: string, env: ServerEnv): Promise<Response> {
  let config: client.Configuration;
  try {
    config = await oidcConfiguration(settings);
  } catch (e) {
    return unreachable(e);
  }
  const verifier = client.randomPKCECodeVerifier();
  const flow: Flow = { state: client.randomState(), nonce: client.randomNonce(), verifier, returnTo };
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: new URL(CALLBACK_PATH, req.url).href,
    response_type: 'code',
    scope: settings.scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  const headers = new Headers();
  headers.append('set-cookie', setCookie(req, FLOW_COOKIE, await signFlow(flow, env), { maxAge: FLOW_TTL_SECONDS, path: CALLBACK_PATH }));
  return redirect(authorizationUrl.href, 302, headers);
}

function failed(req: Request, status: number, heading: string, text: string): Promise<Response> {
  const headers = new Headers();
  headers.append('set-cookie', clearCookie(req, FLOW_COOKIE, { path: CALLBACK_PATH }));
  return htmlPage({
    status,
    title: 'Sign-in failed',
    headers,
    main: messageMain(
      heading,
      [text],
      [
        { href: '/api/login', label: 'Try again', primary: true },
        { href: '/', label: 'Go Home' },
      ],
    ),
  });
}

/** One log line for an openid-client / oauth4webapi error: its name, message, code, OAuth error and cause. */
export function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const fields = e as Error & { code?: unknown; error?: unknown; error_description?: unknown; cause?: unknown };
  const parts = [`${e.name}: ${e.message}`];
  if (typeof fields.code === 'string') parts.push(`code=${fields.code}`);
  if (typeof fields.error === 'string') parts.push(`error=${fields.error}`);
  if (typeof fields.error_description === 'string') parts.push(`(${fields.error_description})`);
  const cause = fields.cause;
  if (cause instanceof Error) parts.push(`cause: ${describe(cause)}`);
  else if (cause && typeof cause === 'object') {
    const { claim, parameter } = cause as { claim?: unknown; parameter?: unknown };
    if (typeof claim === 'string') parts.push(`claim=${claim}`);
    if (typeof parameter === 'string') parts.push(`parameter=${parameter}`);
  }
  return parts.join(' ');
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * GET /api/auth/callback: checks the provider's answer against the flow cookie (state, PKCE
 * verifier, nonce, and the ID token's signature, issuer, audience and expiry through
 * openid-client), then starts the session and returns the visitor to where they were.
 */
export async function finishOidcLogin(req: Request, settings: OidcSettings, env: ServerEnv): Promise<Response> {
  const raw = readCookie(req, FLOW_COOKIE);
  const parsed = flowSchema.safeParse(raw ? await verifyToken(raw, FLOW_AUDIENCE, FLOW_TTL_SECONDS, env) : null);
  if (!parsed.success) {
    return failed(req, 400, 'Your sign-in expired', 'This sign-in attempt expired or was started in another browser. Please sign in again.');
  }
  const flow = parsed.data;
  let config: client.Configuration;
  try {
    config = await oidcConfiguration(settings);
  } catch (e) {
    return unreachable(e);
  }
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, new URL(req.url), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (e) {
    if (e instanceof client.AuthorizationResponseError) {
      return failed(req, 400, 'Sign-in was not completed', `The identity provider did not sign you in (${e.error}). You can try again.`);
    }
    console.warn('oidc: the authorization response was refused:', describe(e));
    return failed(req, 400, 'Sign-in could not be verified', 'The answer from the identity provider did not match this sign-in attempt. Please sign in again.');
  }
  const claims = tokens.claims();
  if (!claims) return failed(req, 400, 'Sign-in could not be verified', 'The identity provider sent no ID token.');
  // Conforming providers may keep profile claims out of the ID token and serve them from UserInfo.
  let profile: Record<string, unknown> = claims;
  if (!text(claims['email']) && !text(claims['given_name']) && config.serverMetadata().userinfo_endpoint) {
    try {
      profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    } catch (e) {
      console.warn('oidc: UserInfo could not be read; signing in with the ID token claims only:', describe(e));
    }
  }
  const picture = text(profile['picture']);
  const user = {
    id: await oidcUserId(claims.iss, claims.sub),
    firstName: text(profile['given_name']) ?? text(profile['name']),
    email: text(profile['email']),
    profileImageUrl: picture && /^https?:\/\//i.test(picture) ? picture : null,
  };
  const headers = new Headers();
  headers.append('set-cookie', clearCookie(req, FLOW_COOKIE, { path: CALLBACK_PATH }));
  await startSession(req, headers, user, env);
  return redirect(safeReturnTo(flow.returnTo, new URL(req.url).origin), 303, headers);
}
