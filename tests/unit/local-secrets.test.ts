import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminPasswordBanner, ensureLocalSecrets } from '../../scripts/local-secrets.ts';

const saved = { ...process.env };
let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-secrets-'));
  delete process.env['ADMIN_PASSWORD'];
  delete process.env['SESSION_SECRET'];
});
afterEach(async () => {
  process.env = { ...saved };
  await rm(dir, { recursive: true, force: true });
});

describe('the startup banner', () => {
  it('never prints an admin password that came from the environment', () => {
    process.env['ADMIN_PASSWORD'] = 'the-production-password-0123';
    const secrets = ensureLocalSecrets(dir);
    expect(secrets.adminPassword).toBe('the-production-password-0123');
    const line = adminPasswordBanner(secrets);
    expect(line).not.toContain('the-production-password-0123');
    expect(line).toContain('set by ADMIN_PASSWORD');
  });

  it('prints the locally generated one, which the developer needs', () => {
    const first = ensureLocalSecrets(dir);
    expect(adminPasswordBanner(first)).toContain(`${first.adminPassword} (generated)`);
    delete process.env['ADMIN_PASSWORD'];
    const again = ensureLocalSecrets(dir);
    expect(again.adminPassword).toBe(first.adminPassword);
    expect(adminPasswordBanner(again)).toContain(first.adminPassword);
    expect(adminPasswordBanner(again)).not.toContain('(generated)');
  });
});
