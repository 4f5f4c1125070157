import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Beef, Hash, MerklePath, P2PKH, PrivateKey, PushDrop, Script, OP, Transaction, UnlockingScript, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

const ok = (r: { code: number | null; stderr: string }): void => {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
};

describe('Chapter 20 examples', () => {
  it('pay-per-article-split pays author and publisher in one transaction with a memo, delivered as Atomic BEEF', async () => {
    const author = PrivateKey.fromRandom().toAddress('testnet');
    const publisher = PrivateKey.fromRandom().toAddress('testnet');
    // The quote carries a secret id; the publisher unlocks only for a payment sent back with it,
    // which a watcher who saw the broadcast transaction cannot do.
    const quoteId = Utils.toHex(PrivateKey.fromRandom().toArray()).slice(0, 32);
    let delivered: { beef: Buffer; txidHeader: string | undefined } | undefined;
    ctx.net.route('news.example.org', (req) => {
      if (req.url.pathname === '/api/quote/2025-06-01-grid-storage') {
        return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ articleId: '2025-06-01-grid-storage', quoteId, authorAddress: author, publisherAddress: publisher, authorSatoshis: 700, publisherSatoshis: 300 }) };
      }
      if (req.method === 'POST' && req.url.pathname === '/api/unlock/2025-06-01-grid-storage') {
        if (req.headers['x-quote-id'] !== quoteId) return { status: 403, body: 'no quote for this session' };
        const header = req.headers['x-payment-txid'];
        delivered = { beef: req.body, txidHeader: Array.isArray(header) ? header[0] : header };
        return { status: 200, body: 'Grid storage, explained.' };
      }
      return { status: 404 };
    });
    const r = await ctx.run('pay-per-article-split');
    ok(r);
    expect(r.stdout.trim()).toBe('Grid storage, explained.');
    if (delivered === undefined) throw new Error('the publisher received nothing');
    const tx = Transaction.fromAtomicBEEF(Array.from(delivered.beef));
    expect(delivered.txidHeader).toBe(tx.id('hex'));
    expect(await tx.verify(ctx.chain)).toBe(true);
    expect(tx.outputs.slice(0, 3).map((o) => [o.lockingScript.toHex(), o.satoshis])).toEqual([
      [new P2PKH().lock(author).toHex(), 700],
      [new P2PKH().lock(publisher).toHex(), 300],
      [new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('article.unlock.v1', 'utf8')).writeBin(Utils.toArray('2025-06-01-grid-storage', 'utf8')).toHex(), 0],
    ]);
    // A quote above the reader's cap, or for another article, is refused before anything is paid.
    const quotes = [
      { articleId: '2025-06-01-grid-storage', quoteId, authorAddress: author, publisherAddress: publisher, authorSatoshis: 4_000, publisherSatoshis: 1_500 },
      { articleId: '2024-01-01-other', quoteId, authorAddress: author, publisherAddress: publisher, authorSatoshis: 700, publisherSatoshis: 300 },
    ];
    for (const [i, quote] of quotes.entries()) {
      ctx.net.route('news.example.org', () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(quote) }));
      const accepted = ctx.chain.accepted.length;
      const refused = await ctx.run('pay-per-article-split');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(i === 0 ? /Refusing a quote of 5500 satoshis \(at most 5000\)/ : /The quote is for 2024-01-01-other, not 2025-06-01-grid-storage/);
      expect(ctx.chain.accepted.length).toBe(accepted);
    }
  });

  it('verify-received-payment accepts a correct payment only after output checks and SPV, and broadcasts it to testnet ARC', async () => {
    const run = await ctx.driver(
      'verify-received-payment',
      `import { acceptPayment } from './verify-payment.ts'
import { Utils } from '@bsv/sdk'
const [beefHex = '', expected = ''] = process.argv.slice(2)
try {
  console.log(JSON.stringify({ txid: await acceptPayment(Utils.toArray(beefHex, 'hex'), JSON.parse(expected)) }))
} catch (e) {
  console.log(JSON.stringify({ error: (e as Error).message }))
}
`,
    );
    const author = PrivateKey.fromRandom().toAddress('testnet');
    const publisher = PrivateKey.fromRandom().toAddress('testnet');
    const memo = (id: string): string => new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('article.unlock.v1', 'utf8')).writeBin(Utils.toArray(id, 'utf8')).toHex();
    const { tx, txid } = await ctx.wallet.createAction({
      description: 'Unlock one article',
      outputs: [
        { lockingScript: new P2PKH().lock(author).toHex(), satoshis: 700, outputDescription: 'Author share' },
        { lockingScript: new P2PKH().lock(publisher).toHex(), satoshis: 300, outputDescription: 'Publisher share' },
        { lockingScript: memo('a-1'), satoshis: 0, outputDescription: 'Article memo' },
      ],
    });
    if (tx === undefined) throw new Error('no tx');
    const expected = { articleId: 'a-1', authorAddress: author, publisherAddress: publisher, authorSatoshis: 700, publisherSatoshis: 300 };
    // Every run shares one working folder, as one publisher's server would share its store.
    const spentDir = await workDir();
    const accept = async (beef: number[] | Uint8Array, exp: object): Promise<{ txid?: string; error?: string }> => {
      const r = await run({ args: [Utils.toHex(Array.from(beef)), JSON.stringify(exp)], cwd: spentDir });
      ok(r);
      return JSON.parse(r.stdout) as { txid?: string; error?: string };
    };
    expect(await accept(tx, expected)).toEqual({ txid });
    expect(ctx.net.calls('testnet.arc.gorillapool.io').at(-1)).toMatchObject({ method: 'POST', status: 200 });
    // Replay: the same payment presented again unlocks nothing (defect 1).
    expect(await accept(tx, expected)).toEqual({ error: 'Payment already used' });
    expect(ctx.net.calls('api.whatsonchain.com').some((c) => c.url.includes('/v1/bsv/test/block/'))).toBe(true);
    expect(await accept(tx, { ...expected, authorSatoshis: 701 })).toEqual({ error: 'Author share missing' });
    expect(await accept(tx, { ...expected, publisherAddress: PrivateKey.fromRandom().toAddress('testnet') })).toEqual({ error: 'Publisher share missing' });
    expect(await accept(tx, { ...expected, articleId: 'a-2' })).toEqual({ error: 'Memo does not name this article' });
    // A quote naming one address for both shares: the 700-satoshi output cannot pay 700 and 300 at once.
    expect(await accept(tx, { ...expected, publisherAddress: author })).toEqual({ error: 'Author share missing' });
    // A forged payment: right outputs, but the input's unlocking script does not satisfy its lock.
    const original = Transaction.fromAtomicBEEF(tx);
    const source = original.inputs[0]?.sourceTransaction;
    if (source === undefined) throw new Error('no source');
    const forged = new Transaction(1, [{ sourceTransaction: source, sourceOutputIndex: original.inputs[0]?.sourceOutputIndex ?? 0, unlockingScript: UnlockingScript.fromHex('00'), sequence: 0xffffffff }], original.outputs, 0);
    const forgedResult = await accept(forged.toAtomicBEEF(), expected);
    expect(forgedResult.txid).toBeUndefined();
    expect(forgedResult.error).toMatch(/SPV|verif|script|fail/i);

    // A new payment submitted four times at once: exactly one unlock.
    const second = await ctx.wallet.createAction({
      description: 'Unlock one article',
      outputs: [
        { lockingScript: new P2PKH().lock(author).toHex(), satoshis: 700, outputDescription: 'Author share' },
        { lockingScript: new P2PKH().lock(publisher).toHex(), satoshis: 300, outputDescription: 'Publisher share' },
        { lockingScript: memo('a-1'), satoshis: 0, outputDescription: 'Article memo' },
      ],
    });
    if (second.tx === undefined) throw new Error('no tx');
    const raced = await Promise.all(Array.from({ length: 4 }, async () => await accept(second.tx ?? [], expected)));
    expect(raced.filter((r) => r.txid === second.txid)).toHaveLength(1);
    expect(raced.filter((r) => r.error === 'Payment already used')).toHaveLength(3);
  });

  it('timestamp-anchor-service anchors a file hash, completes the proof once mined, and re-checks it from headers alone', async () => {
    const run = await ctx.driver(
      'timestamp-anchor-service',
      `import { anchorFile, completeProof, checkStamp } from './timestamp-service.ts'
const [step = '', file = ''] = process.argv.slice(2)
const result = step === 'anchor' ? await anchorFile(file) : step === 'complete' ? await completeProof(file) : await checkStamp(file)
console.log(JSON.stringify(result))
`,
    );
    const dir = await workDir();
    const file = path.join(dir, 'model-card.md');
    await writeFile(file, '# Model card\nTrained on public data.\n');
    const anchored = await run({ args: ['anchor', file] });
    ok(anchored);
    const txid = JSON.parse(anchored.stdout) as string;
    const stamp = JSON.parse(await readFile(`${file}.stamp.json`, 'utf8')) as { sha256: string; txid: string };
    expect(stamp).toMatchObject({ txid, sha256: Utils.toHex(Hash.sha256(Utils.toArray('# Model card\nTrained on public data.\n', 'utf8'))) });
    const before = await run({ args: ['complete', file] });
    expect(JSON.parse(before.stdout)).toBe(false); // not mined yet
    expect(JSON.parse((await run({ args: ['check', file] })).stdout)).toBe(false);
    ctx.chain.mine();
    expect(JSON.parse((await run({ args: ['complete', file] })).stdout)).toBe(true);
    const completed = JSON.parse(await readFile(`${file}.stamp.json`, 'utf8')) as { bump: string };
    expect(MerklePath.fromHex(completed.bump).blockHeight).toBe(ctx.chain.height);
    expect(ctx.net.calls('testnet.arc.gorillapool.io').some((c) => c.method === 'GET' && c.url.endsWith(txid))).toBe(true);
    expect(JSON.parse((await run({ args: ['check', file] })).stdout)).toBe(true);
    await writeFile(file, '# Model card\nTrained on private data.\n');
    expect(JSON.parse((await run({ args: ['check', file] })).stdout)).toBe(false);
    // The file's digest anchored under another application's tag is not this service's stamp.
    const other = path.join(dir, 'notes.md');
    await writeFile(other, 'meeting notes');
    const digest = Hash.sha256(Utils.toArray('meeting notes', 'utf8'));
    const foreign = new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('other.app.v1', 'utf8')).writeBin(digest);
    const made = await ctx.wallet.createAction({ description: 'Another app', outputs: [{ lockingScript: foreign.toHex(), satoshis: 0, outputDescription: 'Other anchor' }] });
    if (made.tx === undefined || made.txid === undefined) throw new Error('no tx');
    ctx.chain.mine();
    const bump = ctx.chain.get(made.txid)?.merklePath?.toHex();
    await writeFile(`${other}.stamp.json`, JSON.stringify({ sha256: Utils.toHex(digest), txid: made.txid, atomicBeef: Utils.toHex(made.tx), bump }));
    expect(JSON.parse((await run({ args: ['check', other] })).stdout)).toBe(false);
    // A stamp carrying another transaction's path is refused, not a crash.
    await writeFile(`${file}.stamp.json`, JSON.stringify({ ...completed, ...stamp, bump }));
    await writeFile(file, '# Model card\nTrained on public data.\n');
    const crossed = await run({ args: ['check', file] });
    expect(crossed.stderr).toBe('');
    expect(JSON.parse(crossed.stdout)).toBe(false);
  });

  it('pushdrop-token-transfer keeps the token at its data fields plus one signature across transfers, and only the recipient can take it in', async () => {
    const run = await ctx.driver(
      'pushdrop-token-transfer',
      `import { mint, transfer, receive, type VoucherTransfer } from './pushdrop-token.ts'
import { Utils } from '@bsv/sdk'
const [step = '', a = '', b = ''] = process.argv.slice(2)
try {
  if (step === 'mint') console.log(JSON.stringify(await mint(a, b)))
  if (step === 'transfer') { const t = await transfer(a, b); console.log(JSON.stringify({ ...t, beef: Utils.toHex(t.beef) })) }
  if (step === 'receive') { const t = JSON.parse(a) as VoucherTransfer & { beef: string }; await receive({ ...t, beef: Utils.toArray(t.beef as unknown as string, 'hex') }); console.log('"received"') }
} catch (e) { console.log(JSON.stringify({ error: (e as Error).message })) }
`,
    );
    const alice = ctx.newWallet();
    const bob = ctx.newWallet();
    const carol = ctx.newWallet();
    const as = async (w: typeof alice, args: string[]): Promise<unknown> => {
      ctx.net.wallet = w;
      const r = await run({ args });
      ok(r);
      return JSON.parse(r.stdout) as unknown;
    };
    const tokenOf = (t: { beef: string; outputIndex: number }): number[][] => {
      const tx = Transaction.fromAtomicBEEF(Utils.toArray(t.beef, 'hex'));
      const out = tx.outputs[t.outputIndex];
      if (out === undefined) throw new Error('no token output');
      return PushDrop.decode(out.lockingScript).fields;
    };
    await as(alice, ['mint', 'voucher-7', '10% off']);
    expect(alice.basket('loyalty-vouchers')).toHaveLength(1);

    const toBob = (await as(alice, ['transfer', 'voucher-7', bob.identityKey])) as { beef: string; outputIndex: number; senderIdentityKey: string };
    expect(toBob.senderIdentityKey).toBe(alice.identityKey);
    const fields1 = tokenOf(toBob);
    expect(fields1.length).toBe(3); // voucherId, value, one signature
    expect(fields1.slice(0, 2).map((f) => Utils.toUTF8(f))).toEqual(['voucher-7', '10% off']);
    expect(alice.basket('loyalty-vouchers')).toHaveLength(0);

    // Carol cannot take in a token locked to Bob.
    expect(await as(carol, ['receive', JSON.stringify(toBob)])).toEqual({ error: 'Voucher is not locked to this wallet' });
    // A token whose data was altered after signing is refused.
    const forged = { ...toBob, senderIdentityKey: carol.identityKey };
    expect(await as(bob, ['receive', JSON.stringify(forged)])).toMatchObject({ error: expect.any(String) });
    expect(await as(bob, ['receive', JSON.stringify(toBob)])).toBe('received');
    expect(bob.basket('loyalty-vouchers')).toHaveLength(1);

    // Bob passes it on: still three fields, the signature now Bob's.
    const toCarol = (await as(bob, ['transfer', 'voucher-7', carol.identityKey])) as { beef: string; outputIndex: number };
    const fields2 = tokenOf(toCarol);
    expect(fields2.length).toBe(3);
    expect(fields2.slice(0, 2)).toEqual(fields1.slice(0, 2));
    expect(fields2[2]).not.toEqual(fields1[2]);
    expect(await as(carol, ['receive', JSON.stringify(toCarol)])).toBe('received');
    expect(carol.basket('loyalty-vouchers')).toHaveLength(1);
    // Every transfer was a valid spend on the chain, and the BEEF carries the whole history.
    expect(Beef.fromBinary(Transaction.fromAtomicBEEF(Utils.toArray(toCarol.beef, 'hex')).toBEEF()).txs.length).toBeGreaterThanOrEqual(3);
  });
});
