import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { OP, PrivateKey, Script, Transaction, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Fleet {
  devices: number;
  eventsPerDevicePerDay: number;
  gateways: number;
  batchSeconds: number;
  anchorBytes: number;
  years: number;
}

describe('Chapter 18 examples', () => {
  it("gateway-anchor-planner reproduces the exercise's fleet figures, at the fee rate the broadcaster advertises", async () => {
    const { plan } = (await import(ctx.example('gateway-anchor-planner').file)) as {
      plan: (f: Fleet, rate: number) => { eventsPerSecond: number; anchorsPerDay: number; feeSatsPerDay: number; eventsPerBatch: number; proofBytes: number; headerMegabytes: number };
    };
    const fleet = { devices: 40_000_000, eventsPerDevicePerDay: 25, gateways: 5_000, batchSeconds: 60, anchorBytes: 309, years: 8 };
    const p = plan(fleet, 100);
    expect(Math.round(p.eventsPerSecond)).toBe(11_574);
    expect(p.anchorsPerDay).toBe(7_200_000);
    expect(p.feeSatsPerDay).toBe(223_200_000); // 7.2 million signed anchors x 31 satoshis
    expect(p.eventsPerBatch).toBe(139);
    expect(p.proofBytes).toBe(8 * 32);
    expect(p.headerMegabytes).toBeCloseTo(33.64, 2);
    expect(() => plan({ ...fleet, gateways: 0 }, 100)).toThrow(/gateways/);
    const r = await ctx.run('gateway-anchor-planner');
    expect(r.stderr).toBe('');
    // The fake ARC advertises 50 sat/kB: ceil(309 x 50 / 1000) = 16 satoshis an anchor.
    expect(r.stdout).toContain('anchors: 7,200,000 a day, 115,200,000 satoshis of fees at 50 sat/kB');
    expect(r.stdout).toContain('headers for 8 years: 33.64 MB');
  });

  it('offline-anchor-queue queues batches while offline and anchors each once, chained, when the link returns; a second flush anchors nothing again', async () => {
    const dir = await workDir();
    const run = (args: string[], env: Record<string, string> = {}) => ctx.run('offline-anchor-queue', { cwd: dir, args, env });
    const batches = [
      ['2026-11-24T02:00:00Z 4.1', '2026-11-24T02:01:00Z 4.3', '2026-11-24T02:02:00Z 4.2'],
      ['2026-11-24T02:03:00Z 4.4', '2026-11-24T02:04:00Z 4.0'],
      ['2026-11-24T02:05:00Z 3.9'],
    ];
    const before = ctx.chain.accepted.length;
    for (const readings of batches) {
      const r = await run(['close', ...readings]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^queued \d readings 2026-11-24T02:0\d:00Z to 2026-11-24T02:0\d:00Z, root [0-9a-f]{64}/);
    }
    // Offline: nothing broadcast yet.
    expect(ctx.chain.accepted.length).toBe(before);
    const { batchRoot } = (await import(ctx.example('offline-anchor-queue').file)) as { batchRoot: (r: string[]) => string };
    const queued = JSON.parse(await readFile(path.join(dir, 'anchor-queue.json'), 'utf8')) as { root: string; from: string; to: string }[];
    expect(queued.map((q) => q.root)).toEqual(batches.map(batchRoot));
    expect(queued[0]).toMatchObject({ from: '2026-11-24T02:00:00Z', to: '2026-11-24T02:02:00Z' });

    const key = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(key.toAddress('testnet'), 5_000);
    const env = { GATEWAY_WIF: key.toWif(), FUNDING_TX_HEX: funding.toHex() };
    const flushed = await run(['flush'], env);
    expect(flushed.stderr).toBe('');
    const anchors = ctx.chain.accepted.slice(before);
    expect(anchors).toHaveLength(3);
    anchors.forEach((tx, i) => {
      const q = queued[i];
      if (!q) throw new Error('no batch');
      const expected = new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('gateway.batch.v1', 'utf8')).writeBin(Utils.toArray(q.root, 'hex')).writeBin(Utils.toArray(`${q.from}/${q.to}`, 'utf8'));
      expect(tx.outputs[0]?.lockingScript.toHex()).toBe(expected.toHex());
      // Each anchor spends the change of the one before (the first spends the funding output).
      const spent = tx.inputs[0]?.sourceTXID ?? tx.inputs[0]?.sourceTransaction?.id('hex');
      expect(spent).toBe(i === 0 ? funding.id('hex') : anchors[i - 1]?.id('hex'));
    });
    expect(flushed.stdout.trim().split('\n')).toEqual(anchors.map((tx, i) => `${queued[i]?.from} to ${queued[i]?.to}: ${tx.id('hex')}`));
    // Saved progress: flushing again anchors nothing more.
    const again = await run(['flush'], env);
    expect(again.stderr).toBe('');
    expect(ctx.chain.accepted.length).toBe(before + 3);
    // A second outage: a new batch is queued and flushed with the same settings; it spends the last
    // anchor's change, not the funding output the first anchor already spent.
    expect((await run(['close', '2026-11-24T03:00:00Z 4.6'])).stderr).toBe('');
    const resumed = await run(['flush'], env);
    expect(resumed.stderr).toBe('');
    const fourth = ctx.chain.accepted[before + 3];
    expect(fourth?.inputs[0]?.sourceTXID ?? fourth?.inputs[0]?.sourceTransaction?.id('hex')).toBe(anchors[2]?.id('hex'));
    expect((await run(['close'])).stderr).toMatch(/empty batch/);
  });

  it('offline-anchor-queue sends the same transaction again when the answer to a broadcast is lost, so the chain never forks; a definite refusal is forgotten and rebuilt', async () => {
    const dir = await workDir();
    const run = (args: string[], env: Record<string, string> = {}) => ctx.run('offline-anchor-queue', { cwd: dir, args, env });
    for (const t of ['02:00', '02:01']) expect((await run(['close', `2026-11-24T${t}:00Z 4.1`])).stderr).toBe('');
    const key = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(key.toAddress('testnet'), 5_000);
    const env = { GATEWAY_WIF: key.toWif(), FUNDING_TX_HEX: funding.toHex() };
    const queue = async () => JSON.parse(await readFile(path.join(dir, 'anchor-queue.json'), 'utf8')) as { txid?: string; hex?: string }[];
    const before = ctx.chain.accepted.length;
    // An ARC that refuses outright (HTTP 465): nothing reached the network, so nothing is kept.
    ctx.net.route('arc.testnet.example', () => ({ status: 465, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 465, detail: 'fee too low' }) }));
    expect((await run(['flush'], { ...env, ARC_URL: 'https://arc.testnet.example' })).stderr).toMatch(/not anchored: fee too low/);
    expect((await queue()).map((b) => b.hex)).toEqual([undefined, undefined]);
    // An uplink that drops after the transaction reached ARC: the answer is lost (a 504).
    ctx.net.route('arc.testnet.example', async (req) => {
      if (req.method === 'POST' && req.url.pathname === '/v1/tx') {
        const { rawTx } = JSON.parse(new TextDecoder().decode(req.body)) as { rawTx: string };
        await ctx.chain.accept(Transaction.fromHexEF(rawTx));
        return { status: 504, body: 'gateway timeout' };
      }
      return { status: 404 };
    });
    expect((await run(['flush'], { ...env, ARC_URL: 'https://arc.testnet.example' })).stderr).toMatch(/not anchored/);
    expect(ctx.chain.accepted.length).toBe(before + 1);
    const sent = ctx.chain.accepted[before];
    expect((await queue())[0]).toMatchObject({ hex: sent?.toHex() });
    expect((await queue())[0]?.txid).toBeUndefined();
    // The link is back (at another fee rate): the first batch is the transaction already sent, and the
    // second spends its chain output; without the saved transaction a new one would double-spend the funding.
    const resumed = await run(['flush'], env);
    expect(resumed.stderr).toBe('');
    const anchors = ctx.chain.accepted.slice(before);
    expect(anchors).toHaveLength(2);
    expect(anchors[1]?.inputs[0]?.sourceTXID ?? anchors[1]?.inputs[0]?.sourceTransaction?.id('hex')).toBe(anchors[0]?.id('hex'));
    expect((await queue()).map((b) => b.txid)).toEqual(anchors.map((tx) => tx.id('hex')));
  });

  it('offline-anchor-queue keeps a transaction ARC reports as orphaned and resends it, and records the txid it computed, not one ARC names', async () => {
    const dir = await workDir();
    const run = (args: string[], env: Record<string, string> = {}) => ctx.run('offline-anchor-queue', { cwd: dir, args, env });
    expect((await run(['close', '2026-11-24T03:00:00Z 4.4'])).stderr).toBe('');
    const key = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(key.toAddress('testnet'), 5_000);
    const env = { GATEWAY_WIF: key.toWif(), FUNDING_TX_HEX: funding.toHex(), ARC_URL: 'https://arc.testnet.example' };
    const queue = async () => JSON.parse(await readFile(path.join(dir, 'anchor-queue.json'), 'utf8')) as { txid?: string; hex?: string }[];
    const before = ctx.chain.accepted.length;
    // ARC takes the transaction but answers with a status the SDK reports as a failure (an orphan):
    // it is on the network, so it must be sent again, never rebuilt into a second spend of the funding.
    const answer = (body: (txid: string) => Record<string, string>) =>
      ctx.net.route('arc.testnet.example', async (req) => {
        if (req.method === 'POST' && req.url.pathname === '/v1/tx') {
          const tx = Transaction.fromHexEF((JSON.parse(new TextDecoder().decode(req.body)) as { rawTx: string }).rawTx);
          await ctx.chain.accept(tx);
          return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body(tx.id('hex'))) };
        }
        return { status: 404 };
      });
    answer((txid) => ({ txid, txStatus: 'SEEN_IN_ORPHAN_MEMPOOL', extraInfo: '' }));
    expect((await run(['flush'], env)).stderr).toMatch(/not anchored: SEEN_IN_ORPHAN_MEMPOOL/);
    const sent = ctx.chain.accepted[before];
    expect((await queue())[0]).toMatchObject({ hex: sent?.toHex() });
    // An ARC that names another txid: the gateway does not write that id into its record.
    answer(() => ({ txid: 'ab'.repeat(32), txStatus: 'SEEN_ON_NETWORK', extraInfo: '' }));
    expect((await run(['flush'], env)).stderr).toMatch(new RegExp(`ARC answered for ${'ab'.repeat(32)}, not ${sent?.id('hex') ?? '-'}`));
    expect((await queue())[0]?.txid).toBeUndefined();
    answer((txid) => ({ txid, txStatus: 'SEEN_ON_NETWORK', extraInfo: '' }));
    expect((await run(['flush'], env)).stderr).toBe('');
    expect(ctx.chain.accepted.slice(before).map((tx) => tx.id('hex'))).toEqual([sent?.id('hex')]);
    expect((await queue())[0]?.txid).toBe(sent?.id('hex'));
  });

  it('offline-anchor-queue says so when the chain runs out of funds, and broadcasts nothing it cannot pay for', async () => {
    const dir = await workDir();
    const run = (args: string[], env: Record<string, string> = {}) => ctx.run('offline-anchor-queue', { cwd: dir, args, env });
    for (const t of ['02:00', '02:01', '02:02']) expect((await run(['close', `2026-11-24T${t}:00Z 4.1`])).stderr).toBe('');
    const key = PrivateKey.fromRandom();
    // At the fake ARC's 50 sat/kB an anchor of some 250 bytes pays over 11 satoshis: 22 pay for one, not two.
    const funding = ctx.chain.fundAddress(key.toAddress('testnet'), 22);
    const before = ctx.chain.accepted.length;
    const r = await run(['flush'], { GATEWAY_WIF: key.toWif(), FUNDING_TX_HEX: funding.toHex() });
    expect(r.stderr).toMatch(/not anchored: the chain's change no longer pays a fee; fund the gateway's key/);
    expect(ctx.chain.accepted.length).toBe(before + 1);
    const queue = JSON.parse(await readFile(path.join(dir, 'anchor-queue.json'), 'utf8')) as { txid?: string }[];
    expect(queue.map((b) => b.txid !== undefined)).toEqual([true, false, false]);
  });
});
