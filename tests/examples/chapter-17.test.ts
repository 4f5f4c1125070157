import { PrivateKey, ProtoWallet } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface QuoteInput {
  sendCents: number;
  onRampSpreadBps: number;
  serviceFeeCents: number;
  offRampSpreadBps: number;
  cashOutFeeBps: number;
  usdPerBsv: number;
  paymentBytes: number;
}
interface Record_ {
  originatorName: string;
  originatorAccount: string;
  beneficiaryName: string;
  beneficiaryAccount: string;
  amountCents: number;
  transferId: string;
}
interface Travel {
  sealForAgent: (w: ProtoWallet, agentKey: string, r: Record_) => Promise<{ ciphertext: string; senderKey: string; commitment: string }>;
  openAtAgent: (w: ProtoWallet, e: { ciphertext: string; senderKey: string; commitment: string }, id: string, committed: string) => Promise<Record_>;
}

describe('Chapter 17 examples', () => {
  it("remittance-quote itemises every cost (the exercise's US$200 transfer costs US$8.77) and takes the network fee from the broadcaster's policy", async () => {
    const { quote } = (await import(ctx.example('remittance-quote').file)) as {
      quote: (q: QuoteInput, rate: number) => { lines: [string, number][]; receivedCents: number; totalCostCents: number; costPercent: number; networkFeeSats: number };
    };
    const q = quote({ sendCents: 20_000, onRampSpreadBps: 120, serviceFeeCents: 150, offRampSpreadBps: 150, cashOutFeeBps: 100, usdPerBsv: 50, paymentBytes: 226 }, 100);
    expect(q.networkFeeSats).toBe(23);
    expect(q.receivedCents).toBe(19_123);
    expect(q.totalCostCents).toBe(877);
    expect(q.costPercent).toBe(4.4);
    expect(q.lines.map(([label]) => label)).toEqual(['on-ramp spread', 'service fee', 'network fee', 'off-ramp spread', 'cash-out fee']);
    expect(() => quote({ sendCents: 100, onRampSpreadBps: 0, serviceFeeCents: 150, offRampSpreadBps: 0, cashOutFeeBps: 0, usdPerBsv: 50, paymentBytes: 226 }, 100)).toThrow(/exceed/);
    expect(() => quote({ sendCents: Number.NaN, onRampSpreadBps: 0, serviceFeeCents: 0, offRampSpreadBps: 0, cashOutFeeBps: 0, usdPerBsv: 50, paymentBytes: 226 }, 100)).toThrow(/sendCents/);
    const r = await ctx.run('remittance-quote');
    expect(r.stderr).toBe('');
    // The fake ARC advertises 50 sat/kB: ceil(226 x 50 / 1000) = 12.
    expect(r.stdout).toContain('network fee: 12 satoshis at 50 sat/kB');
    expect(r.stdout).toContain('family receives: US$191.23; total cost 4.4%');
    expect(ctx.net.calls('testnet.arc.gorillapool.io').some((c) => c.method === 'GET' && c.url.endsWith('/v1/policy'))).toBe(true);
  });

  it('travel-rule-record: the agent reads the record and checks it against the payment; other payments, altered envelopes and other agents fail', async () => {
    const m = (await import(ctx.example('travel-rule-record').file)) as Travel;
    const sender = new ProtoWallet(PrivateKey.fromRandom());
    const agent = new ProtoWallet(PrivateKey.fromRandom());
    const { publicKey: agentKey } = await agent.getPublicKey({ identityKey: true });
    const record = { originatorName: 'A', originatorAccount: 'a-1', beneficiaryName: 'B', beneficiaryAccount: 'b-1', amountCents: 5_000, transferId: 't-1' };
    const env = await m.sealForAgent(sender, agentKey, record);
    expect(env.ciphertext).not.toContain('b-1');
    expect(await m.openAtAgent(agent, env, 't-1', env.commitment)).toEqual(record);
    await expect(m.openAtAgent(agent, env, 't-1', 'ab'.repeat(32))).rejects.toThrow(/does not match/);
    await expect(m.openAtAgent(agent, env, 't-2', env.commitment)).rejects.toThrow();
    await expect(m.openAtAgent(new ProtoWallet(PrivateKey.fromRandom()), env, 't-1', env.commitment)).rejects.toThrow();
    // The same record sealed twice commits differently (fresh salt): the chain never links transfers by content.
    expect((await m.sealForAgent(sender, agentKey, record)).commitment).not.toBe(env.commitment);
    const r = await ctx.run('travel-rule-record');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/commitment for the payment: [0-9a-f]{64}\nagent reads: Jose Santos\nagainst another payment: record does not match the commitment in the payment\nanother agent cannot read it/);
  });
});
