import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hash, OP, P2PKH, PrivateKey, Script, Transaction, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

describe('Chapter 5 examples', () => {
  it('reviewed-p2pkh-payment pays the recipient, returns change, verifies locally and broadcasts to testnet ARC', async () => {
    const payer = PrivateKey.fromRandom();
    const recipient = PrivateKey.fromRandom().toAddress('testnet');
    const funding = ctx.chain.fundAddress(payer.toAddress('testnet'), 50_000);
    const before = ctx.chain.accepted.length;
    const r = await ctx.run('reviewed-p2pkh-payment', { env: { PAYER_WIF: payer.toWif() }, args: [funding.toHex(), '0', recipient, '12000'] });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tx = ctx.chain.accepted[before];
    expect(tx, 'the fake ARC accepted a script-valid transaction').toBeDefined();
    if (tx === undefined) return;
    expect(r.stdout).toContain(`accepted: ${tx.id('hex')}`);
    expect(tx.outputs[0]?.lockingScript.toHex()).toBe(new P2PKH().lock(recipient).toHex());
    expect(tx.outputs[0]?.satoshis).toBe(12_000);
    // Change goes back to the payer's testnet address; the fee is what is left, and small.
    expect(tx.outputs[1]?.lockingScript.toHex()).toBe(new P2PKH().lock(payer.toAddress('testnet')).toHex());
    const fee = 50_000 - 12_000 - (tx.outputs[1]?.satoshis ?? 0);
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(100);
    expect(r.stdout).toContain(`fee: ${fee} sats`);
    // Testnet by default, through the SDK's default ARC, with no key when none is configured.
    const calls = ctx.net.calls('testnet.arc.gorillapool.io');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', status: 200 });
    expect(calls.at(-1)?.authorization).toBeUndefined();
    // The fee rate came from the broadcaster's policy (GET /v1/policy), not a hard-coded value: the
    // fake ARC advertises 50 sat/kB, so a 226-byte payment pays ceil(226 x 50 / 1000) = 12.
    expect(calls.some((c) => c.method === 'GET' && c.url.endsWith('/v1/policy'))).toBe(true);
    const size = tx.toBinary().length;
    expect(fee).toBeLessThanOrEqual(Math.ceil(((size + 2) * ctx.chain.policy.miningFee.satoshis) / ctx.chain.policy.miningFee.bytes));
    expect(fee).toBeLessThan(Math.ceil((size * 100) / 1000)); // not the SDK's fallback rate
  });

  it('reviewed-p2pkh-payment sends ARC_API_KEY to the ARC named by ARC_URL, and mainnet only when asked', async () => {
    const payer = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(payer.toAddress('testnet'), 20_000);
    const r = await ctx.run('reviewed-p2pkh-payment', {
      env: { PAYER_WIF: payer.toWif(), ARC_URL: 'https://arc-test.taal.com', ARC_API_KEY: 'testnet_key_123' },
      args: [funding.toHex(), '0', PrivateKey.fromRandom().toAddress('testnet'), '1000'],
    });
    expect(r.code).toBe(0);
    expect(ctx.net.calls('arc-test.taal.com').at(-1)?.authorization).toBe('Bearer testnet_key_123');

    const main = await ctx.run('reviewed-p2pkh-payment', {
      env: { PAYER_WIF: payer.toWif(), BSV_NETWORK: 'main' },
      args: [ctx.chain.fundAddress(payer.toAddress(), 20_000).toHex(), '0', PrivateKey.fromRandom().toAddress(), '1000'],
    });
    expect(main.code).toBe(0);
    expect(ctx.net.calls('arc.gorillapool.io').at(-1)).toMatchObject({ method: 'POST', status: 200 });
  });

  it('reviewed-p2pkh-payment refuses bad input before signing anything', async () => {
    const payer = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(payer.toAddress('testnet'), 5_000).toHex();
    const count = ctx.chain.accepted.length;
    const cases: [Record<string, string>, string[], RegExp][] = [
      [{}, [funding, '0', PrivateKey.fromRandom().toAddress('testnet'), '1000'], /Set PAYER_WIF/],
      [{ PAYER_WIF: payer.toWif() }, [funding, '0', PrivateKey.fromRandom().toAddress('testnet'), '10.5'], /Not an integer satoshi amount/],
      [{ PAYER_WIF: payer.toWif() }, [funding, '0', PrivateKey.fromRandom().toAddress('testnet'), '9000'], /not enough/],
      // Covers the amount but not the fee: refused, never sent with the change dropped and the fee short.
      [{ PAYER_WIF: payer.toWif() }, [funding, '0', PrivateKey.fromRandom().toAddress('testnet'), '4995'], /short by \d+ for 4995 plus the fee/],
      [{ PAYER_WIF: payer.toWif() }, [funding, '0', PrivateKey.fromRandom().toAddress('mainnet'), '1000'], /not a testnet address/],
      // An ARC_URL whose policy asks 50 times the usual rate: refused, not paid from the whole source output.
      [{ PAYER_WIF: payer.toWif(), ARC_URL: 'https://greedy-arc.test' }, [funding, '0', PrivateKey.fromRandom().toAddress('testnet'), '1000'], /asks 5000 sat\/kB, above the 1,000 sat\/kB this script pays/],
    ];
    ctx.net.route('greedy-arc.test', () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ policy: { miningFee: { satoshis: 5, bytes: 1 } } }) }));
    for (const [env, args, message] of cases) {
      const r = await ctx.run('reviewed-p2pkh-payment', { env, args });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(message);
    }
    expect(ctx.chain.accepted.length).toBe(count);
  });

  it('sign-and-verify-record: the genuine record verifies; a tampered record or another key does not', async () => {
    const r = await ctx.run('sign-and-verify-record');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(['genuine record verifies: true', 'tampered record verifies: false', 'wrong key verifies: false']);
  });

  it('timestamp-digest-op-return anchors only the file digest in a zero-satoshi OP_FALSE OP_RETURN output', async () => {
    const key = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(key.toAddress('testnet'), 10_000);
    const dir = await workDir();
    const file = path.join(dir, 'contract.pdf');
    const contents = 'the contract text, version 3';
    await writeFile(file, contents);
    const before = ctx.chain.accepted.length;
    const r = await ctx.run('timestamp-digest-op-return', { cwd: dir, env: { ANCHOR_WIF: key.toWif() }, args: [file, funding.toHex(), '0'] });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tx = ctx.chain.accepted[before];
    if (tx === undefined) throw new Error('nothing broadcast');
    const digest = Hash.sha256(Utils.toArray(contents, 'utf8'));
    const anchor = tx.outputs[0];
    expect(anchor?.satoshis).toBe(0);
    const expected = new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('doc-anchor/v1', 'utf8')).writeBin(digest);
    expect(anchor?.lockingScript.toHex()).toBe(expected.toHex());
    expect(anchor?.lockingScript.toHex()).not.toContain(Utils.toHex(Utils.toArray(contents, 'utf8')));
    expect(tx.outputs[1]?.lockingScript.toHex()).toBe(new P2PKH().lock(key.toAddress('testnet')).toHex());
    expect(JSON.parse(r.stdout)).toEqual({ file, sha256: Utils.toHex(digest), rawTx: tx.toHex(), txid: tx.id('hex') });
    expect(ctx.net.calls('testnet.arc.gorillapool.io').length).toBeGreaterThan(0);
    // The fee follows the rate the broadcaster advertises, not a number in the code.
    expect(ctx.net.calls('testnet.arc.gorillapool.io').some((c) => c.method === 'GET' && c.url.endsWith('/v1/policy'))).toBe(true);
    // At the advertised 50 sat/kB, not the 100 the example used to hard-code (the SDK's pre-signing
    // size estimate may be a byte or two above the signed size).
    const paid = 10_000 - tx.outputs.reduce((sum, o) => sum + (o.satoshis ?? 0), 0);
    const at = (bytes: number, rate: number) => Math.ceil((bytes * rate) / 1000);
    const size = tx.toBinary().length;
    expect(paid).toBeGreaterThanOrEqual(at(size, ctx.chain.policy.miningFee.satoshis));
    expect(paid).toBeLessThanOrEqual(at(size + 2, ctx.chain.policy.miningFee.satoshis));
    expect(paid).toBeLessThan(at(size, 100));
    // A funding output too small for the fee, or one that does not exist: refused before anything is broadcast.
    const accepted = ctx.chain.accepted.length;
    const tiny = await ctx.run('timestamp-digest-op-return', { cwd: dir, env: { ANCHOR_WIF: key.toWif() }, args: [file, ctx.chain.fundAddress(key.toAddress('testnet'), 3).toHex(), '0'] });
    expect(tiny.code).not.toBe(0);
    expect(tiny.stderr).toMatch(/Output holds 3 sats: short by \d+ for the fee/);
    const missing = await ctx.run('timestamp-digest-op-return', { cwd: dir, env: { ANCHOR_WIF: key.toWif() }, args: [file, funding.toHex(), '1'] });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('The funding transaction has no output 1');
    expect(ctx.chain.accepted.length).toBe(accepted);
  });
  it('both broadcasting examples refuse an ARC that reports another txid than the transaction they signed', async () => {
    const other = 'ab'.repeat(32);
    ctx.net.route('arc.liar.example', async (req) => {
      if (req.method === 'POST' && req.url.pathname === '/v1/tx') {
        await ctx.chain.accept(Transaction.fromHexEF((JSON.parse(new TextDecoder().decode(req.body)) as { rawTx: string }).rawTx));
        return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ txid: other, txStatus: 'SEEN_ON_NETWORK', extraInfo: '' }) };
      }
      return { status: 404 };
    });
    const key = PrivateKey.fromRandom();
    const dir = await workDir();
    const file = path.join(dir, 'contract.pdf');
    await writeFile(file, 'the contract text, version 4');
    const stamp = await ctx.run('timestamp-digest-op-return', { cwd: dir, env: { ANCHOR_WIF: key.toWif(), ARC_URL: 'https://arc.liar.example' }, args: [file, ctx.chain.fundAddress(key.toAddress('testnet'), 10_000).toHex(), '0'] });
    expect(stamp.code).not.toBe(0);
    expect(stamp.stderr).toContain(`https://arc.liar.example reported ${other}, not `);
    expect(stamp.stdout).toBe('');
    const payer = PrivateKey.fromRandom();
    const pay = await ctx.run('reviewed-p2pkh-payment', { env: { PAYER_WIF: payer.toWif(), ARC_URL: 'https://arc.liar.example' }, args: [ctx.chain.fundAddress(payer.toAddress('testnet'), 50_000).toHex(), '0', PrivateKey.fromRandom().toAddress('testnet'), '12000'] });
    expect(pay.code).not.toBe(0);
    expect(pay.stderr).toContain(`https://arc.liar.example reported ${other}, not `);
    expect(pay.stdout).not.toContain('accepted:');
  });
});
