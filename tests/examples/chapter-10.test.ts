import { Hash, P2PKH, PrivateKey, ProtoWallet, Transaction, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Attestation {
  type: 'job-attestation.v1';
  subject: string;
  attester: string;
  payment: { txid: string; vout: number };
  jobId: string;
  amountBand: string;
  completedAt: string;
  scores: { quality: number; timeliness: number; communication: number };
  commentHash: string;
  signature: string;
}
type Fields = Omit<Attestation, 'type' | 'attester' | 'commentHash' | 'signature'>;
interface Attest {
  attest: (w: ProtoWallet, a: Fields, comment: string) => Promise<{ attestation: Attestation; commentSalt: string }>;
  verifyAttestation: (a: Attestation, payment: Transaction) => Promise<string[]>;
}
interface Vault {
  seal: (w: ProtoWallet, id: string, data: unknown) => Promise<string>;
  open: (w: ProtoWallet, id: string, sealed: string) => Promise<unknown>;
}

describe('Chapter 10 examples', () => {
  it('reputation-attestation: a signed review of a paid job, in the chapter\'s format, verifies; a rewritten one, another payment or another signer does not', async () => {
    const m = (await import(ctx.example('reputation-attestation').file)) as Attest;
    const client = new ProtoWallet(PrivateKey.fromRandom());
    const worker = PrivateKey.fromRandom();
    const payment = ctx.chain.fundAddress(worker.toAddress('testnet'), 40_000);
    const fields: Fields = {
      subject: worker.toPublicKey().toString(), payment: { txid: payment.id('hex'), vout: 0 }, jobId: 'job-1',
      amountBand: '100-500 USD', completedAt: '2026-03-12', scores: { quality: 4, timeliness: 5, communication: 4 },
    };
    const { attestation: signed, commentSalt } = await m.attest(client, fields, 'good');
    expect(signed).toMatchObject({ type: 'job-attestation.v1', attester: (await client.getPublicKey({ identityKey: true })).publicKey });
    expect(signed.commentHash).toBe(Utils.toHex(Hash.sha256([...Utils.toArray(commentSalt, 'hex'), ...Utils.toArray('good', 'utf8')])));
    expect(await m.verifyAttestation(signed, payment)).toEqual([]);
    // The same format as pay-and-attest-job: its field order and key ID check this signature too.
    const { attestationBytes } = (await import(ctx.example('pay-and-attest-job').file)) as { attestationBytes: (a: Omit<Attestation, 'signature'>) => number[] };
    const { signature, ...unsigned } = signed;
    const same = await new ProtoWallet('anyone').verifySignature({ data: attestationBytes(unsigned), signature: Utils.toArray(signature, 'hex'), protocolID: [2, 'job attestation'], keyID: `${fields.payment.txid}.0`, counterparty: signed.attester });
    expect(same.valid).toBe(true);
    expect(await m.verifyAttestation({ ...signed, scores: { ...signed.scores, quality: 5 } }, payment)).toEqual(['client signature does not match']);
    const other = ctx.chain.fundAddress(worker.toAddress('testnet'), 1);
    expect(await m.verifyAttestation(signed, other)).toEqual(['payment is not the transaction named']);
    // Moved to another payment: the signing key (derived for the outpoint) and the bytes both change.
    expect(await m.verifyAttestation({ ...signed, payment: { txid: other.id('hex'), vout: 0 } }, other)).toEqual(['client signature does not match']);
    const zero = new Transaction(1, [], [{ lockingScript: new P2PKH().lock(worker.toAddress()), satoshis: 0 }], 0);
    const { attestation: onZero } = await m.attest(client, { ...fields, payment: { txid: zero.id('hex'), vout: 0 } }, 'good');
    expect(await m.verifyAttestation(onZero, zero)).toEqual(['named output pays nothing']);
    // Someone else signing in the client's name.
    const { attestation: impostor } = await m.attest(new ProtoWallet(PrivateKey.fromRandom()), fields, 'good');
    expect(await m.verifyAttestation({ ...impostor, attester: signed.attester }, payment)).toEqual(['client signature does not match']);
    await expect(m.attest(client, { ...fields, scores: { ...fields.scores, quality: 9 } }, 'good')).rejects.toThrow(/scores/);

    const r = await ctx.run('reputation-attestation');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(['genuine: valid', 'comment rewritten: client signature does not match', 'other payment: payment is not the transaction named']);
  });

  it('encrypted-vault: the server stores ciphertext; only the owner, with the right record key, opens it', async () => {
    const m = (await import(ctx.example('encrypted-vault').file)) as Vault;
    const owner = new ProtoWallet(PrivateKey.fromRandom());
    const data = { iban: 'GB00TEST12345678', notes: 'é ü 漢字' };
    const sealed = await m.seal(owner, 'bank', data);
    // The stored bytes, decoded, do not contain the plaintext (the base64 text could hold 'GB00' by chance).
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('GB00TEST12345678');
    expect(await m.open(owner, 'bank', sealed)).toEqual(data);
    await expect(m.open(new ProtoWallet(PrivateKey.fromRandom()), 'bank', sealed)).rejects.toThrow();
    await expect(m.open(owner, 'other', sealed)).rejects.toThrow();
    // Two seals of the same data differ (fresh nonce), so ciphertexts do not reveal equal records.
    expect(await m.seal(owner, 'bank', data)).not.toBe(sealed);

    const r = await ctx.run('encrypted-vault');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(['server holds ciphertext only: true', 'owner opens it: true', 'another wallet opens it: false', 'wrong record key opens it: false']);
  });
});
