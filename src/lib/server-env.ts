import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { engineInfo, type EngineInfo } from '../domain/ideas/models.ts';

/**
 * The server's environment, parsed once with zod (docs/architecture.md): the one module of the functions that
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
  /** `true` keeps the local name-and-email sign-in available on a deployed site (off by default). Parsed to a boolean here, once. */
  ALLOW_LOCAL_SIGNIN: z
    .string()
    .optional()
    .transform((v) => v === 'true'),
  /** 'off' lifts the local generation rate limit (benchmarks, end-to-end tests); ignored when deployed. Any other value is 'on'. */
  GENERATE_RATE_LIMIT: z
    .string()
    .optional()
    .transform((v): 'on' | 'off' => (v === 'off' ? 'off' : 'on')),
});

export type ServerEnv = z.output<typeof envSchema>;

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
  // Netlify's own local tools run the functions themselves, without scripts/serve.ts (which puts
  // the generated secrets in the environment of `npm start`).
  if (values[KEYS.indexOf('CONTEXT')] === 'dev') {
    const local = localSecrets();
    for (const key of ['SESSION_SECRET', 'ADMIN_PASSWORD'] as const) values[KEYS.indexOf(key)] ??= local[key];
  }
  const fingerprint = JSON.stringify(values);
  if (last?.fingerprint === fingerprint) return last.env;
  const env = parseServerEnv(Object.fromEntries(KEYS.map((key, i) => [key, values[i]])));
  last = { fingerprint, env };
  return env;
}

/** Parses environment values (unset and empty values count as missing): the rules of every variable, in one place. */
export function parseServerEnv(values: Partial<Record<keyof z.input<typeof envSchema>, string | undefined>>): ServerEnv {
  return envSchema.parse(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')));
}

/**
 * True on any Netlify deploy (production, deploy previews, branch deploys): public URLs that share
 * the site's Blobs store. False locally: `npm start` (`CONTEXT` unset) and Netlify's own local
 * tools (`netlify dev`, `netlify serve --context dev`: `CONTEXT=dev`), which get the same local
 * conveniences (the local sign-in, a generated export password) and skip the deployed checks.
 */
export function isDeployedContext(context: string | undefined): boolean {
  return context !== undefined && context !== '' && context !== 'dev';
}

/** {@link isDeployedContext} of a parsed environment. */
export function isDeployed(env: ServerEnv): boolean {
  return isDeployedContext(env.CONTEXT);
}

/** The secrets `npm start` and a local build generate (scripts/local-secrets.ts), relative to the site's folder. */
const LOCAL_SECRETS_FILE = path.join('.data', 'local-secrets.json');

type LocalSecrets = { SESSION_SECRET?: string | undefined; ADMIN_PASSWORD?: string | undefined };

let localSecretsRead: { cwd: string; secrets: LocalSecrets } | undefined;

/**
 * Netlify's `dev` context only: the secrets a local build generated fill what the environment
 * leaves unset, so functions run by `netlify dev` or `netlify serve --context dev` sign sessions
 * and open the export console as `npm start` does. Read once per folder; never on a deployed site.
 */
function localSecrets(): LocalSecrets {
  const cwd = process.cwd();
  if (localSecretsRead?.cwd !== cwd) {
    let secrets: LocalSecrets = {};
    try {
      const parsed = z
        .object({ SESSION_SECRET: z.string().min(32).optional(), ADMIN_PASSWORD: z.string().min(1).optional() })
        .safeParse(JSON.parse(readFileSync(path.resolve(cwd, LOCAL_SECRETS_FILE), 'utf8')));
      if (parsed.success) secrets = parsed.data;
    } catch {
      // No local secrets yet (a fresh clone before its first build): nothing to fill in.
    }
    localSecretsRead = { cwd, secrets };
  }
  return localSecretsRead.secrets;
}

/**
 * Refuses to run a deployed site without a usable SESSION_SECRET (sessions, sign-in forms and
 * signed download links all need it), with a message that says what to set. Called once at cold
 * start by the request wrapper (`handler.ts`). ADMIN_PASSWORD stays optional: without it the
 * export console is disabled, as documented (README).
 */
export function assertDeployedEnv(env: Pick<ServerEnv, 'CONTEXT' | 'SESSION_SECRET'>): void {
  if (!isDeployedContext(env.CONTEXT)) return;
  const problem = sessionSecretProblem(env.SESSION_SECRET);
  if (!problem) return;
  throw new Error(
    `${problem.replace(/\.$/, '')} on this deployed site (CONTEXT=${env.CONTEXT}). ` +
      "Set it in the site's environment variables (at least 32 bytes, e.g. `openssl rand -base64 48`) and redeploy.",
  );
}

/** The least a session secret may be, in bytes of UTF-8. */
const SESSION_SECRET_MIN_BYTES = 32;

/** What is wrong with a session secret ("SESSION_SECRET is not set."), or undefined when usable: the one home of the rule. */
export function sessionSecretProblem(secret: string | undefined): string | undefined {
  if (!secret) return 'SESSION_SECRET is not set.';
  if (new TextEncoder().encode(secret).byteLength < SESSION_SECRET_MIN_BYTES) return `SESSION_SECRET is shorter than ${SESSION_SECRET_MIN_BYTES} bytes.`;
  return undefined;
}

/** What the engine switch shows (GET /api/engines). */
export function engineInfoFromEnv(env: ServerEnv): EngineInfo {
  return engineInfo({
    anthropicModel: env.ANTHROPIC_MODEL,
    openaiModel: env.OPENAI_MODEL,
    anthropicKey: !!env.ANTHROPIC_API_KEY,
    openaiKey: !!env.OPENAI_API_KEY,
  });
}
