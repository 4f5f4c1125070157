import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hash, ProtoWallet, PushDrop, Transaction, Utils, type WalletInterface } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';
import type { TestWallet } from '../../src/sandbox/test-wallet.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

const PROTOCOL: [2, string] = [2, 'supply lot'];

/** RFC 8785 (JCS), as the examples serialise events before signing and hashing them. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
};

/**
 * A grower ships its lot token to the plant: it signs a shipping event, and spends the token into one
 * locked to a key the plant derives, carrying the same lot hash (no new lot) and that event's hash.
 */
async function ship(grower: TestWallet, plant: TestWallet, lotHash: string): Promise<string> {
  const { outputs, BEEF } = await grower.listOutputs({ basket: 'lots', tags: [lotHash], include: 'entire transactions' });
  const token = outputs[0];
  if (token === undefined || BEEF === undefined) throw new Error('no token');
  const [txid = '', vout = ''] = token.outpoint.split('.');
  const script = Transaction.fromBEEF(BEEF, txid).outputs[Number(vout)]?.lockingScript;
  if (script === undefined) throw new Error('no script');
  const pushdrop = new PushDrop(grower as unknown as WalletInterface);
  const shipping = { type: 'ObjectEvent', bizStep: 'shipping', lotHash, shipTo: plant.identityKey, observedAt: new Date().toISOString(), signer: grower.identityKey };
  const { signature } = await grower.createSignature({ data: Utils.toArray(canonical(shipping), 'utf8'), protocolID: [2, 'epcis event'], keyID: lotHash, counterparty: 'anyone' });
  const eventHash = Hash.sha256(Utils.toArray(canonical({ ...shipping, signature: Utils.toHex(signature) }), 'utf8'));
  const fields = [...PushDrop.decode(script).fields.slice(0, 3), eventHash];
  const lock = await pushdrop.lock(fields, PROTOCOL, lotHash, plant.identityKey);
  const { signableTransaction } = await grower.createAction({ description: 'Ship lot', inputBEEF: BEEF, inputs: [{ outpoint: token.outpoint, inputDescription: 'Lot', unlockingScriptLength: 73 }], outputs: [{ lockingScript: lock.toHex(), satoshis: 1, outputDescription: 'Shipped lot' }], options: { randomizeOutputs: false } });
  if (signableTransaction === undefined) throw new Error('not signable');
  const unlocking = await pushdrop.unlock(PROTOCOL, lotHash, 'self', 'all', false, 1, script).sign(Transaction.fromAtomicBEEF(signableTransaction.tx), 0);
  const { tx } = await grower.signAction({ reference: signableTransaction.reference, spends: { 0: { unlockingScript: unlocking.toHex() } } });
  if (tx === undefined) throw new Error('not signed');
  await plant.internalizeAction({ tx, description: 'Receive lot', outputs: [{ outputIndex: 0, protocol: 'basket insertion', insertionRemittance: { basket: 'lots', tags: [lotHash], customInstructions: JSON.stringify({ counterparty: grower.identityKey }) } }] });
  return Utils.toHex(eventHash);
}

describe('Chapter 12 examples', () => {
  it('commission, ship, transform and trace lots: the transaction graph mirrors the flow of goods', async () => {
    const dir = await workDir();
    const growerA = ctx.newWallet();
    const growerB = ctx.newWallet();
    const plant = ctx.newWallet();
    const commission = async (grower: TestWallet, lot: string, field: string): Promise<{ event: { lotHash: string; signer: string; signature: string } & Record<string, unknown>; salt: string; outpoint: string }> => {
      ctx.net.wallet = grower;
      const r = await ctx.run('commission-lot', { cwd: dir, args: ['00012345678905', lot, '500-1000kg', field, '740', 'kg'] });
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^lot ${lot} is token [0-9a-f]{64}\\.0 \\(lot hash [0-9a-f]{64}\\)`));
      return JSON.parse(await readFile(path.join(dir, `${lot}.event.json`), 'utf8')) as never;
    };
    const g114 = await commission(growerA, 'G-114', 'field 7');
    const g119 = await commission(growerB, 'G-119', 'field 3');
    // The event records FSMA 204's location, quantity and unit.
    expect([g114.event.location, g114.event.quantity, g114.event.unit]).toEqual(['field 7', 740, 'kg']);
    // The lot hash hides the lot number behind the salt; the token commits to the signed event.
    expect(g114.event.lotHash).toBe(Utils.toHex(Hash.sha256([...Utils.toArray(g114.salt, 'hex'), ...Utils.toArray('G-114', 'utf8')])));
    const token = ctx.chain.get(g114.outpoint.split('.')[0] ?? '')?.outputs[0];
    const fields = token === undefined ? [] : PushDrop.decode(token.lockingScript).fields;
    expect(fields.slice(0, 4).map((f, i) => (i === 0 || i === 2 ? Utils.toUTF8(f) : Utils.toHex(f)))).toEqual(['00012345678905', g114.event.lotHash, '500-1000kg', Utils.toHex(Hash.sha256(Utils.toArray(canonical(g114.event), 'utf8')))]);
    const { signature, ...unsigned } = g114.event;
    await expect(new ProtoWallet('anyone').verifySignature({ data: Utils.toArray(canonical(unsigned), 'utf8'), signature: Utils.toArray(signature, 'hex'), protocolID: [2, 'epcis event'], keyID: g114.event.lotHash, counterparty: growerA.identityKey })).resolves.toEqual({ valid: true });

    const shippedG114 = await ship(growerA, plant, g114.event.lotHash);
    await ship(growerB, plant, g119.event.lotHash);
    ctx.net.wallet = plant;
    const inputs = `${g114.event.lotHash},${g119.event.lotHash}`;
    const r = await ctx.run('transform-lots', { cwd: dir, args: [inputs, 'packing plant', '00012345678912:P-5521:200-400kg:310:kg', '00012345678912:P-5522:200-400kg:290:kg'] });
    expect(r.stderr).toBe('');
    const result = JSON.parse(r.stdout) as { txid: string; lots: { lotNumber: string; lotHash: string; outpoint: string }[] };
    expect(result.lots.map((l) => [l.lotNumber, l.outpoint])).toEqual([['P-5521', `${result.txid}.0`], ['P-5522', `${result.txid}.1`]]);
    const transform = ctx.chain.get(result.txid);
    if (transform === undefined) throw new Error('transformation not on chain');
    // P-5521's signed TransformationEvent names both inputs, the plant (the TLC source), quantity and unit; its token carries its hash.
    const p5521 = JSON.parse(await readFile(path.join(dir, 'P-5521.event.json'), 'utf8')) as { event: { signature: string } & Record<string, unknown> };
    expect(p5521.event).toMatchObject({ type: 'TransformationEvent', inputLotHashes: [g114.event.lotHash, g119.event.lotHash], location: 'packing plant', quantity: 310, unit: 'kg' });
    expect(Utils.toHex(PushDrop.decode(transform.outputs[0]?.lockingScript as never).fields[3] ?? [])).toBe(Utils.toHex(Hash.sha256(Utils.toArray(canonical(p5521.event), 'utf8'))));
    const { signature: plantSignature, ...plantUnsigned } = p5521.event;
    await expect(new ProtoWallet('anyone').verifySignature({ data: Utils.toArray(canonical(plantUnsigned), 'utf8'), signature: Utils.toArray(plantSignature, 'hex'), protocolID: [2, 'epcis event'], keyID: result.lots[0]?.lotHash ?? '', counterparty: plant.identityKey })).resolves.toEqual({ valid: true });
    // Both shipped lot tokens are spent by this one transaction.
    const isLot = (script: { toHex: () => string } | undefined): boolean => {
      try {
        return script !== undefined && PushDrop.decode(script as never).fields.length === 5;
      } catch {
        return false;
      }
    };
    const spentLots = transform.inputs.filter((i) => isLot(i.sourceTransaction?.outputs[i.sourceOutputIndex]?.lockingScript));
    expect(spentLots).toHaveLength(2);
    // The shipped token kept the lot hash and carries the shipping event's hash (receiving check 4; checklist item 4).
    const shippedFields = PushDrop.decode(transform.inputs[0]?.sourceTransaction?.outputs[0]?.lockingScript as never).fields;
    expect([Utils.toHex(shippedFields[1] ?? []), Utils.toHex(shippedFields[3] ?? [])]).toEqual([g114.event.lotHash, shippedG114]);
    // The wallet no longer offers a spent lot, and the ledger refuses a second spend of it.
    const again = await ctx.run('transform-lots', { cwd: dir, args: [g114.event.lotHash, 'packing plant', '00012345678912:P-9999:1-2kg:1:kg'] });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/is not held by this wallet/);
    const replay = new Transaction(transform.version, transform.inputs.map((i) => ({ ...i })), transform.outputs.slice(0, 1), transform.lockTime);
    expect(await ctx.chain.accept(replay)).toMatchObject({ ok: false, status: 'DOUBLE_SPEND_ATTEMPTED' });

    const beefFile = path.join(dir, 'p5521.beef.hex');
    await writeFile(beefFile, transform.toHexBEEF());
    const traced = await ctx.run('trace-lot', { cwd: dir, args: [beefFile, result.txid, '0'] });
    expect(traced.stderr).toBe('');
    const lines = traced.stdout.trim().split('\n');
    const short = (h: string): string => h.slice(0, 12);
    expect(lines).toHaveLength(6);
    // The walk says what it did not check: a look-alike token would pass it.
    expect(lines[5]).toMatch(/^not checked: who minted each lot\./);
    expect(lines[0]).toMatch(new RegExp(`^lot ${short(result.lots[0]?.lotHash ?? '')}… GTIN 00012345678912, 200-400kg`));
    expect(lines.filter((l) => l.startsWith(`  lot ${short(g114.event.lotHash)}`) || l.startsWith(`    lot ${short(g114.event.lotHash)}`))).toHaveLength(2); // shipped and commissioned
    expect(lines.filter((l) => l.includes(short(g119.event.lotHash)))).toHaveLength(2);
    // A package whose ancestor was altered (a shipped token's signature), relinked so every input still
    // finds its source, is refused when SPV runs the scripts, before anything is traced.
    const shipTx = transform.inputs[0]?.sourceTransaction;
    const shippedScript = shipTx?.inputs[0]?.unlockingScript?.toHex() ?? '';
    expect(shippedScript.length).toBeGreaterThan(100);
    const forgedScript = shippedScript.slice(0, 20) + (shippedScript[20] === '0' ? '1' : '0') + shippedScript.slice(21);
    const reversed = (txid: string): string => Utils.toHex(Utils.toArray(txid, 'hex').reverse());
    const forgedShipId = Transaction.fromHex((shipTx?.toHex() ?? '').replace(shippedScript, forgedScript)).id('hex');
    const forgedBeef = transform.toHexBEEF().replace(shippedScript, forgedScript).replace(reversed(shipTx?.id('hex') ?? ''), reversed(forgedShipId));
    await writeFile(beefFile, forgedBeef);
    const forged = await ctx.run('trace-lot', { cwd: dir, args: [beefFile, Transaction.fromHexBEEF(forgedBeef).id('hex'), '0'] });
    expect(forged.code).not.toBe(0);
    expect(forged.stdout).toBe('');
    expect(forged.stderr).toMatch(/Script evaluation error/);
  });
});
