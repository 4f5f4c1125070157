import { describe, expect, it } from 'vitest';
import { loadWithRetry, retryDelay } from '../../src/lib/use-read.ts';

const noDelay = () => 0;

describe('loadWithRetry (the read policy of /ideas)', () => {
  it('returns the first success without retrying', async () => {
    let calls = 0;
    expect(
      await loadWithRetry(
        async () => ++calls,
        1,
        () => false,
        noDelay,
      ),
    ).toBe(1);
    expect(calls).toBe(1);
  });

  it('retries exactly `retry` times, then gives the last error', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      throw new Error(`failure ${calls}`);
    };
    await expect(loadWithRetry(load, 1, () => false, noDelay)).rejects.toThrow('failure 2');
    expect(calls).toBe(2);
    calls = 0;
    await expect(loadWithRetry(load, 0, () => false, noDelay)).rejects.toThrow('failure 1');
    expect(calls).toBe(1);
  });

  it('succeeds on the retry', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('flaky');
      return 'ok';
    };
    expect(await loadWithRetry(load, 1, () => false, noDelay)).toBe('ok');
  });

  it('stops retrying once cancelled (the component unmounted)', async () => {
    let calls = 0;
    let cancelled = false;
    const load = async () => {
      calls += 1;
      cancelled = true;
      throw new Error('gone');
    };
    await expect(loadWithRetry(load, 3, () => cancelled, noDelay)).rejects.toThrow('gone');
    expect(calls).toBe(1);
  });

  it('waits 1 s, 2 s, 4 s... between attempts, at most 30 s', () => {
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });
});
