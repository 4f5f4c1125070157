import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertDeployedEnv, parseServerEnv } from '../../src/lib/server-env.ts';

const SECRET = 'a-session-secret-of-at-least-32-bytes!!';
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

describe('the environment at cold start', () => {
  it('refuses a deployed context without a usable SESSION_SECRET, with a message that says what to set', () => {
    expect(() => assertDeployedEnv({ CONTEXT: 'production' })).toThrow(/SESSION_SECRET is not set on this deployed site \(CONTEXT=production\)/);
    expect(() => assertDeployedEnv({ CONTEXT: 'deploy-preview', SESSION_SECRET: 'short' })).toThrow(/shorter than 32 bytes/);
    expect(() => assertDeployedEnv({ CONTEXT: 'production', SESSION_SECRET: SECRET })).not.toThrow();
  });

  it('keeps ADMIN_PASSWORD optional (the console is then disabled) and local use free', () => {
    expect(() => assertDeployedEnv(parseServerEnv({ CONTEXT: 'production', SESSION_SECRET: SECRET, ADMIN_PASSWORD: undefined }))).not.toThrow();
    expect(() => assertDeployedEnv({})).not.toThrow();
    expect(() => assertDeployedEnv({ CONTEXT: 'dev' })).not.toThrow();
  });

  it('stops a function module from loading on a misconfigured deploy', async () => {
    process.env['CONTEXT'] = 'production';
    delete process.env['SESSION_SECRET'];
    await expect(import('../../netlify/functions/auth-user.mts')).rejects.toThrow(/SESSION_SECRET is not set/);
  });
});

describe("Netlify's dev context (netlify dev, netlify serve --context dev)", () => {
  it('is local: the generated secrets fill what the environment leaves unset, the local sign-in stays on', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'env-dev-'));
    mkdirSync(path.join(dir, '.data'));
    writeFileSync(path.join(dir, '.data', 'local-secrets.json'), JSON.stringify({ SESSION_SECRET: SECRET, ADMIN_PASSWORD: 'generated-password' }));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      for (const key of ['SESSION_SECRET', 'ADMIN_PASSWORD', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'ALLOW_LOCAL_SIGNIN'])
        delete process.env[key];
      const { serverEnv, isDeployed, isDeployedContext } = await import('../../src/lib/server-env.ts');
      const { loginMode } = await import('../../netlify/functions/_shared/auth-config.ts');
      process.env['CONTEXT'] = 'dev';
      const env = serverEnv();
      expect(env.SESSION_SECRET).toBe(SECRET);
      expect(env.ADMIN_PASSWORD).toBe('generated-password');
      expect(isDeployed(env)).toBe(false);
      expect(loginMode(env)).toMatchObject({ kind: 'local' });
      // Deployed contexts never read the local file.
      process.env['CONTEXT'] = 'production';
      expect(serverEnv().SESSION_SECRET).toBeUndefined();
      expect(['production', 'deploy-preview', 'branch-deploy'].every(isDeployedContext)).toBe(true);
      expect([undefined, '', 'dev'].some(isDeployedContext)).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('parseServerEnv: the rules of every variable in one place', () => {
  it('parses the switches once into typed values', () => {
    expect(parseServerEnv({ ALLOW_LOCAL_SIGNIN: 'true' }).ALLOW_LOCAL_SIGNIN).toBe(true);
    expect(parseServerEnv({ ALLOW_LOCAL_SIGNIN: 'yes' }).ALLOW_LOCAL_SIGNIN).toBe(false);
    expect(parseServerEnv({}).ALLOW_LOCAL_SIGNIN).toBe(false);
    expect(parseServerEnv({ GENERATE_RATE_LIMIT: 'off' }).GENERATE_RATE_LIMIT).toBe('off');
    expect(parseServerEnv({ GENERATE_RATE_LIMIT: 'anything' }).GENERATE_RATE_LIMIT).toBe('on');
    expect(parseServerEnv({ SESSION_SECRET: '' }).SESSION_SECRET).toBeUndefined();
  });

  it('pages read the environment through src/, never through the functions', async () => {
    const { execFileSync } = await import('node:child_process');
    const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const { readFileSync } = await import('node:fs');
    expect(files.filter((f) => /from ['"][./]*netlify\/functions/.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
