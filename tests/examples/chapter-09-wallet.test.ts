import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hash, OP, PrivateKey, ProtoWallet, PushDrop, Script, Transaction, Utils, type ChainTracker, type WalletInterface } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';
import type { TestWallet } from '../../src/sandbox/test-wallet.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

const CONSENT = JSON.stringify({ resourceType: 'Consent', status: 'active', decision: 'permit', provision: { purpose: [{ code: 'research.imaging' }] } });
const PROTOCOL: [2, string] = [2, 'medical consent'];
const bytes = (s: string): number[] => Utils.toArray(s, 'utf8');
const outpointOf = (i: Transaction['inputs'][number]): string => `${i.sourceTransaction?.id('hex') ?? i.sourceTXID ?? ''}.${i.sourceOutputIndex}`;

interface Grant {
  outpoint: string;
  documentHash: string;
  salt: string;
  beef: number[];
}
interface ConsentModule {
  grantConsent: (w: WalletInterface, grantee: string, purpose: string, doc: number[]) => Promise<Grant>;
  revokeConsent: (w: WalletInterface, documentHash: string) => Promise<{ txid: string; beef: number[] }>;
  ConsentBook: new (
    holder: WalletInterface,
    tracker: ChainTracker,
  ) => {
    admit: (beef: number[]) => Promise<void>;
    checkRead: (r: { outpoint: string; patientKey: string; purpose: string; document: number[]; salt: string }) => Promise<string | undefined>;
  };
}
const asWallet = (w: TestWallet): WalletInterface => w as unknown as WalletInterface;

describe('Chapter 9 examples', () => {
  it('consent-token: a PushDrop grant naming the purpose allows the read; spending it revokes, and the read is refused', async () => {
    const holder = PrivateKey.fromRandom();
    const patient = ctx.newWallet();
    ctx.net.wallet = patient;
    const dir = await workDir();
    await writeFile(path.join(dir, 'consent.json'), CONSENT);
    const before = ctx.chain.accepted.length;
    const r = await ctx.run('consent-token', { cwd: dir, env: { HOLDER_WIF: holder.toWif() }, args: ['consent.json', 'research'] });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [grantTx, revokeTx] = ctx.chain.accepted.slice(before);
    if (grantTx === undefined || revokeTx === undefined) throw new Error('expected a grant and a revocation');
    expect(r.stdout.trim().split('\n')).toEqual([
      `granted research as token ${grantTx.id('hex')}.0`,
      'read for research: allowed',
      'read for marketing.products: refused (purpose marketing.products not granted)',
      `revoked in ${revokeTx.id('hex')}`,
      `read for research: refused (consent revoked in ${revokeTx.id('hex')})`,
    ]);
    // The token: one satoshi, tag, salted document hash, purpose, the holder's key derived for this grant.
    const token = grantTx.outputs[0];
    expect(token?.satoshis).toBe(1);
    const { fields, lockingPublicKey } = PushDrop.decode(token?.lockingScript ?? new Script());
    expect(fields).toHaveLength(5);
    expect(Utils.toUTF8(fields[0] ?? [])).toBe('consent.v1');
    expect(Utils.toUTF8(fields[2] ?? [])).toBe('research');
    const keyID = Utils.toHex(fields[1] ?? []);
    const holderWallet = new ProtoWallet(holder);
    const { publicKey: holderGrantKey } = await holderWallet.getPublicKey({ protocolID: PROTOCOL, keyID, counterparty: patient.identityKey, forSelf: true });
    expect(Utils.toHex(fields[3] ?? [])).toBe(holderGrantKey);
    // Locked to the patient's key derived for this grant: neither identity key appears on chain, nor the document.
    expect(lockingPublicKey.toString()).toBe((await patient.getPublicKey({ protocolID: PROTOCOL, keyID, counterparty: holder.toPublicKey().toString(), forSelf: true })).publicKey);
    for (const hidden of [patient.identityKey, holder.toPublicKey().toString(), Utils.toHex(bytes(CONSENT))]) expect(grantTx.toHex()).not.toContain(hidden);
    // The revocation spends the token into a notice naming the grant.
    expect(revokeTx.inputs.map(outpointOf)).toContain(`${grantTx.id('hex')}.0`);
    expect(revokeTx.outputs[0]?.lockingScript.toHex()).toBe(
      new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(bytes('consent.revoke.v1')).writeBin(fields[1] ?? []).toHex(),
    );
    expect(patient.basket('consents')).toHaveLength(0);
    // Without a holder key or a document it refuses before touching the wallet.
    const bare = await ctx.run('consent-token', { cwd: dir });
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toMatch(/usage: HOLDER_WIF/);
  });

  it('consent-token refuses a forged, mismatched or unknown grant, a second revocation and a double spend', async () => {
    const mod = (await import(ctx.example('consent-token').file)) as ConsentModule;
    const patient = ctx.newWallet();
    const holder = ctx.newWallet();
    const mallory = ctx.newWallet();
    const book = new mod.ConsentBook(asWallet(holder), ctx.chain);
    const doc = bytes(CONSENT);
    const grant = await mod.grantConsent(asWallet(patient), holder.identityKey, 'research', doc);
    const request = { outpoint: grant.outpoint, patientKey: patient.identityKey, purpose: 'research', document: doc, salt: grant.salt };
    expect(await book.checkRead(request)).toBe('no such consent token'); // not admitted yet
    await book.admit(grant.beef);
    expect(await book.checkRead(request)).toBeUndefined();
    expect(await book.checkRead({ ...request, document: bytes(CONSENT.replace('permit', 'deny')) })).toBe('consent document does not match the token');
    expect(await book.checkRead({ ...request, patientKey: mallory.identityKey })).toBe('token does not name this data holder');
    // Another holder cannot use a grant that names this one.
    const other = new mod.ConsentBook(asWallet(mallory), ctx.chain);
    await other.admit(grant.beef);
    expect(await other.checkRead(request)).toBe('token does not name this data holder');
    // Mallory mints a look-alike token naming the holder and claims it is the patient's.
    const forged = await mod.grantConsent(asWallet(mallory), holder.identityKey, 'research', doc);
    await book.admit(forged.beef);
    expect(await book.checkRead({ ...request, outpoint: forged.outpoint, salt: forged.salt })).toBe('token does not name this data holder');
    // Bad input is refused before the wallet is asked.
    await expect(mod.grantConsent(asWallet(patient), 'not-a-key', 'research', doc)).rejects.toThrow(/compressed public key/);
    await expect(mod.grantConsent(asWallet(patient), holder.identityKey, 'Research imaging', doc)).rejects.toThrow(/Not a purpose code/);
    await expect(mod.grantConsent(asWallet(patient), holder.identityKey, 'Research', doc)).rejects.toThrow(/Not a purpose code/);
    // Only a coarse purpose goes on chain: a data class after it would tell every observer what the grant covers.
    await expect(mod.grantConsent(asWallet(patient), holder.identityKey, 'research.imaging', doc)).rejects.toThrow(/Not a purpose code/);
    await expect(mod.grantConsent(asWallet(patient), holder.identityKey, 'research', bytes('{"resourceType":"Patient"}'))).rejects.toThrow(/not a FHIR Consent/);
    // Revoke once: the read is refused. Revoke again: the wallet holds no token.
    const revoked = await mod.revokeConsent(asWallet(patient), grant.documentHash);
    await book.admit(revoked.beef);
    expect(await book.checkRead(request)).toBe(`consent revoked in ${revoked.txid}`);
    await expect(mod.revokeConsent(asWallet(patient), grant.documentHash)).rejects.toThrow(/No consent token/);
    // A wallet that still believed it held the token is stopped by the network's double-spend rule.
    await patient.internalizeAction({
      tx: grant.beef,
      description: 'Stale copy of the token',
      outputs: [
        {
          outputIndex: 0,
          protocol: 'basket insertion',
          insertionRemittance: { basket: 'consents', tags: [grant.documentHash], customInstructions: JSON.stringify({ granteeKey: holder.identityKey }) },
        },
      ],
    });
    await expect(mod.revokeConsent(asWallet(patient), grant.documentHash)).rejects.toThrow(/DOUBLE_SPEND/);
  });

  it('anchor-record-version chains salted version commitments, anchors each, and proves them once mined', async () => {
    const dir = await workDir();
    ctx.net.wallet = ctx.newWallet();
    await writeFile(path.join(dir, 'v1.json'), '{"summary":"Discharged home, review in 6 weeks"}');
    await writeFile(path.join(dir, 'v2.json'), '{"summary":"Discharged home, review in 6 weeks","addendum":"Potassium 3.1, repeat in 1 week"}');
    const before = ctx.chain.accepted.length;
    for (const [v, file] of ['v1.json', 'v2.json'].entries()) {
      const r = await ctx.run('anchor-record-version', { cwd: dir, args: ['anchor', 'discharge-881', file] });
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe(`discharge-881 v${v + 1} anchored in ${ctx.chain.accepted[before + v]?.id('hex') ?? '?'}`);
    }
    type Proof = { recordId: string; version: number; previous: string; salt: string; commitment: string; txid: string; beef: string };
    const history = JSON.parse(await readFile(path.join(dir, 'discharge-881.versions.json'), 'utf8')) as Proof[];
    // Recompute each commitment independently: tag, record id, version, previous, salt, content hash.
    for (const [i, p] of history.entries()) {
      const content = Array.from(await readFile(path.join(dir, `v${i + 1}.json`)));
      const version = [p.version & 0xff, (p.version >> 8) & 0xff, (p.version >> 16) & 0xff, p.version >>> 24];
      const preimage = [...bytes('record.version.v1\u0000discharge-881\u0000'), ...version, ...Utils.toArray(p.previous, 'hex'), ...Utils.toArray(p.salt, 'hex'), ...Hash.sha256(content)];
      expect(p.commitment).toBe(Utils.toHex(Hash.sha256(preimage)));
      expect(p.previous).toBe(i === 0 ? '00'.repeat(32) : history[i - 1]?.commitment);
      expect(p.salt).toMatch(/^[0-9a-f]{64}$/);
      const tx = ctx.chain.accepted[before + i];
      expect(tx?.outputs[0]?.satoshis).toBe(0);
      expect(tx?.outputs[0]?.lockingScript.toHex()).toBe(
        new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(bytes('record.version.v1')).writeBin(Utils.toArray(p.commitment, 'hex')).toHex(),
      );
      expect(tx?.toHex()).not.toContain(Utils.toHex(content)); // the record stays off chain
    }
    const verify = async (...files: string[]): Promise<{ code: number | null; lines: string[] }> => {
      const r = await ctx.run('anchor-record-version', { cwd: dir, args: ['verify', 'discharge-881', ...files] });
      expect(r.stderr).toBe('');
      return { code: r.code, lines: r.stdout.trim().split('\n') };
    };
    const [t1 = '', t2 = ''] = history.map((p) => p.txid);
    expect(await verify('v1.json', 'v2.json')).toEqual({
      code: 0,
      lines: [`v1 anchored in ${t1}, not yet mined`, `v2 anchored in ${t2}, not yet mined`, 'history verified'],
    });
    const height = ctx.chain.mine();
    expect(await verify('v1.json', 'v2.json')).toEqual({ code: 0, lines: [`v1 anchored in ${t1}, block ${height}`, `v2 anchored in ${t2}, block ${height}`, 'history verified'] });
    expect(ctx.net.calls('testnet.arc.gorillapool.io').some((c) => c.method === 'GET' && c.url.endsWith(`/v1/tx/${t2}`))).toBe(true);
    // The proofs were completed with the Merkle path, checked against the chain's headers.
    const completed = JSON.parse(await readFile(path.join(dir, 'discharge-881.versions.json'), 'utf8')) as Proof[];
    expect(Transaction.fromHexBEEF(completed[1]?.beef ?? '', t2).merklePath?.blockHeight).toBe(height);
    // An edited addendum, a reordered history and a missing version are all caught.
    await writeFile(path.join(dir, 'v2-edited.json'), '{"summary":"Discharged home, review in 6 weeks","addendum":"Potassium 3.4, repeat in 1 week"}');
    expect(await verify('v1.json', 'v2-edited.json')).toEqual({ code: 1, lines: [`v1 anchored in ${t1}, block ${height}`, `v2 anchored in ${t2}, block ${height}`, 'v2 content does not match its commitment'] });
    expect((await verify('v2.json', 'v1.json')).lines.slice(2)).toEqual(['v1 content does not match its commitment', 'v2 content does not match its commitment']);
    // A v2 built on a different v1 (a history rewritten after the fact) does not follow the real v1.
    const other = await workDir();
    await writeFile(path.join(other, 'v1.json'), '{"summary":"Discharged home"}');
    await writeFile(path.join(other, 'v2.json'), await readFile(path.join(dir, 'v2.json')));
    for (const file of ['v1.json', 'v2.json']) expect((await ctx.run('anchor-record-version', { cwd: other, args: ['anchor', 'discharge-881', file] })).code).toBe(0);
    const rewritten = JSON.parse(await readFile(path.join(other, 'discharge-881.versions.json'), 'utf8')) as Proof[];
    await writeFile(path.join(dir, 'discharge-881.versions.json'), JSON.stringify([completed[0], rewritten[1]]));
    expect((await verify('v1.json', 'v2.json')).lines.slice(2)).toEqual(['v2 does not follow the version before it']);
    await writeFile(path.join(dir, 'discharge-881.versions.json'), JSON.stringify(completed.slice(1)));
    expect((await verify('v2.json')).lines.slice(1)).toEqual(['v1 does not follow the version before it']);
    // Against headers that do not hold the anchoring block, neither version verifies.
    const { verifyHistory } = (await import(ctx.example('anchor-record-version').file)) as {
      verifyHistory: (c: number[][], p: Proof[], t: ChainTracker) => Promise<{ lines: string[]; problems: string[] }>;
    };
    const contents = await Promise.all(['v1.json', 'v2.json'].map(async (f) => Array.from(await readFile(path.join(dir, f)))));
    expect((await verifyHistory(contents, completed, ctx.chain)).problems).toEqual([]);
    const noHeaders: ChainTracker = { isValidRootForHeight: async () => false, currentHeight: async () => await ctx.chain.currentHeight() };
    expect((await verifyHistory(contents, completed, noHeaders)).problems).toEqual(['v1 anchor transaction fails SPV verification', 'v2 anchor transaction fails SPV verification']);
    // Bad input is refused before anything is anchored.
    const count = ctx.chain.accepted.length;
    const bad = await ctx.run('anchor-record-version', { cwd: dir, args: ['anchor', 'discharge 881!', 'v1.json'] });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/Not a record id/);
    expect(ctx.chain.accepted.length).toBe(count);
  });
});
