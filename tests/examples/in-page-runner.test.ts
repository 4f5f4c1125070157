// First: the SDK's modules must find the simulated network as `fetch` when they load.
import '../../src/runner/network-hook.ts';
import { Transaction } from '@bsv/sdk';
import { describe, expect, it } from 'vitest';
import { extractExamples } from './harness/run.ts';
import { brokenFacts } from '../support/example-facts.ts';
import { Sandbox, type RunReport } from '../../src/runner/sandbox.ts';
import { RUN_OPTIONS, type RunSpec } from '../../src/sandbox/run-options.ts';

/**
 * The in-page runner's sandbox (src/runner/sandbox.ts) in Node: the same code the worker runs, with
 * every example's run options from src/sandbox/run-options.ts. The browser side is
 * tests/e2e/runner.spec.ts.
 */
const examples = await extractExamples();
const example = (id: string): { code: string; fileName: string } => {
  const found = examples.get(id);
  if (found === undefined) throw new Error(`no example ${id}`);
  return found;
};
const spec = (id: string): RunSpec => {
  const options = RUN_OPTIONS[id];
  if (options === undefined) throw new Error(`${id} has no run options`);
  return options;
};
/** Examples run in each sandbox: a required step runs once until a new sandbox, as in the worker. */
const ran = new WeakMap<Sandbox, Set<string>>();
const run = async (sandbox: Sandbox, id: string, override?: Partial<RunSpec>): Promise<RunReport> => {
  const done = ran.get(sandbox) ?? new Set<string>();
  ran.set(sandbox, done);
  for (const other of spec(id).requires ?? []) {
    if (done.has(other)) continue;
    expect((await sandbox.run(example(other).code, example(other).fileName, spec(other), () => {})).code).toBe(0);
    done.add(other);
  }
  const report = await sandbox.run(example(id).code, example(id).fileName, { ...spec(id), ...override }, () => {});
  if (report.code === 0) done.add(id);
  return report;
};

describe('in-page runner sandbox', () => {
  it('every example with run options names a book example and runs to exit code 0 with nothing on stderr', async () => {
    const sandbox = new Sandbox();
    const ids = Object.keys(RUN_OPTIONS);
    // Every example of the book runs in the page: none is left to run only on Node.
    expect([...ids].sort()).toEqual([...examples.keys()].sort());
    const broken: string[] = [];
    for (const id of ids) {
      const r = await run(sandbox, id);
      // AuthFetch logs each paid attempt (console.warn) itself: the SDK's log, not an error.
      expect({ id, code: r.code, stderr: r.stderr.replace(/^\[AuthFetch\]\[Payment\] .*\n/gm, '') }).toEqual({ id, code: 0, stderr: '' });
      broken.push(...brokenFacts(id, r.stdout, r.transactions.length));
    }
    // Each prints what its Node test checks (tests/support/example-facts.ts).
    expect(broken).toEqual([]);
  });

  it("shows a library's log with its long strings cut, and the example's own output exactly", async () => {
    const sandbox = new Sandbox();
    const r = await run(sandbox, 'paid-ai-api-client');
    expect(r.code).toBe(0);
    const authFetch = `${r.stdout}${r.stderr}`.split('\n').filter((l) => l.startsWith('[AuthFetch]'));
    expect(authFetch.length).toBeGreaterThan(0);
    // AuthFetch logs each payment with its whole transaction in base64 (over 900 characters): cut.
    expect(authFetch.every((l) => l.length < 1_000 && /… \(\d+ characters\)/.test(l))).toBe(true);
    expect(r.stdout).toMatch(/^\{"summary":"Grid batteries shift solar power into the evening\.","paid":70,"paymentTxid":"[0-9a-f]{64}","requestId":"[0-9a-f-]{36}"\}$/m);
  });

  it('reports the transactions the fake ARC accepted: id, size, fee and outputs, as the chain holds them', async () => {
    const sandbox = new Sandbox();
    const r = await run(sandbox, 'reviewed-p2pkh-payment');
    expect(r.transactions).toHaveLength(1);
    const [summary] = r.transactions;
    const tx = sandbox.chain.get(summary?.txid ?? '');
    if (tx === undefined || summary === undefined) throw new Error('not on the chain');
    expect(r.stdout).toContain(`accepted: ${summary.txid}`);
    expect(summary.size).toBe(tx.toBinary().length);
    expect(summary.outputs[0]).toEqual({ satoshis: 12_000, script: 'P2PKH', asm: `OP_DUP OP_HASH160 ${tx.outputs[0]?.lockingScript.toHex().slice(6, 46) ?? ''} OP_EQUALVERIFY OP_CHECKSIG` });
    expect(summary.inputs).toEqual([{ outpoint: `${tx.inputs[0]?.sourceTransaction?.id('hex') ?? ''}.0`, satoshis: 50_000 }]);
    expect(Transaction.fromHex(summary.hex).id('hex')).toBe(summary.txid);
    expect(r.stdout).toContain(`fee: ${summary.fee ?? -1} sats`);
    expect(summary.outputs[1]?.script).toBe('P2PKH');
    expect(summary.fee).toBe((tx.inputs[0]?.sourceTransaction?.outputs[0]?.satoshis ?? 0) - tx.outputs.reduce((n, o) => n + (o.satoshis ?? 0), 0));
  });

  it('keeps files between runs (commission-lot writes the lot event a later example reads) until a new sandbox', async () => {
    const sandbox = new Sandbox();
    await run(sandbox, 'commission-lot');
    const event = sandbox.fs.files.get('/sandbox/G-114.event.json');
    expect(event).toBeDefined();
    const r = await sandbox.run("import { readFile } from 'node:fs/promises'\nconsole.log(JSON.parse(await readFile('G-114.event.json', 'utf8')).outpoint)\n", 'read.ts', {}, () => {});
    expect(r.stdout).toMatch(/^[0-9a-f]{64}\.0\n$/);
    expect(new Sandbox().fs.files.size).toBe(0);
  });

  it('a second run continues on the same chain: the same payment cannot be spent twice', async () => {
    const sandbox = new Sandbox();
    const first = await run(sandbox, 'reviewed-p2pkh-payment');
    const height = sandbox.chain.height;
    const again = await sandbox.run(example('reviewed-p2pkh-payment').code, 'pay-with-change.ts', { env: { PAYER_WIF: '{{p.wif}}' }, keys: { p: 1000 } }, () => {});
    expect(first.code).toBe(0);
    expect(again.code).not.toBe(0); // no arguments this time: the example refuses before signing
    expect(sandbox.chain.height).toBeGreaterThan(height - 1);
    expect(sandbox.chain.accepted.length).toBe(1);
  });

  it('shows the line an error came from, and a host nobody serves is unreachable (no request leaves)', async () => {
    const sandbox = new Sandbox();
    const thrown = await sandbox.run("const a: number = 1\nconsole.log(a)\nthrow new Error('boom')\n", 'boom.ts', {}, () => {});
    expect(thrown).toMatchObject({ code: 1, stdout: '1\n', errorLine: 3 });
    expect(thrown.stderr).toContain('Error: boom');
    const offline = await sandbox.run("await fetch('https://example.com/')\n", 'net.ts', {}, () => {});
    expect(offline.code).toBe(1);
    expect(offline.stderr).toContain('example.com is not reachable from the offline examples');
    expect(sandbox.net.calls('example.com')).toHaveLength(1);
    const exit = await sandbox.run('process.exitCode = 3\n', 'exit.ts', {}, () => {});
    expect(exit.code).toBe(3);
  });

  it('a server example listens on the fake network and its client pays it', async () => {
    const sandbox = new Sandbox();
    const r = await run(sandbox, 'brc121-client');
    expect(r.stdout).toMatch(/^200 /);
    expect(r.transactions).toHaveLength(1);
  });
});
