import type { Config } from '@netlify/functions';
import { safeReturnTo } from '../../src/domain/auth/return-to.ts';
import { loginMode } from './_shared/auth-config.ts';
import { htmlPage, messageMain } from './_shared/auth-pages.ts';
import { serverEnv } from './_shared/env.ts';
import { methodNotAllowed } from './_shared/http.ts';
import { showSignInForm, submitSignIn } from './_shared/local-signin.ts';
import { startOidcLogin } from './_shared/oidc.ts';

/** Where the visitor came from: `?returnTo=` (set by the nav), else a same-origin Referer. */
function requestedReturnTo(req: Request): string {
  const url = new URL(req.url);
  return safeReturnTo(url.searchParams.get('returnTo') ?? req.headers.get('referer'), url.origin);
}

/**
 * /api/login (a browser navigation): redirects to the OpenID Connect provider when one is
 * configured; otherwise shows (GET) and handles (POST) the local sign-in form; or explains with a
 * 503 that sign-in is not configured.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const env = serverEnv();
  const mode = loginMode(env);
  if (mode.kind === 'disabled') {
    return htmlPage({
      status: 503,
      title: 'Sign-in unavailable',
      main: messageMain(
        'Sign-in is not configured',
        [
          'Signing in is not available on this site yet. You can still read the book, generate ideas and browse them without an account.',
          `For the site's operator: ${mode.reason}`,
        ],
        [{ href: '/', label: 'Go Home', primary: true }],
      ),
    });
  }
  if (mode.kind === 'oidc') {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    return startOidcLogin(req, mode.oidc, requestedReturnTo(req), env);
  }
  return req.method === 'GET' ? showSignInForm(req, env, requestedReturnTo(req)) : submitSignIn(req, env);
};

export const config: Config = { path: '/api/login' };
