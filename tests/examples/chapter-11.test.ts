import { Hash, PrivateKey, ProtoWallet, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Receipt {
  receiptId: string;
  operatorKey: string;
  modelHash: string;
  policyHash: string;
  inputCommitment: string;
  decision: string;
  reasons: string[];
  issuedAt: string;
}
interface Receipts {
  issueReceipt: (w: ProtoWallet, input: unknown, f: Omit<Receipt, 'operatorKey' | 'inputCommitment'>) => Promise<{ signed: { receipt: Receipt; signature: string }; salt: string }>;
  checkReceipt: (s: { receipt: Receipt; signature: string }, input: unknown, salt: string, reg: { models: string[]; policies: string[] }, operatorKey: string) => Promise<string[]>;
}
const h = (s: string) => Utils.toHex(Hash.sha256(Utils.toArray(s, 'utf8')));

describe('Chapter 11 examples', () => {
  it('decision-receipt: the receipt checks out with its input and salt, and every kind of after-the-fact change is caught', async () => {
    const m = (await import(ctx.example('decision-receipt').file)) as Receipts;
    const operator = new ProtoWallet(PrivateKey.fromRandom());
    const reg = { models: [h('m1')], policies: [h('p1')] };
    const input = { score: 612 };
    const { signed, salt } = await m.issueReceipt(operator, input, { receiptId: 'r-1', modelHash: h('m1'), policyHash: h('p1'), decision: 'decline', reasons: ['score below 620'], issuedAt: '2026-01-01T00:00:00Z' });
    const { publicKey: operatorKey } = await operator.getPublicKey({ identityKey: true });
    expect(await m.checkReceipt(signed, input, salt, reg, operatorKey)).toEqual([]);
    // The receipt alone does not reveal the input: the bare input's hash is not the commitment.
    expect(signed.receipt.inputCommitment).not.toBe(Utils.toHex(Hash.sha256(Utils.toArray(JSON.stringify(input), 'utf8'))));
    expect(await m.checkReceipt(signed, { score: 700 }, salt, reg, operatorKey)).toEqual(['input does not open the commitment']);
    expect(await m.checkReceipt({ ...signed, receipt: { ...signed.receipt, reasons: [] } }, input, salt, reg, operatorKey)).toEqual(['operator signature does not match']);
    expect(await m.checkReceipt(signed, input, salt, { models: [h('m2')], policies: [] }, operatorKey)).toEqual(['model was not registered', 'policy was not registered']);
    // A forger signs a receipt of its own, naming its own key: only the lender's key as the checker knows it catches it.
    const forged = await m.issueReceipt(new ProtoWallet(PrivateKey.fromRandom()), input, { receiptId: 'r-1', modelHash: h('m1'), policyHash: h('p1'), decision: 'approved', reasons: [], issuedAt: '2026-01-01T00:00:00Z' });
    expect(await m.checkReceipt(forged.signed, input, forged.salt, reg, operatorKey)).toEqual(['not signed by the expected operator']);
    // No key from outside the receipt, no check passes: the check is never skipped.
    const unchecked = m.checkReceipt as unknown as (...args: unknown[]) => Promise<string[]>;
    expect(await unchecked(forged.signed, input, forged.salt, reg)).toEqual(['not signed by the expected operator']);

    const r = await ctx.run('decision-receipt');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual([
      'receipt as issued: checks out',
      'data the lender later claims it used: input does not open the commitment',
      'decision edited afterwards: operator signature does not match',
      'model swapped after a complaint: model was not registered',
    ]);
  });

  it('audit-sample: the same block hash gives the same sample to anyone; another block another; indices distinct, in range and unbiased', async () => {
    const { auditSample } = (await import(ctx.example('audit-sample').file)) as { auditSample: (hash: string, population: number, size: number) => number[] };
    const block = h('block 900000');
    const a = auditSample(block, 1_200_000, 400);
    expect(a).toEqual(auditSample(block, 1_200_000, 400));
    expect(new Set(a).size).toBe(400);
    expect(a.every((i) => Number.isInteger(i) && i >= 0 && i < 1_200_000)).toBe(true);
    expect(auditSample(h('block 900001'), 1_200_000, 400)).not.toEqual(a);
    // Every index of a small population is drawn, and a full sample is a permutation.
    expect(auditSample(block, 10, 10).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Roughly uniform: 30,000 draws from 3 buckets land within 3% of a third each.
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i += 1) for (const x of auditSample(h(`b${i}`), 3, 3).slice(0, 1)) counts[x] = (counts[x] ?? 0) + 1;
    for (const c of counts) expect(Math.abs(c / 10_000 - 1 / 3)).toBeLessThan(0.03);
    expect(() => auditSample('xyz', 10, 1)).toThrow(/64 hex/);
    expect(() => auditSample(block, 10, 11)).toThrow(/size/);

    const r = await ctx.run('audit-sample', { args: [block, '1200000', '5'] });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(`sample of 5 from 1200000: ${a.slice(0, 5).join(', ')}`);
  });
});
