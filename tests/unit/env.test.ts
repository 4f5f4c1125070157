import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertDeployedEnv } from '../../netlify/functions/_shared/env.ts';

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
    expect(() => assertDeployedEnv({ CONTEXT: 'production', SESSION_SECRET: SECRET, ADMIN_PASSWORD: undefined })).not.toThrow();
    expect(() => assertDeployedEnv({})).not.toThrow();
    expect(() => assertDeployedEnv({ CONTEXT: 'dev' })).not.toThrow();
  });

  it('stops a function module from loading on a misconfigured deploy', async () => {
    process.env['CONTEXT'] = 'production';
    delete process.env['SESSION_SECRET'];
    await expect(import('../../netlify/functions/auth-user.mts')).rejects.toThrow(/SESSION_SECRET is not set/);
  });
});
