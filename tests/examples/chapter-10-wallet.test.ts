import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hash, P2PKH, ProtoWallet, PublicKey, Utils, type ChainTracker, type RevealSpecificKeyLinkageResult, type WalletInterface } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';
import type { TestWallet } from '../../src/sandbox/test-wallet.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

interface Attestation {
  type: string;
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
interface Issued {
  attestation: Attestation;
  paymentBeef: string;
  commentSalt: string;
  payerSalt: string;
}
interface Bundle {
  attestation: Attestation;
  paymentBeef: string;
  payerSalt: string;
  revelation: RevealSpecificKeyLinkageResult;
}
interface AttestModule {
  payAndAttest: (w: WalletInterface, job: { workerKey: string; jobId: string; satoshis: number; amountBand: string; scores: Attestation['scores']; comment: string }) => Promise<Issued>;
  attestationBytes: (a: Omit<Attestation, 'signature'>) => number[];
  payerCommitment: (salt: number[], attester: string, jobId: string) => string;
}
interface VerifyModule {
  revealPayment: (w: WalletInterface, a: Attestation, verifierKey: string) => Promise<RevealSpecificKeyLinkageResult>;
  verifyAttestation: (v: WalletInterface, b: Bundle, citations: ReadonlyMap<string, number>, tracker: ChainTracker) => Promise<string[]>;
  countCitations: (bundles: Bundle[]) => Promise<Map<string, number>>;
}
const asWallet = (w: TestWallet): WalletInterface => w as unknown as WalletInterface;
const JOB = { jobId: 'job-2025-114', satoshis: 25_000, amountBand: '100-500 USD', scores: { quality: 5, timeliness: 4, communication: 5 }, comment: 'Careful legal translation' };

describe('Chapter 10 examples', () => {
  it('pay-and-attest-job pays the worker a derived key and signs a receipt naming that payment; verify-job-attestation counts it once', async () => {
    const client = ctx.newWallet();
    const worker = ctx.newWallet();
    const verifier = ctx.newWallet();
    ctx.net.wallet = client;
    const dir = await workDir();
    const before = ctx.chain.accepted.length;
    const r = await ctx.run('pay-and-attest-job', { cwd: dir, args: [worker.identityKey, JOB.jobId, '25000', JOB.amountBand, '5,4,5', JOB.comment] });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tx = ctx.chain.accepted[before];
    if (tx === undefined) throw new Error('no payment broadcast');
    expect(r.stdout.trim()).toBe(`paid 25000 sats for ${JOB.jobId} in ${tx.id('hex')}; attestation signed by ${client.identityKey}`);
    // The payment goes to a key only the worker can derive the private half of, not to her identity key.
    const { publicKey: paid } = await worker.getPublicKey({ protocolID: [2, 'job payment'], keyID: JOB.jobId, counterparty: client.identityKey, forSelf: true });
    expect(tx.outputs[0]?.satoshis).toBe(25_000);
    expect(tx.outputs[0]?.lockingScript.toHex()).toBe(new P2PKH().lock(PublicKey.fromString(paid).toHash()).toHex());
    expect(tx.toHex()).not.toContain(worker.identityKey);
    const issued = JSON.parse(await readFile(path.join(dir, `attestation-${JOB.jobId}.json`), 'utf8')) as Issued;
    const a = issued.attestation;
    expect(a).toMatchObject({ type: 'job-attestation.v1', subject: worker.identityKey, attester: client.identityKey, payment: { txid: tx.id('hex'), vout: 0 }, amountBand: '100-500 USD', scores: JOB.scores });
    expect(a.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(a.commentHash).toBe(Utils.toHex(Hash.sha256([...Utils.toArray(issued.commentSalt, 'hex'), ...Utils.toArray(JOB.comment, 'utf8')])));
    expect(JSON.stringify(a)).not.toContain('legal translation'); // the comment itself stays with the worker
    // Anyone can check the client's signature from the client's identity key alone.
    const { attestationBytes, payerCommitment } = (await import(ctx.example('pay-and-attest-job').file)) as AttestModule;
    // Output 1 names the payer by a salted hash: only someone given the salt can tell it is the client.
    expect(tx.outputs[1]?.lockingScript.toHex()).toBe(payerCommitment(Utils.toArray(issued.payerSalt, 'hex'), client.identityKey, JOB.jobId));
    expect(tx.toHex()).not.toContain(client.identityKey);
    const { signature, ...unsigned } = a;
    const check = await new ProtoWallet('anyone').verifySignature({
      data: attestationBytes(unsigned),
      signature: Utils.toArray(signature, 'hex'),
      protocolID: [2, 'job attestation'],
      keyID: `${tx.id('hex')}.0`,
      counterparty: client.identityKey,
    });
    expect(check.valid).toBe(true);

    // The worker reveals the payment's linkage to one verifier, whose wallet checks the bundle.
    const { revealPayment } = (await import(ctx.example('verify-job-attestation').file)) as VerifyModule;
    const revelation = await revealPayment(asWallet(worker), a, verifier.identityKey);
    // Just after the job the payment is not mined: a verifier refuses to count it yet.
    await writeFile(path.join(dir, 'early.json'), JSON.stringify({ attestation: a, paymentBeef: issued.paymentBeef, payerSalt: issued.payerSalt, revelation }));
    ctx.net.wallet = verifier;
    const early = await ctx.run('verify-job-attestation', { cwd: dir, args: ['early.json'] });
    expect({ code: early.code, out: early.stdout.trim() }).toEqual({ code: 1, out: `${JOB.jobId}: payment is not mined yet` });
    // Once mined, the worker fetches the payment with its own Merkle path, and the receipt counts.
    ctx.chain.mine();
    const mined = ctx.chain.get(tx.id('hex'));
    if (mined?.merklePath === undefined) throw new Error('the payment was not mined');
    const bundle: Bundle = { attestation: a, paymentBeef: mined.toHexBEEF(), payerSalt: issued.payerSalt, revelation };
    await writeFile(path.join(dir, 'bundle.json'), JSON.stringify(bundle));
    const ok = await ctx.run('verify-job-attestation', { cwd: dir, args: ['bundle.json'] });
    expect(ok.stderr).toBe('');
    expect({ code: ok.code, out: ok.stdout.trim() }).toEqual({ code: 0, out: `${JOB.jobId}: verified, scores 5/4/5` });
    // The same receipt shown twice is one review; a second, different receipt citing the same payment
    // (anyone who saw the payment can sign one) makes the job disputed, and neither counts.
    const twice = await ctx.run('verify-job-attestation', { cwd: dir, args: ['bundle.json', 'bundle.json'] });
    expect(twice.stdout.trim().split('\n')).toEqual([`${JOB.jobId}: verified, scores 5/4/5`, `${JOB.jobId}: verified, scores 5/4/5`]);
    const { signature: _s, ...fields } = a;
    const harsher = { ...fields, scores: { quality: 1, timeliness: 1, communication: 1 } };
    const sig2 = await client.createSignature({ data: attestationBytes(harsher), protocolID: [2, 'job attestation'], keyID: `${tx.id('hex')}.0`, counterparty: 'anyone' });
    await writeFile(path.join(dir, 'second.json'), JSON.stringify({ ...bundle, attestation: { ...harsher, signature: Utils.toHex(sig2.signature) } }));
    const disputed = await ctx.run('verify-job-attestation', { cwd: dir, args: ['bundle.json', 'second.json'] });
    expect({ code: disputed.code, out: disputed.stdout.trim().split('\n') }).toEqual({
      code: 1,
      out: [`${JOB.jobId}: disputed: another attestation cites this payment`, `${JOB.jobId}: disputed: another attestation cites this payment`],
    });
    // A receipt whose signature fails disputes nothing: anyone could write one.
    await writeFile(path.join(dir, 'junk.json'), JSON.stringify({ ...bundle, attestation: { ...harsher, signature: '30'.repeat(35) } }));
    const junk = await ctx.run('verify-job-attestation', { cwd: dir, args: ['bundle.json', 'junk.json'] });
    expect(junk.stdout.trim().split('\n')).toEqual([`${JOB.jobId}: verified, scores 5/4/5`, `${JOB.jobId}: attester signature is invalid`]);
    // Someone else's wallet cannot read a revelation encrypted to this verifier.
    ctx.net.wallet = ctx.newWallet();
    expect((await ctx.run('verify-job-attestation', { cwd: dir, args: ['bundle.json'] })).stdout).toContain('linkage revelation is for another payment or verifier');

    // Bad input is refused before anything is paid.
    ctx.net.wallet = client;
    const count = ctx.chain.accepted.length;
    const cases: [string[], RegExp][] = [
      [['not-a-key', JOB.jobId, '1000', JOB.amountBand, '5,5,5'], /compressed public key/],
      [[worker.identityKey, JOB.jobId, '1000', JOB.amountBand, '6,5,5'], /Score quality must be a whole number from 1 to 5/],
      [[worker.identityKey, JOB.jobId, '10.5', JOB.amountBand, '5,5,5'], /whole number of satoshis/],
      [[worker.identityKey, JOB.jobId, '1000', 'a lot', '5,5,5'], /Amount band must be one of/],
    ];
    for (const [args, message] of cases) {
      const bad = await ctx.run('pay-and-attest-job', { cwd: dir, args });
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(message);
    }
    expect(ctx.chain.accepted.length).toBe(count);
  });

  it('verify-job-attestation rejects edited scores, a borrowed payment, a friend\'s review of another client\'s payment, a swapped transaction and a misdirected revelation', async () => {
    const { payAndAttest } = (await import(ctx.example('pay-and-attest-job').file)) as AttestModule;
    const { countCitations, revealPayment, verifyAttestation } = (await import(ctx.example('verify-job-attestation').file)) as VerifyModule;
    const [client, worker, verifier, mallory] = [ctx.newWallet(), ctx.newWallet(), ctx.newWallet(), ctx.newWallet()];
    const unmined = await payAndAttest(asWallet(client), { ...JOB, workerKey: worker.identityKey });
    ctx.chain.mine();
    const minedTx = ctx.chain.get(unmined.attestation.payment.txid);
    if (minedTx?.merklePath === undefined) throw new Error('the payment was not mined');
    const issued = { ...unmined, paymentBeef: minedTx.toHexBEEF() };
    const bundleFor = async (a: Attestation, beef = issued.paymentBeef, to = verifier.identityKey): Promise<Bundle> => ({
      attestation: a,
      paymentBeef: beef,
      payerSalt: issued.payerSalt,
      revelation: await revealPayment(asWallet(worker), a, to),
    });
    const verify = async (b: Bundle): Promise<string[]> => await verifyAttestation(asWallet(verifier), b, new Map(), ctx.chain);
    const genuine = await bundleFor(issued.attestation);
    expect(await verify(genuine)).toEqual([]);
    // The same receipt with the payment as it was before mining: not counted yet.
    expect(await verify({ ...genuine, paymentBeef: unmined.paymentBeef })).toEqual(['payment is not mined yet']);
    // Two receipts held for one payment: disputed.
    const outpoint = `${issued.attestation.payment.txid}.${issued.attestation.payment.vout}`;
    expect(await verifyAttestation(asWallet(verifier), genuine, new Map([[outpoint, 2]]), ctx.chain)).toEqual(['disputed: another attestation cites this payment']);
    // The worker improves her timeliness score: the client's signature no longer matches.
    expect(await verify({ ...genuine, attestation: { ...issued.attestation, scores: { ...JOB.scores, timeliness: 5 } } })).toEqual(['attester signature is invalid']);
    // Mallory signs a glowing receipt for the worker that cites the client's payment, not one of hers.
    const { signature: _, ...claim } = { ...issued.attestation, attester: mallory.identityKey };
    const { attestationBytes } = (await import(ctx.example('pay-and-attest-job').file)) as AttestModule;
    const sig = await mallory.createSignature({ data: attestationBytes(claim), protocolID: [2, 'job attestation'], keyID: `${claim.payment.txid}.0`, counterparty: 'anyone' });
    const borrowed = { ...claim, signature: Utils.toHex(sig.signature) };
    expect(await verify(await bundleFor(borrowed))).toEqual(['payment output does not pay the subject', 'payment does not name the attester']);
    // A friend's review citing a real client's payment: the worker reveals the linkage she shares with
    // that client and relabels its counterparty. The linkage matches; the payment names its real payer.
    const relabelled = { ...(await revealPayment(asWallet(worker), issued.attestation, verifier.identityKey)), counterparty: mallory.identityKey };
    const friendly: Bundle = { ...genuine, attestation: borrowed, revelation: relabelled };
    expect(await verify(friendly)).toEqual(['payment does not name the attester']);
    // Nor can the friend's receipt turn the client's review into a dispute.
    expect(await verifyAttestation(asWallet(verifier), genuine, await countCitations([genuine, friendly]), ctx.chain)).toEqual([]);
    // A receipt whose BEEF holds another transaction, or none.
    const other = await payAndAttest(asWallet(mallory), { ...JOB, workerKey: worker.identityKey });
    expect(await verify({ ...genuine, paymentBeef: other.paymentBeef })).toEqual(['payment transaction is not in the BEEF']);
    // Headers that do not hold the payment's block: SPV fails.
    const noHeaders: ChainTracker = { isValidRootForHeight: async () => false, currentHeight: async () => await ctx.chain.currentHeight() };
    expect(await verifyAttestation(asWallet(verifier), genuine, new Map(), noHeaders)).toEqual(['payment transaction fails SPV verification']);
    // A revelation made for another verifier.
    expect(await verify(await bundleFor(issued.attestation, issued.paymentBeef, mallory.identityKey))).toEqual(['linkage revelation is for another payment or verifier']);
  });
});
