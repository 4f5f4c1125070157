import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OP, P2PKH, PrivateKey, ProtoWallet, PushDrop, Script, Transaction, UnlockingScript, Utils, type AdmittanceInstructions, type WalletInterface } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

describe('Chapter 6 examples', () => {
  it('verify-beef-with-spv accepts a valid BEEF (pending until mined), reports the block and its confirmations once mined, and rejects a forgery', async () => {
    const { tx } = await ctx.wallet.createAction({ description: 'A payment', outputs: [{ lockingScript: new P2PKH().lock(PrivateKey.fromRandom().toAddress('testnet')).toHex(), satoshis: 4_321, outputDescription: 'Payment' }] });
    if (tx === undefined) throw new Error('no tx');
    const payment = Transaction.fromAtomicBEEF(tx);
    const dir = await workDir();
    const file = path.join(dir, 'payment.beef.hex');
    await writeFile(file, payment.toHexBEEF());
    const pending = await ctx.run('verify-beef-with-spv', { args: [file] });
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(`valid: ${payment.id('hex')}`);
    expect(pending.stdout).toContain('not yet mined');
    expect(pending.stdout).toContain('#0: 4321 sats');
    const height = ctx.chain.mine();
    await writeFile(file, ctx.chain.get(payment.id('hex'))?.toHexBEEF() ?? '');
    const mined = await ctx.run('verify-beef-with-spv', { args: [file, payment.id('hex')] });
    expect(mined.code).toBe(0);
    expect(mined.stdout).toContain(`mined in block ${height}, 1 confirmation\n`);
    expect(ctx.net.calls('api.whatsonchain.com').map((c) => c.url)).toContainEqual(expect.stringContaining(`/v1/bsv/test/block/${height}/header`));
    // verify checks no depth: the example counts the blocks up to the tip itself.
    for (let i = 0; i < 5; i++) ctx.chain.mine();
    const buried = await ctx.run('verify-beef-with-spv', { args: [file, payment.id('hex')] });
    expect(buried.stdout).toContain(`mined in block ${height}, 6 confirmations\n`);
    // The same outputs, spending the same coin with a signature that does not fit.
    const source = payment.inputs[0]?.sourceTransaction;
    if (source === undefined) throw new Error('no source');
    const forged = new Transaction(1, [{ sourceTransaction: source, sourceOutputIndex: payment.inputs[0]?.sourceOutputIndex ?? 0, unlockingScriptTemplate: new P2PKH().unlock(PrivateKey.fromRandom()), sequence: 0xffffffff }], payment.outputs.map((o) => ({ ...o })), 0);
    await forged.sign();
    await writeFile(file, forged.toHexBEEF());
    const rejected = await ctx.run('verify-beef-with-spv', { args: [file] });
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain(`rejected ${forged.id('hex')}`);
    // Correctly signed, but paying out more than the coin holds: verify returns false, and says so.
    const owner = PrivateKey.fromRandom();
    const coin = ctx.chain.fund(new P2PKH().lock(owner.toAddress('testnet')), 1_000);
    const inflated = new Transaction(1, [{ sourceTransaction: coin, sourceOutputIndex: 0, unlockingScriptTemplate: new P2PKH().unlock(owner), sequence: 0xffffffff }], [{ lockingScript: new P2PKH().lock(PrivateKey.fromRandom().toAddress('testnet')), satoshis: 1_001 }], 0);
    await inflated.sign();
    await writeFile(file, inflated.toHexBEEF());
    const overspent = await ctx.run('verify-beef-with-spv', { args: [file] });
    expect(overspent.code).toBe(1);
    expect(overspent.stdout).toBe('');
    expect(overspent.stderr).toContain(`rejected ${inflated.id('hex')}: a script did not succeed or the outputs exceed the inputs`);
  });

  it('local-header-chain-tracker proves inclusion only against its own headers and with enough confirmations', async () => {
    const { tx } = await ctx.wallet.createAction({ description: 'Anchor', outputs: [{ lockingScript: '006a0474657374', satoshis: 0, outputDescription: 'Data' }] });
    if (tx === undefined) throw new Error('no tx');
    const txid = Transaction.fromAtomicBEEF(tx).id('hex');
    const height = ctx.chain.mine();
    const bump = ctx.chain.get(txid)?.merklePath?.toHex() ?? '';
    const dir = await workDir();
    const headers = path.join(dir, 'headers.json');
    const writeHeaders = async (): Promise<void> => {
      const records = [];
      for (let h = height - 2; h <= ctx.chain.height; h++) records.push({ height: h, merkleRoot: ctx.chain.rootAt(h) ?? '00'.repeat(32) });
      await writeFile(headers, JSON.stringify(records));
    };
    const raw = ctx.chain.get(txid)?.toHex() ?? '';
    const prove = async (rawHex: string): Promise<unknown> => {
      const r = await ctx.run('local-header-chain-tracker', { args: [bump, rawHex], env: { HEADERS_JSON: headers } });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as unknown;
    };
    await writeHeaders();
    expect(await prove(raw)).toEqual({ included: false, confirmations: 1 }); // in a block, but 1 < 6 confirmations
    for (let i = 0; i < 5; i++) ctx.chain.mine();
    await writeHeaders();
    expect(await prove(raw)).toEqual({ included: true, confirmations: 6 });
    // Another transaction with this proof: its own txid is not a leaf of the path, so the borrowed proof fails.
    const { tx: other } = await ctx.wallet.createAction({ description: 'Another', outputs: [{ lockingScript: '006a056f74686572', satoshis: 0, outputDescription: 'Data' }] });
    if (other === undefined) throw new Error('no tx');
    expect(await prove(Transaction.fromAtomicBEEF(other).toHex())).toEqual({ included: false, confirmations: 0 });
    // Headers from another chain: the same proof no longer checks out.
    await writeFile(headers, JSON.stringify([{ height, merkleRoot: '11'.repeat(32) }, { height: height + 5, merkleRoot: '22'.repeat(32) }]));
    expect(await prove(raw)).toEqual({ included: false, confirmations: 0 });
  });

  it('model-registry-topic-manager admits version 1, an update that spends its predecessor, and nothing else', async () => {
    const { identifyAdmissibleOutputs } = (await import(ctx.example('model-registry-topic-manager').file)) as { identifyAdmissibleOutputs: (beef: number[], previous: number[]) => Promise<AdmittanceInstructions> };
    const publisher = new ProtoWallet(PrivateKey.fromRandom()) as unknown as WalletInterface;
    const pushdrop = new PushDrop(publisher);
    const h = (s: string): number[] => Utils.toArray(Utils.toHex(Utils.toArray(s.padEnd(32, '.'), 'utf8')), 'hex');
    const token = async (id: string, version: string, opts: { weights?: number[]; sign?: boolean } = {}): Promise<Transaction> => {
      const lock = await pushdrop.lock([Utils.toArray(id, 'utf8'), opts.weights ?? h('w'), h('c'), Utils.toArray(version, 'utf8')], [1, 'model registry'], id, 'self', false, opts.sign ?? true);
      const funding = ctx.chain.fundAddress(PrivateKey.fromRandom().toAddress('testnet'), 10);
      return new Transaction(1, [{ sourceTransaction: funding, sourceOutputIndex: 0, unlockingScript: UnlockingScript.fromHex('00'), sequence: 0xffffffff }], [{ lockingScript: lock, satoshis: 1 }], 0);
    };
    const spend = async (prev: Transaction, next: Transaction): Promise<Transaction> => {
      return new Transaction(1, [{ sourceTransaction: prev, sourceOutputIndex: 0, unlockingScript: UnlockingScript.fromHex('00'), sequence: 0xffffffff }], next.outputs, 0);
    };
    const admit = async (t: Transaction, previous: number[] = []): Promise<AdmittanceInstructions> => await identifyAdmissibleOutputs(t.toBEEF(), previous);
    const v1 = await token('acme/model', '1');
    expect(await admit(v1)).toEqual({ outputsToAdmit: [0], coinsToRetain: [] });
    expect((await admit(await token('acme/model', '2'))).outputsToAdmit).toEqual([]); // v2 out of nowhere
    expect((await admit(await spend(v1, await token('acme/model', '2')), [0])).outputsToAdmit).toEqual([0]);
    expect(await admit(await spend(v1, await token('acme/model', '3')), [0])).toEqual({ outputsToAdmit: [], coinsToRetain: [0] }); // skips a version
    expect((await admit(await token('acme/model', '01'))).outputsToAdmit).toEqual([]); // not a canonical number
    expect((await admit(await token('Bad Id!', '1'))).outputsToAdmit).toEqual([]);
    expect((await admit(await token('acme/model', '1', { weights: [1, 2, 3] }))).outputsToAdmit).toEqual([]); // not a SHA-256
    expect((await admit(await token('acme/model', '1', { sign: false }))).outputsToAdmit).toEqual([]); // no signature field
    // One successor per registration, at output 0: spending v1 into two v2s with different weights
    // admits only the first, and a registration anywhere but output 0 is not admitted.
    const twoV2 = [...(await token('acme/model', '2')).outputs, ...(await token('acme/model', '2', { weights: h('other') })).outputs];
    expect((await admit(new Transaction(1, (await spend(v1, v1)).inputs, twoV2, 0), [0])).outputsToAdmit).toEqual([0]);
    const notFirst = await token('acme/model', '1');
    expect((await admit(new Transaction(1, notFirst.inputs, [{ lockingScript: new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN), satoshis: 0 }, ...notFirst.outputs], 0))).outputsToAdmit).toEqual([]);
    // Five well-formed fields, but the signature is by another key than the one that locks the token.
    const data = [Utils.toArray('acme/model', 'utf8'), h('w'), h('c'), Utils.toArray('1', 'utf8')];
    const { signature } = await new ProtoWallet(PrivateKey.fromRandom()).createSignature({ data: data.flat(), protocolID: [1, 'model registry'], keyID: 'acme/model', counterparty: 'self' });
    const forged = await token('acme/model', '1');
    const output = forged.outputs[0];
    if (output === undefined) throw new Error('no output');
    output.lockingScript = await pushdrop.lock([...data, signature], [1, 'model registry'], 'acme/model', 'self', false, false);
    expect((await admit(new Transaction(1, forged.inputs, [output], 0))).outputsToAdmit).toEqual([]);
    // Another key's version 1 of the same identifier is its own line; spending it into a replayed copy
    // of this publisher's version 2 (public fields and signature) admits nothing.
    const otherV1 = await token('acme/model', '1');
    const otherOutput = otherV1.outputs[0];
    if (otherOutput === undefined) throw new Error('no output');
    otherOutput.lockingScript = await new PushDrop(new ProtoWallet(PrivateKey.fromRandom()) as unknown as WalletInterface).lock(
      [Utils.toArray('acme/model', 'utf8'), h('w'), h('c'), Utils.toArray('1', 'utf8')],
      [1, 'model registry'],
      'acme/model',
      'self',
      false,
      true,
    );
    expect((await admit(otherV1)).outputsToAdmit).toEqual([0]);
    expect((await admit(await spend(otherV1, await token('acme/model', '2')), [0])).outputsToAdmit).toEqual([]);
  });
});
