import { z } from 'zod';

/**
 * The server's environment, parsed once with zod (STYLE.md): the one module of the functions that
 * reads it. Handlers get it from the request wrapper (`handler.ts`) and pass values on; domain code
 * receives values, never reads process.env itself.
 */
const envSchema = z.object({
  /** Netlify's deploy context: 'production', 'deploy-preview', 'branch-deploy', 'dev' (unset locally). */
  CONTEXT: z.string().optional(),
  /** Public origin of the site (Netlify sets it). */
  URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  /** Previous session secret, still accepted on verify while cookies signed with it expire. */
  SESSION_SECRET_PREVIOUS: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODEL: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  OPENAI_BASE_URL: z.string().optional(),
  OIDC_ISSUER: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Space-separated scopes to request (default `openid email profile`; `openid` is always added). */
  OIDC_SCOPES: z.string().optional(),
  /** How the client authenticates at the token endpoint, as registered at the provider (default client_secret_basic). */
  OIDC_TOKEN_AUTH_METHOD: z.enum(['client_secret_basic', 'client_secret_post']).optional(),
  /** `true` keeps the local name-and-email sign-in available on a deployed site (off by default). */
  ALLOW_LOCAL_SIGNIN: z.string().optional(),
  /** 'off' lifts the local generation rate limit (benchmarks, end-to-end tests); ignored when deployed. */
  GENERATE_RATE_LIMIT: z.string().optional(),
});

export type ServerEnv = z.infer<typeof envSchema>;

const KEYS = Object.keys(envSchema.shape) as (keyof ServerEnv)[];
let last: { fingerprint: string; env: ServerEnv } | undefined;

/**
 * Reads the environment now: only the variables above, each read on every call (tests change them
 * between cases), parsed again only when one of them changed. Enumerating and parsing the whole
 * environment took 0.2 ms per call, several calls per request.
 */
export function serverEnv(): ServerEnv {
  const netlifyEnv = (globalThis as { Netlify?: { env: { get(name: string): string | undefined } } }).Netlify?.env;
  const values = KEYS.map((key) => (netlifyEnv ? netlifyEnv.get(key) : process.env[key]) || undefined);
  const fingerprint = JSON.stringify(values);
  if (last?.fingerprint === fingerprint) return last.env;
  const env = envSchema.parse(Object.fromEntries(KEYS.flatMap((key, i) => (values[i] === undefined ? [] : [[key, values[i]]]))));
  last = { fingerprint, env };
  return env;
}

/**
 * True on any Netlify deploy (production, deploy previews, branch deploys): public URLs that share
 * the site's Blobs store. False locally (`CONTEXT` unset, or `dev`).
 */
export function isDeployed(env: ServerEnv): boolean {
  return env.CONTEXT !== undefined && env.CONTEXT !== 'dev';
}

/**
 * Refuses to run a deployed site without a usable SESSION_SECRET (sessions, sign-in forms and
 * signed download links all need it), with a message that says what to set. Called once at cold
 * start by the request wrapper (`handler.ts`). ADMIN_PASSWORD stays optional: without it the
 * export console is disabled, as documented (README).
 */
export function assertDeployedEnv(env: ServerEnv): void {
  if (!isDeployed(env)) return;
  const secret = env.SESSION_SECRET ?? '';
  if (new TextEncoder().encode(secret).byteLength >= 32) return;
  throw new Error(
    `SESSION_SECRET ${secret ? 'is shorter than 32 bytes' : 'is not set'} on this deployed site (CONTEXT=${env.CONTEXT}). ` +
      "Set it in the site's environment variables (at least 32 bytes, e.g. `openssl rand -base64 48`) and redeploy.",
  );
}
