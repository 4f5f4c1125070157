import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Assumptions {
  name: string;
  feeRate: number;
  rateUnit: 'sat/vB' | 'sat/kB';
  size: number;
  usdPerCoin: number;
}

describe('Chapter 19 examples', () => {
  it('fee-comparison prices each chain from the stated rate, size and price, and refuses missing assumptions', async () => {
    const { price } = (await import(ctx.example('fee-comparison').file)) as { price: (a: Assumptions) => { feeSats: number; feeUsd: number; paymentsPerDollar: number } };
    // Chapter 3's figure: 226 bytes at 100 sat/kB is 23 satoshis.
    expect(price({ name: 'bsv', feeRate: 100, rateUnit: 'sat/kB', size: 226, usdPerCoin: 50 })).toMatchObject({ feeSats: 23, paymentsPerDollar: 86_956 });
    expect(price({ name: 'btc', feeRate: 5, rateUnit: 'sat/vB', size: 141, usdPerCoin: 90_000 })).toMatchObject({ feeSats: 705 });
    expect(price({ name: 'btc', feeRate: 5, rateUnit: 'sat/vB', size: 141, usdPerCoin: 90_000 }).feeUsd).toBeCloseTo(0.6345, 6);
    expect(() => price({ name: 'x', feeRate: 0, rateUnit: 'sat/kB', size: 226, usdPerCoin: 50 })).toThrow(/positive/);
    const r = await ctx.run('fee-comparison', { env: { BTC_SAT_PER_VB: '2', BTC_USD: '100000', BSV_SAT_PER_KB: '50', BSV_USD: '40' } });
    expect(r.stderr).toBe('');
    // 2 x 141 = 282 sat at US$100,000 = US$0.282; ceil(226 x 50 / 1000) = 12 sat at US$40 = US$0.0000048.
    expect(r.stdout).toContain('BTC (1-in 2-out P2WPKH, 141 vB): 282 sat, US$0.282');
    expect(r.stdout).toContain('BSV (1-in 2-out P2PKH, 226 bytes): 12 sat, US$0.00000480');
    expect(r.stdout).toContain('ratio: BTC fee is 58,750 times the BSV fee under these assumptions');
    // A fee spike (100 sat/vB): one payment costs more than a dollar, said as such rather than "0 payments".
    const spike = await ctx.run('fee-comparison', { env: { BTC_SAT_PER_VB: '100' } });
    expect(spike.stdout).toContain('BTC (1-in 2-out P2WPKH, 141 vB): 14,100 sat, US$12.7, more than a dollar of fees a payment');
    expect(spike.stdout).not.toContain(' 0 payments');
  });

  it('block-capacity turns block sizes into payments a second and back', async () => {
    const m = (await import(ctx.example('block-capacity').file)) as {
      perBlock: (b: number, t: number) => number;
      perSecond: (b: number, t: number, i?: number) => number;
      blockBytesFor: (tps: number, t: number, i?: number) => number;
    };
    expect(m.perBlock(1_000_000, 226)).toBe(4_424);
    expect(m.perSecond(1_000_000, 226)).toBeCloseTo(7.37, 2);
    expect(m.blockBytesFor(1_000_000, 226)).toBe(135_600_000_000);
    expect(m.perBlock(m.blockBytesFor(115_000, 226), 226) / 600).toBeCloseTo(115_000, 6);
    expect(() => m.perBlock(0, 226)).toThrow(/positive/);
    const r = await ctx.run('block-capacity');
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('1 MB: 4,424 payments a block, 7 a second');
    expect(r.stdout).toContain('1,000,000 payments a second needs blocks of about 126.3 GiB every ten minutes');
  });
});
