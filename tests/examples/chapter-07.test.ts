import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { startExample, type Started } from './harness/run.ts';
import type { TestWallet } from '../../src/sandbox/test-wallet.ts';

let ctx: ExampleContext;
let server: Started;
let serverWallet: TestWallet;
let api = '';

beforeAll(async () => {
  ctx = await exampleContext();
  serverWallet = ctx.newWallet();
  ctx.net.serveWallet('wallet.ai-server.test', serverWallet);
  server = await startExample(ctx.example('paid-ai-api-server').file, { net: ctx.net.url, env: { PORT: '0', WALLET_URL: 'http://wallet.ai-server.test' } }, /AI API on (http:\/\/localhost:\d+) as ([0-9a-f]{66})/);
  api = /AI API on (http:\/\/localhost:\d+)/.exec(server.output())?.[1] ?? '';
});
afterAll(async () => {
  await server.stop();
  await ctx.close();
});

const TEXT = 'Grid batteries shift solar power into the evening. They also stabilise frequency.';

describe('Chapter 7 examples', () => {
  it('paid-ai-api-server and paid-ai-api-client: mutual auth, a 402 paid at the quoted price, and a signed audit record', async () => {
    expect(server.output()).toContain(serverWallet.identityKey);
    const before = serverWallet.received.length;
    const r = await ctx.run('paid-ai-api-client', { args: [TEXT], env: { AI_API_URL: api, AI_PROVIDER_KEY: serverWallet.identityKey } });
    expect(r.stderr).not.toMatch(/\bError\b/); // AuthFetch logs each paid attempt to stderr
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '') as { summary: string; paid: number; paymentTxid: string };
    expect(out.summary).toBe('Grid batteries shift solar power into the evening.');
    expect(out.paid).toBe(50 + 20); // 81 characters: base fee plus one started 1,000
    // The server's wallet took in a BRC-29 payment from the client's identity, on the chain.
    expect(serverWallet.received.slice(before)).toEqual([{ txid: out.paymentTxid, vout: 0, satoshis: 70, sender: ctx.wallet.identityKey }]);
    expect(ctx.chain.get(out.paymentTxid)).toBeDefined();
  });

  it('paid-ai-api-client refuses a provider whose identity key is not the pinned one', async () => {
    const before = serverWallet.received.length;
    const r = await ctx.run('paid-ai-api-client', { args: [TEXT], env: { AI_API_URL: api, AI_PROVIDER_KEY: ctx.newWallet().identityKey } });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Unexpected provider identity/);
    // The pin is checked on a free first call, before the text is sent: nothing was paid.
    expect(serverWallet.received.length).toBe(before);
    // No pinned key at all: refused before any request, so nothing is paid to whoever answers.
    const unpinned = await ctx.run('paid-ai-api-client', { args: [TEXT], env: { AI_API_URL: api } });
    expect(unpinned.code).not.toBe(0);
    expect(unpinned.stderr).toMatch(/Set AI_PROVIDER_KEY/);
    expect(serverWallet.received.length).toBe(before);
  });

  it('paid-ai-api-server: public price list, no unauthenticated access, bad input refused before a price is quoted', async () => {
    expect(await (await fetch(`${api}/v1/prices`)).json()).toEqual({ model: 'summariser-v3.2', baseSatoshis: 50, satoshisPer1000Chars: 20, maxChars: 100_000 });
    const plain = await fetch(`${api}/v1/summarise`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: TEXT }) });
    expect(plain.status).toBe(401);
    const run = await ctx.driver(
      'paid-ai-api-client',
      `import { AuthFetch, WalletClient } from '@bsv/sdk'
const client = new AuthFetch(new WalletClient('auto', 'probe.example'))
const out: number[] = []
for (const body of [{}, { text: '' }, { text: 'x'.repeat(100_001) }]) {
  const res = await client.fetch(process.argv[2] + '/v1/summarise', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  out.push(res.status)
}
out.push((await client.fetch(process.argv[2] + '/v1/audit/not-mine', { method: 'GET' })).status)
console.log(JSON.stringify(out))
`,
    );
    const before = serverWallet.received.length;
    const r = await run({ args: [api] });
    expect(r.stderr).not.toMatch(/\bError\b/); // AuthFetch logs each paid attempt to stderr
    expect(JSON.parse(r.stdout)).toEqual([400, 400, 413, 404]);
    expect(serverWallet.received.length).toBe(before); // nothing was charged
  });

  it('spending-cap-wallet pays prices under the cap and refuses the rest without paying', async () => {
    const before = serverWallet.received.length;
    const long = 'A sentence about storage. '.repeat(400); // 10,400 characters: 270 satoshis
    const r = await ctx.run('spending-cap-wallet', { args: [TEXT, long, TEXT, TEXT], env: { AI_API_URL: api, MAX_SATS_PER_REQUEST: '200', BUDGET_SATS: '150' } });
    expect(r.stderr).not.toMatch(/\bError\b/); // AuthFetch logs each paid attempt to stderr
    const lines = r.stdout.split('\n').filter((l) => /^\d+ chars: /.test(l)); // AuthFetch also logs its payment attempts
    expect(lines[0]).toMatch(/^81 chars: 200 /);
    expect(lines[1]).toBe('10400 chars: Refused: 270 satoshis is over the 200-satoshi cap per request');
    expect(lines[2]).toMatch(/^81 chars: 200 /);
    expect(lines[3]).toBe('81 chars: Refused: the 150-satoshi budget has 10 left');
    expect(serverWallet.received.slice(before).map((p) => p.satoshis)).toEqual([70, 70]);
  });

  it('spending-cap-wallet, given the provider key, pays that key and refuses to pay any other key a 402 names', async () => {
    const before = serverWallet.received.length;
    const env = { AI_API_URL: api, MAX_SATS_PER_REQUEST: '200', BUDGET_SATS: '1000' };
    const stranger = ctx.newWallet().identityKey;
    const wrong = await ctx.run('spending-cap-wallet', { args: [TEXT], env: { ...env, AI_PROVIDER_KEY: stranger } });
    expect(wrong.stdout).toContain(`81 chars: Refused: the payment is for ${serverWallet.identityKey}, not the provider ${stranger}`);
    expect(serverWallet.received.length).toBe(before);
    const right = await ctx.run('spending-cap-wallet', { args: [TEXT], env: { ...env, AI_PROVIDER_KEY: serverWallet.identityKey } });
    expect(right.stdout).toMatch(/^81 chars: 200 /m);
    expect(serverWallet.received.slice(before).map((p) => p.satoshis)).toEqual([70]);
  });
});
