import { P2PKH, PrivateKey, ProtoWallet, Transaction } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Attestation {
  clientKey: string;
  workerKey: string;
  jobId: string;
  paymentTxid: string;
  paymentVout: number;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}
interface Attest {
  attest: (w: ProtoWallet, a: Omit<Attestation, 'clientKey'>) => Promise<{ attestation: Attestation; signature: string }>;
  verifyAttestation: (s: { attestation: Attestation; signature: string }, payment: Transaction) => Promise<string[]>;
}
interface Vault {
  seal: (w: ProtoWallet, id: string, data: unknown) => Promise<string>;
  open: (w: ProtoWallet, id: string, sealed: string) => Promise<unknown>;
}

describe('Chapter 10 examples', () => {
  it('reputation-attestation: a signed review of a paid job verifies; a rewritten one, another payment or another signer does not', async () => {
    const m = (await import(ctx.example('reputation-attestation').file)) as Attest;
    const client = new ProtoWallet(PrivateKey.fromRandom());
    const worker = PrivateKey.fromRandom();
    const payment = ctx.chain.fundAddress(worker.toAddress('testnet'), 40_000);
    const signed = await m.attest(client, { workerKey: worker.toPublicKey().toString(), jobId: 'job-1', paymentTxid: payment.id('hex'), paymentVout: 0, rating: 4, comment: 'good' });
    expect(await m.verifyAttestation(signed, payment)).toEqual([]);
    expect(await m.verifyAttestation({ ...signed, attestation: { ...signed.attestation, rating: 5 } }, payment)).toEqual(['client signature does not match']);
    const other = ctx.chain.fundAddress(worker.toAddress('testnet'), 1);
    expect(await m.verifyAttestation(signed, other)).toEqual(['payment is not the transaction named']);
    const zero = new Transaction(1, [], [{ lockingScript: new P2PKH().lock(worker.toAddress()), satoshis: 0 }], 0);
    const onZero = await m.attest(client, { ...signed.attestation, paymentTxid: zero.id('hex') });
    expect(await m.verifyAttestation(onZero, zero)).toEqual(['named output pays nothing']);
    // Someone else signing in the client's name.
    const impostor = await m.attest(new ProtoWallet(PrivateKey.fromRandom()), { ...signed.attestation });
    expect(await m.verifyAttestation({ ...impostor, attestation: { ...impostor.attestation, clientKey: signed.attestation.clientKey } }, payment)).toEqual(['client signature does not match']);
    await expect(m.attest(client, { ...signed.attestation, rating: 9 as 5 })).rejects.toThrow(/rating/);

    const r = await ctx.run('reputation-attestation');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(['genuine: valid', 'comment rewritten: client signature does not match', 'other payment: payment is not the transaction named']);
  });

  it('encrypted-vault: the server stores ciphertext; only the owner, with the right record key, opens it', async () => {
    const m = (await import(ctx.example('encrypted-vault').file)) as Vault;
    const owner = new ProtoWallet(PrivateKey.fromRandom());
    const data = { iban: 'GB00TEST12345678', notes: 'é ü 漢字' };
    const sealed = await m.seal(owner, 'bank', data);
    expect(sealed).not.toContain('GB00');
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
