import { describe, expect, it } from 'vitest';
import { passwordMatches } from '../../src/domain/admin/password.ts';
import { FailureLimiter, MemoryCounterStore } from '../../src/domain/admin/rate-limit.ts';
import { checkDownloadSignature, signedDownloadPath } from '../../src/domain/admin/signed-url.ts';
import { formatMegabytes } from '../../src/domain/epub/result.ts';
import { exportSettingsSchema } from '../../src/domain/epub/settings.ts';

describe('passwordMatches', () => {
  it('accepts only the exact password', () => {
    expect(passwordMatches('s3cret pass', 's3cret pass')).toBe(true);
    expect(passwordMatches('s3cret pas', 's3cret pass')).toBe(false);
    expect(passwordMatches('S3cret pass', 's3cret pass')).toBe(false);
    expect(passwordMatches('', '')).toBe(false);
  });
});

describe('FailureLimiter', () => {
  const limits = { perClient: 3, global: 5, windowMs: 60_000 };

  it('blocks a client at its limit until the window ends, and a success clears it', async () => {
    let now = 1_000_000;
    const limiter = new FailureLimiter(new MemoryCounterStore(), limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.check('a')).toEqual({ allowed: true });
      await limiter.recordFailure('a');
    }
    expect(await limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await limiter.check('b')).toEqual({ allowed: true });
    now += 30_000;
    expect(await limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect(await limiter.check('a')).toEqual({ allowed: true });
    await limiter.recordFailure('b');
    await limiter.recordSuccess('b');
    expect(await limiter.check('b')).toEqual({ allowed: true });
  });

  it('blocks everyone at the global limit', async () => {
    const limiter = new FailureLimiter(new MemoryCounterStore(), limits, () => 0);
    for (const client of ['a', 'a', 'b', 'b', 'c']) await limiter.recordFailure(client);
    expect((await limiter.check('fresh')).allowed).toBe(false);
  });
});

describe('signed download paths', () => {
  const secret = new TextEncoder().encode('a-secret-of-at-least-32-bytes-long-for-tests');
  const other = new TextEncoder().encode('another-secret-of-at-least-32-bytes-long!!');
  const id = 'lq0abc12-AbCdEfGhIjKlMnOpQrStUv';

  it('verifies its own signature until it expires', () => {
    const now = 1_700_000_000_000;
    const [, , , , pid = '', expires = '', sig = ''] = signedDownloadPath(id, secret, now).split('/');
    expect(pid).toBe(id);
    expect(Number(expires)).toBe(now / 1000 + 300);
    expect(checkDownloadSignature(id, expires, sig, [secret], now)).toBe('valid');
    expect(checkDownloadSignature(id, expires, sig, [other, secret], now)).toBe('valid');
    expect(checkDownloadSignature(id, expires, sig, [secret], now + 301_000)).toBe('expired');
    expect(checkDownloadSignature(id, expires, sig, [other], now)).toBe('invalid');
    expect(checkDownloadSignature(`${id}x`, expires, sig, [secret], now)).toBe('invalid');
    expect(checkDownloadSignature(id, String(Number(expires) + 1), sig, [secret], now)).toBe('invalid');
    expect(checkDownloadSignature(id, 'soon', sig, [secret], now)).toBe('invalid');
    expect(checkDownloadSignature(id, expires, 'short', [secret], now)).toBe('invalid');
  });
});

describe('export settings and display', () => {
  it('validates title and author (1..200 after trimming) and booleans', () => {
    const ok = { title: '  The Book  ', author: 'A', includeCodeExamples: true, includeResources: false };
    expect(exportSettingsSchema.parse(ok)).toEqual({ ...ok, title: 'The Book' });
    expect(exportSettingsSchema.safeParse({ ...ok, title: ' ' }).success).toBe(false);
    expect(exportSettingsSchema.safeParse({ ...ok, author: 'x'.repeat(201) }).success).toBe(false);
    expect(exportSettingsSchema.safeParse({ ...ok, includeResources: 'true' }).success).toBe(false);
    expect(exportSettingsSchema.safeParse({ ...ok, other: 1 }).success).toBe(false);
  });

  it('shows sizes in MB of 1048576 bytes to two decimals', () => {
    expect(formatMegabytes(1048576)).toBe('1.00 MB');
    expect(formatMegabytes(235_870)).toBe('0.22 MB');
    expect(formatMegabytes(5 * 1048576 + 524288)).toBe('5.50 MB');
  });
});

describe('download signatures are canonical', () => {
  it('refuses another spelling of the same signature bytes (the unused bits of the last character)', () => {
    const secret = new TextEncoder().encode('a-secret-of-at-least-thirty-two-bytes!!');
    const now = Date.now();
    for (let i = 0; i < 64; i += 1) {
      const [, , , , id = '', expires = '', sig = ''] = signedDownloadPath(`export-${i}`, secret, now).split('/');
      expect(checkDownloadSignature(id, expires, sig, [secret], now)).toBe('valid');
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(sig.at(-1) ?? 'A');
      const sibling = `${sig.slice(0, -1)}${alphabet[last ^ 1]}`; // same high bits, other padding bit
      expect(checkDownloadSignature(id, expires, sibling, [secret], now)).toBe('invalid');
    }
  });
});
