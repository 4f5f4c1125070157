import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hash, OP, Script, Utils, type ChainTracker, type WalletInterface } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';
import type { TestWallet } from '../../src/sandbox/test-wallet.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

const h = (s: string): string => Utils.toHex(Hash.sha256(Utils.toArray(s, 'utf8')));
const APPLICATION = { business: 'Harbour Bakery Ltd', postcode: 'BS1 4DJ', tradingMonths: 19, monthlyRevenue: [8200, 11900, 6400, 13100] };
const BUREAU = { bureau: { missedPayments: 2, searchedAt: '2025-03-01' } };
const SCORED = { application: APPLICATION, lenderData: BUREAU };
const FACTS = {
  model: { name: 'sme-credit', weightsHash: h('weights v7'), registryTxid: h('registry tx') },
  policy: { name: 'sme-lending-policy', version: '2025-02', hash: h('policy 2025-02') },
  output: { decision: 'decline', score: 0.41, threshold: 0.55 },
  reasons: ['cash-flow volatility above policy limit', 'trading history under 24 months'],
  humanInvolvement: 'none',
};
// Canonical JSON, written independently of the examples: keys sorted at every level.
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

interface Issued {
  receipt: { decisionId: string; subjectKey: string; operator: string; inputCommitment: string; output: { decision: string; score: number; threshold: number }; signature: string } & Record<string, unknown>;
  scored: { application: unknown; lenderData: unknown };
  salt: string;
  anchor: { txid: string; beef: string };
}
interface IssueModule {
  issueReceipt: (w: WalletInterface, applicant: string, scored: typeof SCORED, facts: typeof FACTS) => Promise<Issued>;
}
interface VerifyModule {
  verifyReceipt: (
    me: WalletInterface,
    issued: Issued,
    input: unknown,
    expected: { operatorKey: string; registeredWeights: string; registeredPolicy: string },
    tracker: ChainTracker,
  ) => Promise<{ problems: string[]; anchoredAt?: number }>;
}
const asWallet = (w: TestWallet): WalletInterface => w as unknown as WalletInterface;

describe('Chapter 11 examples', () => {
  it('issue-decision-receipt signs and anchors a receipt naming no applicant; verify-decision-receipt accepts it only for her, on her data', async () => {
    const operator = ctx.newWallet();
    const applicant = ctx.newWallet();
    ctx.net.wallet = operator;
    const dir = await workDir();
    await writeFile(path.join(dir, 'application.json'), JSON.stringify(APPLICATION));
    await writeFile(path.join(dir, 'decision.json'), JSON.stringify(FACTS));
    await writeFile(path.join(dir, 'bureau.json'), JSON.stringify(BUREAU));
    const before = ctx.chain.accepted.length;
    const r = await ctx.run('issue-decision-receipt', { cwd: dir, args: [applicant.identityKey, 'application.json', 'decision.json', 'bureau.json'] });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tx = ctx.chain.accepted[before];
    const id = /^receipt ([0-9a-f]{32}): decline, anchored in ([0-9a-f]{64})$/.exec(r.stdout.trim());
    expect(id?.[2]).toBe(tx?.id('hex'));
    const file = `receipt-${id?.[1] ?? ''}.json`;
    const issued = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Issued;
    const { receipt } = issued;
    expect(receipt).toMatchObject({ type: 'decision-receipt.v1', operator: operator.identityKey, ...FACTS });
    // The subject is the applicant's key derived for this decision, not her identity key; no input data travels.
    const { publicKey: subject } = await applicant.getPublicKey({ protocolID: [2, 'decision subject'], keyID: receipt.decisionId, counterparty: operator.identityKey, forSelf: true });
    expect(receipt.subjectKey).toBe(subject);
    expect(JSON.stringify(issued)).not.toContain(applicant.identityKey);
    expect(JSON.stringify(receipt)).not.toMatch(/Harbour|BS1/);
    // The commitment is to the whole scored record, which the applicant is given with the salt.
    expect(issued.scored).toEqual(SCORED);
    expect(receipt.inputCommitment).toBe(Utils.toHex(Hash.sha256([...Utils.toArray(issued.salt, 'hex'), ...Utils.toArray(canonical(SCORED), 'utf8')])));
    // Only the receipt's hash goes on chain, in a zero-satoshi data output.
    expect(tx?.outputs[0]?.satoshis).toBe(0);
    expect(tx?.outputs[0]?.lockingScript.toHex()).toBe(
      new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN).writeBin(Utils.toArray('decision.receipt.v1', 'utf8')).writeBin(Hash.sha256(Utils.toArray(canonical(receipt), 'utf8'))).toHex(),
    );

    const verify = async (env: Record<string, string>, input = 'application.json', receiptFile = file): Promise<{ code: number | null; out: string[] }> => {
      const v = await ctx.run('verify-decision-receipt', { cwd: dir, env: { OPERATOR_KEY: operator.identityKey, REGISTERED_WEIGHTS: FACTS.model.weightsHash, REGISTERED_POLICY: FACTS.policy.hash, ...env }, args: [receiptFile, input] });
      expect(v.stderr).toBe('');
      return { code: v.code, out: v.stdout.trim().split('\n') };
    };
    ctx.net.wallet = applicant;
    // Under every verified receipt, the line saying what the client leaves to its caller.
    const { NOT_CHECKED } = (await import(ctx.example('verify-decision-receipt').file)) as { NOT_CHECKED: string };
    expect(NOT_CHECKED).toMatch(/^not checked: the lender's certificate, the anchor's block time/);
    expect(await verify({})).toEqual({
      code: 0,
      out: [`receipt verified: decline by sme-credit under sme-lending-policy 2025-02, anchored in ${tx?.id('hex') ?? ''} (not yet mined)`, `the lender added: ${canonical(BUREAU)}`, NOT_CHECKED],
    });
    // Had she sent 25 months of trading, the record scored with 19 changed her application.
    await writeFile(path.join(dir, 'corrected.json'), JSON.stringify({ ...APPLICATION, tradingMonths: 25 }));
    expect(await verify({}, 'corrected.json')).toEqual({ code: 1, out: ['the scored record changed my application: tradingMonths'] });
    // A scored record that is not the one committed to (the bureau data swapped afterwards) does not open the commitment.
    await writeFile(path.join(dir, 'swapped.json'), JSON.stringify({ ...issued, scored: { ...SCORED, lenderData: { bureau: { missedPayments: 0 } } } }));
    expect(await verify({}, 'application.json', 'swapped.json')).toEqual({ code: 1, out: ['input commitment does not open to the scored record'] });
    expect(await verify({ REGISTERED_WEIGHTS: h('weights v6') })).toEqual({ code: 1, out: ['model weights are not the registered version'] });
    expect(await verify({ REGISTERED_POLICY: h('policy 2024-11') })).toEqual({ code: 1, out: ['policy is not the registered version'] });
    // Without the registered weights and policy from outside the receipt the client says nothing is verified: it refuses to run.
    for (const env of [{ OPERATOR_KEY: operator.identityKey, REGISTERED_POLICY: FACTS.policy.hash }, { OPERATOR_KEY: operator.identityKey, REGISTERED_WEIGHTS: FACTS.model.weightsHash }]) {
      const unregistered = await ctx.run('verify-decision-receipt', { cwd: dir, env, args: [file, 'application.json'] });
      expect(unregistered.code).not.toBe(0);
      expect(unregistered.stderr).toMatch(/usage: OPERATOR_KEY=\.\.\. REGISTERED_WEIGHTS=\.\.\. REGISTERED_POLICY=\.\.\. verify-receipt/);
      expect(unregistered.stdout).not.toMatch(/verified/);
    }
    expect(await verify({ OPERATOR_KEY: ctx.newWallet().identityKey })).toEqual({ code: 1, out: ['not issued by the expected operator'] });
    // The outcome edited to an approval: the signature and the anchored hash both give it away.
    await writeFile(path.join(dir, 'edited.json'), JSON.stringify({ ...issued, receipt: { ...receipt, output: { ...receipt.output, decision: 'approve', score: 0.61 } } }));
    expect(await verify({}, 'application.json', 'edited.json')).toEqual({ code: 1, out: ['operator signature is invalid', 'receipt hash is not in the anchor transaction'] });
    // Someone else's wallet holding a copy of the receipt: it was not issued to them.
    ctx.net.wallet = ctx.newWallet();
    expect(await verify({})).toEqual({ code: 1, out: ['receipt was not issued to this wallet'] });

    // The operator's service refuses an inconsistent or unsupported receipt before anchoring anything.
    ctx.net.wallet = operator;
    const count = ctx.chain.accepted.length;
    const cases: [unknown, RegExp][] = [
      [{ ...FACTS, output: { decision: 'approve', score: 0.41, threshold: 0.55 } }, /A score of 0.41 against 0.55 cannot give approve/],
      [{ ...FACTS, reasons: [] }, /A decline must give its reasons/],
      [{ ...FACTS, model: { ...FACTS.model, weightsHash: 'v7' } }, /32-byte hex/],
    ];
    for (const [facts, message] of cases) {
      await writeFile(path.join(dir, 'bad.json'), JSON.stringify(facts));
      const bad = await ctx.run('issue-decision-receipt', { cwd: dir, args: [applicant.identityKey, 'application.json', 'bad.json'] });
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(message);
    }
    expect((await ctx.run('issue-decision-receipt', { cwd: dir, args: ['nobody', 'application.json', 'decision.json'] })).stderr).toMatch(/compressed public key/);
    expect(ctx.chain.accepted.length).toBe(count);
  });

  it('verify-decision-receipt reports the anchoring block once mined; another anchor or other headers fail', async () => {
    const { issueReceipt } = (await import(ctx.example('issue-decision-receipt').file)) as IssueModule;
    const { verifyReceipt } = (await import(ctx.example('verify-decision-receipt').file)) as VerifyModule;
    const operator = ctx.newWallet();
    const applicant = ctx.newWallet();
    const issued = await issueReceipt(asWallet(operator), applicant.identityKey, SCORED, FACTS);
    const expected = { operatorKey: operator.identityKey, registeredWeights: FACTS.model.weightsHash, registeredPolicy: FACTS.policy.hash };
    expect(await verifyReceipt(asWallet(applicant), issued, APPLICATION, expected, ctx.chain)).toEqual({ problems: [] });
    const height = ctx.chain.mine();
    const mined = ctx.chain.get(issued.anchor.txid);
    if (mined === undefined) throw new Error('anchor not on chain');
    const withProof = { ...issued, anchor: { ...issued.anchor, beef: mined.toHexBEEF() } };
    expect(await verifyReceipt(asWallet(applicant), withProof, APPLICATION, expected, ctx.chain)).toEqual({ problems: [], anchoredAt: height });
    // A second receipt's anchor does not carry this receipt's hash.
    const other = await issueReceipt(asWallet(operator), applicant.identityKey, SCORED, FACTS);
    expect((await verifyReceipt(asWallet(applicant), { ...issued, anchor: other.anchor }, APPLICATION, expected, ctx.chain)).problems).toEqual([
      'receipt hash is not in the anchor transaction',
    ]);
    // Against headers that do not hold the anchoring block's Merkle root, SPV fails.
    const otherChain: ChainTracker = { isValidRootForHeight: async () => false, currentHeight: async () => await ctx.chain.currentHeight() };
    expect((await verifyReceipt(asWallet(applicant), withProof, APPLICATION, expected, otherChain)).problems).toEqual(['anchor transaction fails SPV verification']);
  });
});
