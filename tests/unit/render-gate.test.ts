import { describe, expect, it } from 'vitest';
import { createRenderGate } from '../../src/domain/render-gate.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('createRenderGate', () => {
  it('runs the work for a key once while 40 callers wait for it, and again after it ended', async () => {
    const gate = createRenderGate(2);
    let calls = 0;
    const work = async () => {
      calls += 1;
      await tick();
      return calls;
    };
    const results = await Promise.all(Array.from({ length: 40 }, () => gate.run('idea-1', work)));
    expect(calls).toBe(1);
    expect(new Set(results)).toEqual(new Set([1]));
    await gate.run('idea-1', work);
    expect(calls).toBe(2);
  });

  it('runs at most `limit` keys at a time, and a failure frees its slot', async () => {
    const gate = createRenderGate(2);
    let running = 0;
    let peak = 0;
    const work = (fail: boolean) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
      if (fail) throw new Error('render failed');
      return 'ok';
    };
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => gate.run(`idea-${i}`, work(i % 3 === 0))));
    expect(peak).toBe(2);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
  });
});
