import type { Config } from '@netlify/functions';
import { loginMode } from './_shared/auth-config.ts';
import { htmlPage, messageMain } from './_shared/auth-pages.ts';
import { handler } from './_shared/handler.ts';
import { finishOidcLogin } from './_shared/oidc.ts';

/** GET /api/auth/callback: the OpenID Connect provider sends the visitor back here. */
export default handler({ methods: ['GET'] }, ({ req, env }) => {
  const mode = loginMode(env);
  if (mode.kind === 'oidc') return finishOidcLogin(req, mode.oidc, env);
  return htmlPage({
    status: 404,
    title: 'Page Not Found',
    main: messageMain('Page Not Found', ['This site does not use an external identity provider.'], [{ href: '/api/login', label: 'Sign in', primary: true }]),
  });
});

export const config: Config = { path: '/api/auth/callback' };
