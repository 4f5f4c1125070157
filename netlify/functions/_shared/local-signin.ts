import { localUserId, parseLocalSignIn, type LocalSignInErrors } from '../../../src/domain/auth/local-user.ts';
import { safeReturnTo } from '../../../src/domain/auth/return-to.ts';
import { constantTimeEqual } from '../../../src/domain/security/constant-time.ts';
import { htmlPage, signInFormMain } from './auth-pages.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';
import type { ServerEnv } from '../../../src/lib/server-env.ts';
import { readBodyText } from './guard.ts';
import { error, redirect } from './http.ts';
import { signToken, startSession, verifyToken } from './session.ts';

/**
 * The local sign-in (no identity provider): a form asking for a first name and an email. The POST
 * is a plain form submission (it must work without JavaScript), so instead of a JSON body it is
 * protected by the same-origin guard plus a CSRF token: a random value in a hidden field whose
 * signed copy sits in an HttpOnly, SameSite=Strict cookie scoped to /api/login.
 */
export const CSRF_COOKIE = 'signin_csrf';
const CSRF_AUDIENCE = 'signin-csrf';
const CSRF_TTL_SECONDS = 60 * 60;
const BODY_LIMIT = 4 * 1024;

async function formWithToken(
  req: Request,
  env: ServerEnv,
  status: number,
  returnTo: string,
  extra: { values?: { firstName?: string; email?: string }; errors?: LocalSignInErrors; formError?: string } = {},
): Promise<Response> {
  const csrf = crypto.randomUUID();
  const headers = new Headers();
  headers.append(
    'set-cookie',
    setCookie(req, CSRF_COOKIE, await signToken({ t: csrf }, CSRF_AUDIENCE, CSRF_TTL_SECONDS, env), {
      maxAge: CSRF_TTL_SECONDS,
      sameSite: 'strict',
      path: '/api/login',
    }),
  );
  const title = extra.errors || extra.formError ? 'Error: Sign in' : 'Sign in';
  return htmlPage({ status, title, headers, main: signInFormMain({ csrf, returnTo, ...extra }) });
}

/** GET /api/login: the sign-in form. */
export function showSignInForm(req: Request, env: ServerEnv, returnTo: string): Promise<Response> {
  return formWithToken(req, env, 200, returnTo);
}

/** POST /api/login (after the request wrapper's same-origin guard): checks the CSRF token, validates, then starts the session. */
export async function submitSignIn(req: Request, env: ServerEnv): Promise<Response> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return error(415, 'Content-Type must be application/x-www-form-urlencoded');
  const body = await readBodyText(req, BODY_LIMIT);
  if (!body.ok) return body.response;
  const form = new URLSearchParams(body.value);
  const origin = new URL(req.url).origin;
  const returnTo = safeReturnTo(form.get('returnTo'), origin);
  const values = { firstName: form.get('firstName') ?? '', email: form.get('email') ?? '' };

  const cookie = readCookie(req, CSRF_COOKIE);
  const payload = cookie ? await verifyToken(cookie, CSRF_AUDIENCE, CSRF_TTL_SECONDS, env) : null;
  const expected = typeof payload?.['t'] === 'string' ? payload['t'] : null;
  if (!expected || !constantTimeEqual(expected, form.get('csrf') ?? '')) {
    return formWithToken(req, env, 403, returnTo, { values, formError: 'This sign-in form expired or was opened in another window. Please submit it again.' });
  }

  const parsed = parseLocalSignIn(values);
  if (!parsed.ok) return formWithToken(req, env, 400, returnTo, { values, errors: parsed.errors });

  const user = { id: await localUserId(parsed.value.email), email: parsed.value.email, firstName: parsed.value.firstName, profileImageUrl: null };
  const headers = new Headers();
  headers.append('set-cookie', clearCookie(req, CSRF_COOKIE, { sameSite: 'strict', path: '/api/login' }));
  await startSession(req, headers, user, env);
  return redirect(returnTo, 303, headers);
}
