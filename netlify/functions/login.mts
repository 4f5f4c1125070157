import type { Config } from '@netlify/functions';
import { safeReturnTo } from '../../src/domain/auth/return-to.ts';
import { loginMode } from './_shared/auth-config.ts';
import { htmlPage, messageMain } from './_shared/auth-pages.ts';
import { handler } from './_shared/handler.ts';
import { methodNotAllowed } from './_shared/http.ts';
import { showSignInForm, submitSignIn } from './_shared/local-signin.ts';
import { startOidcLogin } from './_shared/oidc.ts';

/** Where the visitor came from: `?returnTo=` (set by the nav), else a same-origin Referer. */
function requestedReturnTo(req: Request): string {
  const url = new URL(req.url);
  return safeReturnTo(url.searchParams.get('returnTo') ?? req.headers.get('referer'), url.origin);
}

/** The reader's page says what they can still do; the operator's reason goes to the function log. */
const unavailable = (reason: string) => {
  console.warn(`login: sign-in is not configured: ${reason}`);
  return messageMain(
    'Sign-in is not configured',
    ['Signing in is not available on this site yet. You can still read the book, generate ideas and browse them without an account.'],
    [{ href: '/', label: 'Go Home', primary: true }],
  );
};

/**
 * /api/login (a browser navigation): redirects to the OpenID Connect provider when one is
 * configured; otherwise shows (GET) and handles (POST, same-origin only) the local sign-in form;
 * or explains with a 503 that sign-in is not configured.
 */
export default handler({ methods: ['GET', 'POST'] }, ({ req, env }) => {
  const mode = loginMode(env);
  if (mode.kind === 'disabled') return htmlPage({ status: 503, title: 'Sign-in unavailable', main: unavailable(mode.reason) });
  if (mode.kind === 'oidc') return req.method === 'GET' ? startOidcLogin(req, mode.oidc, requestedReturnTo(req), env) : methodNotAllowed(['GET']);
  return req.method === 'GET' ? showSignInForm(req, env, requestedReturnTo(req)) : submitSignIn(req, env);
});

export const config: Config = { path: '/api/login' };
