import { describe, expect, it } from 'vitest';
import { attemptAdminPassword } from '../../src/domain/admin/attempt.ts';
import { MemoryCounterStore } from '../../src/domain/admin/rate-limit.ts';
import { checkDownloadSignature, signedDownloadPath } from '../../src/domain/admin/signed-url.ts';
import { formatMegabytes } from '../../src/domain/epub/result.ts';
import { exportSettingsSchema } from '../../src/domain/epub/settings.ts';
import { clientBucket } from '../../src/domain/security/client-address.ts';
import { constantTimeEqual } from '../../src/domain/security/constant-time.ts';

describe('constantTimeEqual', () => {
  it('accepts only the exact value', () => {
    expect(constantTimeEqual('s3cret pass', 's3cret pass')).toBe(true);
    expect(constantTimeEqual('s3cret pas', 's3cret pass')).toBe(false);
    expect(constantTimeEqual('S3cret pass', 's3cret pass')).toBe(false);
    expect(constantTimeEqual('', 'x')).toBe(false);
  });
});

describe('attemptAdminPassword', () => {
  const limits = { perClient: 3, windowMs: 60_000, slowDownAfter: 4, slowDownStepMs: 1000, slowDownMaxMs: 2500 };
  function ports(now: () => number) {
    const sleeps: number[] = [];
    const alerts: string[] = [];
    let comparisons = 0;
    const p = {
      counters: new MemoryCounterStore(),
      matches: (s: string) => {
        comparisons += 1;
        return s === 'right';
      },
      sleep: async (ms: number) => void sleeps.push(ms),
      alert: (m: string) => void alerts.push(m),
      now,
    };
    return { p, sleeps, alerts, comparisons: () => comparisons };
  }

  it('limits a client to its attempts per window, counted before comparing, and a success clears them', async () => {
    let now = 1_000_000;
    const { p, comparisons } = ports(() => now);
    for (let i = 0; i < 3; i++) expect(await attemptAdminPassword('a', 'wrong', p, limits)).toEqual({ kind: 'refused' });
    expect(await attemptAdminPassword('a', 'right', p, limits)).toEqual({ kind: 'limited', retryAfterSeconds: 60 });
    expect(comparisons()).toBe(3);
    expect(await attemptAdminPassword('b', 'right', p, limits)).toEqual({ kind: 'accepted' });
    now += 30_000;
    expect(await attemptAdminPassword('a', 'right', p, limits)).toEqual({ kind: 'limited', retryAfterSeconds: 30 });
    now += 30_000;
    expect(await attemptAdminPassword('a', 'wrong', p, limits)).toEqual({ kind: 'refused' });
    expect(await attemptAdminPassword('a', 'right', p, limits)).toEqual({ kind: 'accepted' });
    for (let i = 0; i < 2; i++) await attemptAdminPassword('a', 'wrong', p, limits);
    expect(await attemptAdminPassword('a', 'right', p, limits)).toEqual({ kind: 'accepted' });
  });

  it("never refuses a fresh client for others' failures: it slows everyone down and alerts instead", async () => {
    const { p, sleeps, alerts } = ports(() => 0);
    for (const client of ['a', 'a', 'a', 'b', 'b', 'b', 'c', 'c']) await attemptAdminPassword(client, 'wrong', p, limits);
    expect(alerts).toHaveLength(2); // at 4 and 8 failures
    expect(alerts[0]).toMatch(/4 failed attempts from all clients.*distributed guessing/);
    expect(sleeps).toEqual([1000, 1000, 1000, 1000]); // attempts 5..8 found 4..7 failures
    expect(await attemptAdminPassword('fresh', 'right', p, limits)).toEqual({ kind: 'accepted' });
    expect(sleeps.at(-1)).toBe(2000);
    for (let i = 0; i < 12; i++) await attemptAdminPassword(`d${i}`, 'wrong', p, limits);
    expect(sleeps.at(-1)).toBe(2500); // capped
  });

  it('refuses a blank password without comparing', async () => {
    const { p, comparisons } = ports(() => 0);
    expect(await attemptAdminPassword('a', '  ', p, limits)).toEqual({ kind: 'refused' });
    expect(comparisons()).toBe(0);
  });
});

describe('clientBucket', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket('::ffff:1.2.3.4.5')).toBe('unknown');
    expect(clientBucket(undefined)).toBe('unknown');
    expect(clientBucket('not an address')).toBe('unknown');
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
    // One spelling of the expiry: the same number with a leading zero is refused.
    expect(checkDownloadSignature(id, `0${expires}`, sig, [secret], now)).toBe('invalid');
    expect(checkDownloadSignature(id, `00${expires}`, sig, [secret], now)).toBe('invalid');
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
