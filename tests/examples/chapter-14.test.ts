import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hash, OP, PrivateKey, PushDrop, Random, Script, Transaction, Utils, type WalletInterface } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';
import type { TestWallet } from '../../src/sandbox/test-wallet.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

const ELECTION = 'coop-agm-2025/motion-3';
const hex32 = (): string => Utils.toHex(Random(32));

/** The ballot service issues `member` a one-use voting token (a PushDrop output locked to a key only the member can derive). */
async function issueToken(issuer: TestWallet, member: TestWallet): Promise<string> {
  const fields = [Utils.toArray(ELECTION, 'utf8'), Utils.toArray(hex32(), 'hex')];
  const lock = await new PushDrop(issuer as unknown as WalletInterface).lock(fields, [2, 'coop voting token'], ELECTION, member.identityKey);
  const { tx, txid } = await issuer.createAction({ description: 'Issue voting token', outputs: [{ lockingScript: lock.toHex(), satoshis: 1, outputDescription: 'Voting token' }] });
  if (tx === undefined || txid === undefined) throw new Error('not issued');
  await member.internalizeAction({
    tx,
    description: 'Receive voting token',
    outputs: [{ outputIndex: 0, protocol: 'basket insertion', insertionRemittance: { basket: 'voting tokens', tags: [ELECTION], customInstructions: JSON.stringify({ issuerKey: issuer.identityKey }) } }],
  });
  return `${txid}.0`;
}

describe('Chapter 14 examples', () => {
  it('ballot-commitment spends the one-use voting token next to a commitment that names no voter, and cannot vote twice', async () => {
    const issuer = ctx.newWallet();
    const member = ctx.newWallet();
    const token = await issueToken(issuer, member);
    ctx.net.wallet = member;
    const dir = await workDir();
    const r = await ctx.run('ballot-commitment', { cwd: dir, args: ['no'] });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const reveal = JSON.parse(await readFile(path.join(dir, 'my-ballot-reveal.json'), 'utf8')) as { electionId: string; choice: string; salt: string; commitment: string; txid: string };
    expect(reveal).toMatchObject({ electionId: ELECTION, choice: 'no' });
    const expected = Hash.sha256([...Utils.toArray(ELECTION, 'utf8'), 0, ...Utils.toArray('no', 'utf8'), 0, ...Utils.toArray(reveal.salt, 'hex')]);
    expect(reveal.commitment).toBe(Utils.toHex(expected));
    const tx = ctx.chain.get(reveal.txid);
    if (tx === undefined) throw new Error('ballot not on chain');
    // It spends the token...
    expect(tx.inputs.map((i) => `${i.sourceTransaction?.id('hex') ?? i.sourceTXID ?? ''}.${i.sourceOutputIndex}`)).toContain(token);
    // ...and carries exactly <tag> <election> <commitment>: no identity key, no signature by the member's identity.
    expect(tx.outputs[0]?.lockingScript.toHex()).toBe(
      new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('ballot.commit.v1', 'utf8')).writeBin(Utils.toArray(ELECTION, 'utf8')).writeBin(expected).toHex(),
    );
    expect(tx.toHex()).not.toContain(member.identityKey);
    expect(r.stdout).toContain(`Commitment ${reveal.commitment} anchored in ${reveal.txid}`);
    // The token is gone from the wallet; a second ballot is refused.
    const again = await ctx.run('ballot-commitment', { cwd: dir, args: ['yes'] });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/No voting token/);
    // And a wallet that still believed it held the token hits the network's double-spend rule.
    const spent = ctx.chain.get(token.split('.')[0] ?? '');
    if (spent === undefined) throw new Error('token tx missing');
    await member.internalizeAction({
      tx: spent.toAtomicBEEF(),
      description: 'Stale token copy',
      outputs: [{ outputIndex: 0, protocol: 'basket insertion', insertionRemittance: { basket: 'voting tokens', tags: [ELECTION], customInstructions: JSON.stringify({ issuerKey: issuer.identityKey }) } }],
    });
    const double = await ctx.run('ballot-commitment', { cwd: dir, args: ['yes'] });
    expect(double.code).not.toBe(0);
    expect(double.stderr).toMatch(/DOUBLE_SPEND/);
    // Someone without a token cannot vote at all.
    ctx.net.wallet = ctx.newWallet();
    expect((await ctx.run('ballot-commitment', { cwd: dir })).stderr).toMatch(/No voting token/);
  });

  it('verify-published-tally: every ballot reaches the root; duplicated odd leaves and inner nodes posing as ballots do not', async () => {
    type Mod = {
      buildBallotTree: (c: string[]) => { root: string; paths: { sibling: string; side: 'left' | 'right' }[][] };
      rootFromPath: (c: string, p: { sibling: string; side: 'left' | 'right' }[]) => string;
    };
    const { buildBallotTree, rootFromPath } = (await import(ctx.example('verify-published-tally').file)) as Mod;
    for (const n of [1, 2, 3, 5, 8, 13]) {
      const ballots = Array.from({ length: n }, hex32);
      const { root, paths } = buildBallotTree(ballots);
      ballots.forEach((b, i) => expect(rootFromPath(b, paths[i] ?? [])).toBe(root));
      expect(rootFromPath(hex32(), paths[0] ?? [])).not.toBe(root);
    }
    const [a = '', b = '', c = ''] = Array.from({ length: 3 }, hex32);
    // CVE-2012-2459: with self-pairing these two ballot sets share a root.
    expect(buildBallotTree([a, b, c]).root).not.toBe(buildBallotTree([a, b, c, c]).root);
    // An inner node offered as a ballot: its 64 bytes hash to the right value only without domain separation.
    const four = buildBallotTree([a, b, c, hex32()]);
    const tag = (s: string): number[] => Hash.sha256(Utils.toArray(s, 'utf8'));
    const leaf = (x: string): number[] => Hash.sha256([...tag('coop-ballot/leaf'), ...tag('coop-ballot/leaf'), ...Utils.toArray(x, 'hex')]);
    const inner = Utils.toHex(Hash.sha256([...tag('coop-ballot/node'), ...tag('coop-ballot/node'), ...leaf(a), ...leaf(b)]));
    expect(rootFromPath(inner, (four.paths[0] ?? []).slice(1))).not.toBe(four.root);
  });

  it('verify-published-tally accepts an honest, signed, anchored tally and lists what is wrong with a bad one', async () => {
    type Tally = { electionId: string; counts: Record<string, number>; ballotCount: number; ballotRoot: string; authorityKey: string; signature: string; anchorBeef: string };
    const mod = (await import(ctx.example('verify-published-tally').file)) as {
      buildBallotTree: (c: string[]) => { root: string; paths: { sibling: string; side: 'left' | 'right' }[][] };
      canonicalTally: (t: Omit<Tally, 'signature' | 'anchorBeef' | 'authorityKey'>) => number[];
      tallyAnchorScript: (e: string, r: string) => Script;
    };
    const ballots = Array.from({ length: 7 }, hex32);
    const { root, paths } = mod.buildBallotTree(ballots);
    const authority = PrivateKey.fromRandom();
    const body = { electionId: ELECTION, counts: { yes: 4, no: 2, abstain: 1 }, ballotCount: 7, ballotRoot: root };
    const { tx } = await ctx.wallet.createAction({ description: 'Anchor tally', outputs: [{ lockingScript: mod.tallyAnchorScript(ELECTION, root).toHex(), satoshis: 0, outputDescription: 'Tally root' }] });
    if (tx === undefined) throw new Error('no anchor');
    const anchor = Transaction.fromAtomicBEEF(tx);
    const sign = (b: typeof body): string => authority.sign(mod.canonicalTally(b)).toDER('hex') as string;
    let served: Tally = { ...body, authorityKey: authority.toPublicKey().toString(), signature: sign(body), anchorBeef: anchor.toHexBEEF() };
    ctx.net.route('ballots.example-coop.org', () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(served) }));
    const dir = await workDir();
    await writeFile(path.join(dir, 'my-ballot-reveal.json'), JSON.stringify({ electionId: ELECTION, commitment: ballots[5] }));
    await writeFile(path.join(dir, 'my-ballot-receipt.json'), JSON.stringify({ path: paths[5] }));
    const check = async (): Promise<{ code: number | null; out: string }> => {
      const r = await ctx.run('verify-published-tally', { cwd: dir, env: { AUTHORITY_KEY: authority.toPublicKey().toString() } });
      expect(r.stderr).toBe('');
      return { code: r.code, out: r.stdout.trim() };
    };
    expect(await check()).toEqual({ code: 1, out: 'Anchor transaction is not yet mined' });
    ctx.chain.mine();
    const mined = ctx.chain.get(anchor.id('hex'));
    if (mined === undefined) throw new Error('anchor not mined');
    served = { ...served, anchorBeef: mined.toHexBEEF() };
    expect(await check()).toEqual({ code: 0, out: 'Tally verified' });
    expect(ctx.net.calls('api.whatsonchain.com').at(-1)?.url).toContain('/v1/bsv/test/block/');
    // The organiser moves a vote after signing: signature and arithmetic both fail.
    served = { ...served, counts: { yes: 5, no: 1, abstain: 1 } };
    expect((await check()).out.split('\n')).toEqual(['Authority signature over the tally is invalid']);
    served = { ...served, counts: { yes: 4, no: 2, abstain: 2 } };
    expect((await check()).out.split('\n')).toEqual(['Counts do not add up to the number of ballots', 'Authority signature over the tally is invalid']);
    // A tally that leaves my ballot out.
    const without = mod.buildBallotTree(ballots.filter((_, i) => i !== 5));
    const b2 = { ...body, ballotRoot: without.root, ballotCount: 7 };
    served = { ...served, ...b2, counts: body.counts, signature: sign(b2) };
    expect((await check()).out.split('\n')).toEqual(['My ballot does not lead to the published root', 'Anchor transaction does not contain the ballot root']);
    // A service that dropped my ballot hands me another ballot's commitment and path: my own commitment,
    // from my reveal file, does not lead to the root by that path.
    served = { ...served, ...body, counts: body.counts, signature: sign(body) };
    await writeFile(path.join(dir, 'my-ballot-receipt.json'), JSON.stringify({ commitment: ballots[2], path: paths[2] }));
    expect((await check()).out.split('\n')).toEqual(['My ballot does not lead to the published root']);
    await writeFile(path.join(dir, 'my-ballot-receipt.json'), JSON.stringify({ path: paths[5] }));
    // A signed, anchored tally of another election.
    const other = { ...body, electionId: 'coop-agm-2025/motion-4' };
    served = { ...served, ...other, signature: sign(other) };
    expect((await check()).out.split('\n')).toEqual([`Tally is for coop-agm-2025/motion-4, not my election ${ELECTION}`, 'Anchor transaction does not contain the ballot root']);
    // A forger signs an honest-looking tally with a key of its own: the signature checks, the key does not.
    const forger = PrivateKey.fromRandom();
    served = { ...served, ...body, counts: body.counts, authorityKey: forger.toPublicKey().toString(), signature: forger.sign(mod.canonicalTally(body)).toDER('hex') as string };
    expect((await check()).out.split('\n')).toEqual(["Tally is signed by a key other than the organiser's published key"]);
    // Without the organiser's key the check refuses to run rather than trust the tally's own.
    const bare = await ctx.run('verify-published-tally', { cwd: dir });
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toContain("Set AUTHORITY_KEY to the organiser's key published before the vote");
  });

  it('ai-decision-audit-log detects an edited, missing or reordered entry and the wrong operator key', async () => {
    const r = await ctx.run('ai-decision-audit-log');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      'Log valid: true',
      // Inputs are salted commitments: an applicant id cannot be confirmed by hashing guesses.
      'Input opens with its salt: true',
      'Guessing the applicant from the log fails: true',
      'Edited entry detected: true',
      'Missing entry detected: true',
      'Reordered entries detected: true',
      'Wrong operator detected: true',
    ]);
  });

  it('anchor-audit-batch: a domain-separated root with no odd-node duplication, anchored on testnet', async () => {
    const { merkleRoot } = (await import(ctx.example('anchor-audit-batch').file)) as { merkleRoot: (l: string[]) => string };
    const [a = '', b = '', c = ''] = Array.from({ length: 3 }, hex32);
    expect(merkleRoot([a, b, c])).not.toBe(merkleRoot([a, b, c, c]));
    expect(merkleRoot([a])).not.toBe(a);
    expect(merkleRoot([a, b])).not.toBe(merkleRoot([b, a]));
    const key = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(key.toAddress('testnet'), 5_000);
    const before = ctx.chain.accepted.length;
    const dir = await workDir();
    const r = await ctx.run('anchor-audit-batch', { cwd: dir, env: { AUDIT_FUNDING_WIF: key.toWif(), FUNDING_TX_HEX: funding.toHex() } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tx = ctx.chain.accepted[before];
    if (tx === undefined) throw new Error('nothing broadcast');
    // The fee follows the broadcaster's advertised rate (50 sat/kB here), not a hard-coded 100. The SDK prices the
    // signature before it exists (at its longest); now and then a signature a few bytes shorter (a small r or s)
    // leaves a transaction up to 6 bytes under the size paid for, still far below what 100 sat/kB would cost.
    expect(ctx.net.calls('testnet.arc.gorillapool.io').some((c) => c.method === 'GET' && c.url.endsWith('/v1/policy'))).toBe(true);
    const paid = 5_000 - tx.outputs.reduce((sum, o) => sum + (o.satoshis ?? 0), 0);
    expect(paid).toBeLessThanOrEqual(Math.ceil(((tx.toBinary().length + 6) * ctx.chain.policy.miningFee.satoshis) / ctx.chain.policy.miningFee.bytes));
    expect(paid).toBeLessThan(Math.floor((tx.toBinary().length * 100) / 1000));
    const hashes = ['a3f1', 'b7c2', 'c0d9', 'd4e8', 'e5f0'].map((s) => Utils.toHex(Hash.sha256(Utils.toArray(s, 'utf8'))));
    const root = merkleRoot(hashes);
    expect(tx.outputs[0]?.lockingScript.toHex()).toBe(
      new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('ai.audit.batch.v1', 'utf8')).writeBin(Utils.toArray('batch-2025-06-01T12:00Z', 'utf8')).writeBin(Utils.toArray(root, 'hex')).writeBin(Utils.toArray('5', 'utf8')).toHex(),
    );
    expect(r.stdout.trim().split('\n')).toEqual([
      `Anchored 5 entries under root ${root} in ${tx.id('hex')}`,
      `chain: spends ${funding.id('hex')}.0; the next anchor spends ${tx.id('hex')}.1`,
    ]);
    expect(ctx.net.calls('testnet.arc.gorillapool.io').at(-1)).toMatchObject({ method: 'POST', status: 200 });
    // The change, output 1, is the chain: a second run spends it, so the anchors form one chain.
    const spentTxid = (t: Transaction): string | undefined => t.inputs[0]?.sourceTXID ?? t.inputs[0]?.sourceTransaction?.id('hex');
    expect(spentTxid(tx)).toBe(funding.id('hex'));
    const again = await ctx.run('anchor-audit-batch', { cwd: dir, env: { AUDIT_FUNDING_WIF: key.toWif(), FUNDING_TX_HEX: funding.toHex() } });
    expect(again.stderr).toBe('');
    const next = ctx.chain.accepted[before + 1];
    if (next === undefined) throw new Error('second anchor not broadcast');
    expect(next.inputs).toHaveLength(1);
    expect(spentTxid(next)).toBe(tx.id('hex'));
    expect(next.inputs[0]?.sourceOutputIndex).toBe(1);
    expect(again.stdout).toContain(`chain: spends ${tx.id('hex')}.1; the next anchor spends ${next.id('hex')}.1`);
  });
});
