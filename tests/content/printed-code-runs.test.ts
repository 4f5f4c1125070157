import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ProtoWallet, PrivateKey, Utils } from '@bsv/sdk';
import { describe, expect, it } from 'vitest';

/**
 * Printed functions that a reader would paste run as printed (the example defects): the
 * block is taken from the chapter's text, written beside the project's own modules (so it resolves
 * the same @bsv/sdk) and imported, then called with good and bad input.
 */
const root = path.resolve('.');

function printedBlock(chapter: string, marker: string): string {
  const text = readFileSync(path.join(root, 'content', 'chapters', `${chapter}.md`), 'utf8');
  const blocks = [...text.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
  const found = blocks.find((b) => b.includes(marker));
  if (!found) throw new Error(`${chapter}: no printed block with ${marker}`);
  return found;
}

async function importPrinted<T>(chapter: string, marker: string): Promise<T> {
  const dir = path.join(root, 'node_modules', '.cache', 'printed-code-runs');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${chapter}-${marker}.ts`);
  writeFileSync(file, printedBlock(chapter, marker));
  return (await import(/* @vite-ignore */ file)) as T;
}

describe("chapter 4's isAuthentic, as printed", () => {
  it('accepts a post its author signed, and answers false (never throws) for forged, tampered or malformed records', async () => {
    const { isAuthentic } = await importPrinted<{ isAuthentic: (record: number[], signature: number[]) => Promise<boolean> }>('chapter-04', 'isAuthentic');
    const authorWallet = new ProtoWallet(PrivateKey.fromRandom());
    const { publicKey: author } = await authorWallet.getPublicKey({ identityKey: true });
    const record = Utils.toArray(JSON.stringify({ author, parent: '', bodyHash: 'ab'.repeat(32), createdAt: '2026-11-24T10:00:00Z' }), 'utf8');
    const { signature } = await authorWallet.createSignature({ data: record, protocolID: [2, 'branchline post'], keyID: '1', counterparty: 'anyone' });
    expect(await isAuthentic(record, signature)).toBe(true);

    const tampered = Utils.toArray(Utils.toUTF8(record).replace('2026', '2025'), 'utf8');
    expect(await isAuthentic(tampered, signature)).toBe(false);
    const other = new ProtoWallet(PrivateKey.fromRandom());
    const forged = (await other.createSignature({ data: record, protocolID: [2, 'branchline post'], keyID: '1', counterparty: 'anyone' })).signature;
    expect(await isAuthentic(record, forged)).toBe(false);
    for (const malformed of ['{"author":', 'not json', '[]', 'null', '{"author":42}', '{}']) {
      await expect(isAuthentic(Utils.toArray(malformed, 'utf8'), signature), malformed).resolves.toBe(false);
    }
    // An author named 'anyone' or 'self' is the key of private key 1, which everyone holds: a forgery anyone can sign.
    const everyone = new ProtoWallet('anyone');
    for (const name of ['anyone', 'self']) {
      const spoof = Utils.toArray(JSON.stringify({ author: name, parent: '', bodyHash: 'ab'.repeat(32), createdAt: '2026-11-24T10:00:00Z' }), 'utf8');
      const spoofSignature = (await everyone.createSignature({ data: spoof, protocolID: [2, 'branchline post'], keyID: '1', counterparty: 'anyone' })).signature;
      expect(await isAuthentic(spoof, spoofSignature), name).toBe(false);
    }
  });
});

describe("chapter 5's reviewed pay(), as printed", () => {
  it('pays the amount with change and a full fee, and refuses, naming the shortfall, when the input cannot cover amount and fee', async () => {
    const { P2PKH, Transaction } = await import('@bsv/sdk');
    const { pay } = await importPrinted<{ pay: (sourceHex: string, vout: number, to: string, sats: number) => Promise<InstanceType<typeof Transaction>> }>('chapter-05', 'export async function pay');
    const payer = PrivateKey.fromRandom();
    process.env['PAYER_WIF'] = payer.toWif();
    const funding = (satoshis: number) => new Transaction(1, [], [{ lockingScript: new P2PKH().lock(payer.toAddress()), satoshis }], 0).toHex();
    const to = PrivateKey.fromRandom().toAddress();

    const tx = await pay(funding(5_000), 0, to, 1_000);
    expect(tx.outputs[0]?.satoshis).toBe(1_000);
    expect(tx.outputs).toHaveLength(2);
    const fee = 5_000 - tx.outputs.reduce((sum, o) => sum + (o.satoshis ?? 0), 0);
    expect(fee).toBeGreaterThanOrEqual(Math.ceil((tx.toBinary().length * 100) / 1000));

    // 1,000 in, 990 out: the fee (about 20 satoshis) does not fit. Before, the change output was
    // dropped and the transaction paid a 10-satoshi fee, below the rate, without a word.
    await expect(pay(funding(1_000), 0, to, 990)).rejects.toThrow(/short by \d+ satoshis/);
    await expect(pay(funding(1_000), 0, to, 1_500)).rejects.toThrow(/short by \d+ satoshis/);
    // The change goes back to the payer's own key, whatever network its address is written for.
    expect(tx.outputs[1]?.lockingScript.toHex()).toBe(new P2PKH().lock(payer.toPublicKey().toHash()).toHex());
    // Without a key in the environment, it says so rather than failing inside the SDK.
    delete process.env['PAYER_WIF'];
    await expect(pay(funding(5_000), 0, to, 1_000)).rejects.toThrow(/set PAYER_WIF/);
  });
});

describe("chapter 16's acceptPayment, as printed", () => {
  it('serves a payment once, and refuses stale, malformed, short and replayed ones, before or after the wallet is asked', async () => {
    const { P2PKH, Transaction } = await import('@bsv/sdk');
    type Headers = { beef: string; sender: string; nonce: string; time: string; vout: number };
    const { acceptPayment } = await importPrinted<{ acceptPayment: (wallet: unknown, h: Headers, price: number, recent: Map<string, number>) => Promise<string | undefined> }>(
      'chapter-16',
      'export async function acceptPayment',
    );
    const asked: string[] = [];
    let answer: () => Promise<{ accepted: boolean; isMerge?: boolean }> = async () => ({ accepted: true });
    const wallet = {
      internalizeAction: async (args: { tx: number[] }) => {
        asked.push(Transaction.fromAtomicBEEF(args.tx).id('hex'));
        return await answer();
      },
    };
    const pay = (sats: number, time = String(Date.now())): Headers => {
      const tx = new Transaction(1, [], [{ lockingScript: new P2PKH().lock(PrivateKey.fromRandom().toAddress()), satoshis: sats }], 0);
      return { beef: Utils.toBase64(tx.toAtomicBEEF()), sender: PrivateKey.fromRandom().toPublicKey().toString(), nonce: 'bm9uY2U=', time, vout: 0 };
    };
    const recent = new Map<string, number>();
    const good = pay(80);
    expect(await acceptPayment(wallet, good, 80, recent)).toBeUndefined();
    expect(await acceptPayment(wallet, good, 80, recent)).toBe('payment already used');
    expect(asked).toHaveLength(1); // the replay never reached the wallet
    expect(await acceptPayment(wallet, pay(79), 80, recent)).toBe('below the price');
    expect(await acceptPayment(wallet, pay(80, String(Date.now() - 60_000)), 80, recent)).toBe('stale timestamp');
    expect(await acceptPayment(wallet, { ...pay(80), time: 'soon' }, 80, recent)).toBe('stale timestamp');
    expect(await acceptPayment(wallet, { ...pay(80), beef: 'AAAA' }, 80, recent)).toBe('not Atomic BEEF');
    // A payment the wallet already holds (isMerge) is refused; one it refuses may be tried again.
    answer = async () => ({ accepted: true, isMerge: true });
    expect(await acceptPayment(wallet, pay(80), 80, recent)).toBe('payment already used');
    answer = async () => {
      throw new Error('output does not pay the derived key');
    };
    const refused = pay(80);
    expect(await acceptPayment(wallet, refused, 80, recent)).toBe('payment not accepted');
    answer = async () => ({ accepted: true });
    expect(await acceptPayment(wallet, refused, 80, recent)).toBeUndefined();
  });
});
