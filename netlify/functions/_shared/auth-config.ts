import { isDeployed, sessionSecretProblem, type ServerEnv } from '../../../src/lib/server-env.ts';

/** An OpenID Connect provider to sign in with. */
export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scope: string;
  tokenAuthMethod: 'client_secret_basic' | 'client_secret_post';
  /** Plain-http issuer on a loopback address (a provider running on this machine; never deployed). */
  insecureLoopback: boolean;
}

/** How /api/login signs people in, decided from the environment. */
export type LoginMode = { kind: 'oidc'; oidc: OidcSettings } | { kind: 'local' } | { kind: 'disabled'; reason: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OpenID Connect when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set; otherwise the
 * local name-and-email sign-in, which a deployed site (any Netlify context: production, previews,
 * branch deploys share the site's data) only offers with ALLOW_LOCAL_SIGNIN=true; otherwise
 * disabled, with the reason shown to the visitor (HTTP 503). A session secret is required in all
 * modes (generated locally by scripts/local-secrets.ts).
 */
export function loginMode(env: ServerEnv): LoginMode {
  const secretProblem = sessionSecretProblem(env.SESSION_SECRET);
  if (secretProblem) return { kind: 'disabled', reason: secretProblem };
  const oidcVars = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  if (oidcVars.some(Boolean)) {
    if (!oidcVars.every(Boolean)) return { kind: 'disabled', reason: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together.' };
    let issuer: URL;
    try {
      issuer = new URL(env.OIDC_ISSUER ?? '');
    } catch {
      return { kind: 'disabled', reason: 'OIDC_ISSUER is not a valid URL.' };
    }
    const insecureLoopback = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) && !isDeployed(env);
    if (issuer.protocol !== 'https:' && !insecureLoopback) return { kind: 'disabled', reason: 'OIDC_ISSUER must be an https URL.' };
    const scopes = new Set((env.OIDC_SCOPES ?? 'openid email profile').split(/[\s,]+/).filter(Boolean));
    scopes.add('openid');
    return {
      kind: 'oidc',
      oidc: {
        issuer,
        clientId: env.OIDC_CLIENT_ID ?? '',
        clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        scope: [...scopes].join(' '),
        tokenAuthMethod: env.OIDC_TOKEN_AUTH_METHOD ?? 'client_secret_basic',
        insecureLoopback,
      },
    };
  }
  if (!isDeployed(env) || env.ALLOW_LOCAL_SIGNIN) return { kind: 'local' };
  return {
    kind: 'disabled',
    reason: 'No OpenID Connect provider is configured (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), and the local sign-in is off (ALLOW_LOCAL_SIGNIN).',
  };
}
