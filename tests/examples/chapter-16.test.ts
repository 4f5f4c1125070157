import { P2PKH, PublicKey, SatoshisPerKilobyte, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { startExample, type Started } from './harness/run.ts';
import type { TestWallet } from '../../src/sandbox/test-wallet.ts';

let ctx: ExampleContext;
let server: Started;
let serverWallet: TestWallet;
let base = '';

beforeAll(async () => {
  ctx = await exampleContext();
  serverWallet = ctx.newWallet();
  ctx.net.serveWallet('wallet.news.test', serverWallet);
  server = await startExample(ctx.example('brc121-paid-endpoint').file, { net: ctx.net.url, env: { PORT: '0', WALLET_URL: 'http://wallet.news.test' } }, /BRC-121 server on (http:\/\/localhost:\d+)/);
  base = /on (http:\/\/localhost:\d+)/.exec(server.output())?.[1] ?? '';
});
afterAll(async () => {
  await server.stop();
  await ctx.close();
});

/** Builds BRC-121 payment headers by hand (as a client would), to probe the server's checks. */
async function payment(sats: number, opts: { time?: number; sender?: TestWallet; to?: string } = {}): Promise<Record<string, string>> {
  const payer = opts.sender ?? ctx.wallet;
  const nonce = Utils.toBase64(Array.from({ length: 32 }, () => Math.floor(Math.random() * 256)));
  const time = String(opts.time ?? Date.now());
  const { publicKey } = await payer.getPublicKey({ protocolID: [2, '3241645161d8'], keyID: `${nonce} ${Utils.toBase64(Utils.toArray(time, 'utf8'))}`, counterparty: opts.to ?? serverWallet.identityKey });
  const { tx } = await payer.createAction({ description: 'Pay', outputs: [{ lockingScript: new P2PKH().lock(PublicKey.fromString(publicKey).toHash()).toHex(), satoshis: sats, outputDescription: 'Payment' }] });
  if (tx === undefined) throw new Error('no tx');
  return { 'x-bsv-beef': Utils.toBase64(Array.from(tx)), 'x-bsv-sender': payer.identityKey, 'x-bsv-nonce': nonce, 'x-bsv-time': time, 'x-bsv-vout': '0' };
}

describe('Chapter 16 examples', () => {
  it('brc121-client pays the quoted price from the wallet and gets the article; brc121-paid-endpoint books it', async () => {
    const before = serverWallet.received.length;
    const r = await ctx.run('brc121-client', { args: [`${base}/articles/grid-storage`, '500'] });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('200 Grid storage, explained: batteries move solar power into the evening peak.');
    expect(serverWallet.received.slice(before)).toEqual([expect.objectContaining({ satoshis: 120, vout: 0, sender: ctx.wallet.identityKey })]);
    const cap = await ctx.run('brc121-client', { args: [`${base}/articles/grid-storage`, '100'] });
    expect(cap.code).not.toBe(0);
    expect(cap.stderr).toMatch(/Price 120 satoshis is over the 100-satoshi limit/);
    expect(serverWallet.received.length).toBe(before + 1);
    // Given the service's published key, the client pays no other key a 402 names.
    const stranger = ctx.newWallet().identityKey;
    const foreign = await ctx.run('brc121-client', { args: [`${base}/articles/grid-storage`, '500', stranger] });
    expect(foreign.code).not.toBe(0);
    expect(foreign.stderr).toContain(`The 402 names ${serverWallet.identityKey}, not the service's key ${stranger}`);
    expect(serverWallet.received.length).toBe(before + 1);
    const named = await ctx.run('brc121-client', { args: [`${base}/articles/grid-storage`, '500', serverWallet.identityKey] });
    expect(named.stdout.trim()).toMatch(/^200 Grid storage, explained/);
    expect(serverWallet.received.length).toBe(before + 2);
    // The clock is read only after the wallet's key prompts (identity key, then a key for this
    // server) are answered: a wallet that takes a while to answer them does not age the payment.
    const answered: { identityKey: number; serverKey: number; paymentTime: number } = { identityKey: 0, serverKey: 0, paymentTime: 0 };
    const real = ctx.wallet;
    ctx.net.wallet = new Proxy(real, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop !== 'getPublicKey' || typeof value !== 'function') return value;
        return async (args: { identityKey?: boolean; counterparty?: string; keyID?: string }) => {
          // The payment key's ID is "<nonce> <base64 of the time>": the moment the client read the clock.
          const suffix = args.keyID?.split(' ')[1];
          if (args.counterparty === serverWallet.identityKey && suffix !== undefined && /^\d+$/.test(Utils.toUTF8(Utils.toArray(suffix, 'base64')))) {
            answered.paymentTime = Number(Utils.toUTF8(Utils.toArray(suffix, 'base64')));
          }
          const out: unknown = await (value as (a: unknown) => Promise<unknown>).call(target, args);
          await new Promise((resolve) => setTimeout(resolve, 40)); // a prompt answered after a moment
          if (args.identityKey === true) answered.identityKey ||= Date.now();
          else if (args.counterparty === serverWallet.identityKey) answered.serverKey ||= Date.now();
          return out;
        };
      },
    });
    const slow = await ctx.run('brc121-client', { args: [`${base}/articles/grid-storage`, '500'] });
    ctx.net.wallet = real;
    expect(slow.stdout.trim()).toMatch(/^200 Grid storage, explained/);
    expect(answered.paymentTime).toBeGreaterThan(0);
    expect(answered.paymentTime).toBeGreaterThanOrEqual(Math.max(answered.identityKey, answered.serverKey));
  });

  it('brc121-paid-endpoint answers 402 with price and key, and refuses stale, short, foreign and replayed payments', async () => {
    const get = async (headers: Record<string, string> = {}): Promise<Response> => await fetch(`${base}/articles/heat-pumps`, { headers });
    const bare = await get();
    expect(bare.status).toBe(402);
    expect(bare.headers.get('x-bsv-sats')).toBe('80');
    expect(bare.headers.get('x-bsv-server')).toBe(serverWallet.identityKey);
    // A browser client reads the price, the key and why a payment was refused.
    expect(bare.headers.get('access-control-expose-headers')).toBe('x-bsv-sats, x-bsv-server, x-bsv-reason');
    // A browser's preflight for a paid request from another origin is allowed, naming the payment headers.
    const preflight = await fetch(`${base}/articles/heat-pumps`, { method: 'OPTIONS', headers: { origin: 'https://reader.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-bsv-beef,x-bsv-sender' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-bsv-beef');
    const reason = async (h: Record<string, string>): Promise<string | null> => {
      const res = await get(h);
      expect(res.status).toBe(402);
      return res.headers.get('x-bsv-reason');
    };
    expect(await reason(await payment(80, { time: Date.now() - 60_000 }))).toBe('stale or malformed x-bsv-time');
    expect(await reason(await payment(79))).toBe('payment below the price');
    expect(await reason({ ...(await payment(80)), 'x-bsv-sender': ctx.newWallet().identityKey })).toBe('payment not accepted'); // key derived for someone else
    expect(await reason({ ...(await payment(80)), 'x-bsv-beef': 'AAAA' })).toBe('x-bsv-beef is not Atomic BEEF');
    const good = await payment(80);
    const ok = await get(good);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^Heat pumps, explained/);
    // Accounting: the wallet's record of the payment carries a request identifier, and so does the
    // server's ledger line for the sale, so the two join on it.
    const booked = serverWallet.actions.at(-1);
    const requestId = /^request ([0-9a-f-]{36})$/.exec(booked?.labels[0] ?? '')?.[1];
    expect(requestId).toBeDefined();
    const ledgerLine = JSON.stringify({ request: requestId, txid: booked?.txid, article: 'heat-pumps', sats: 80 });
    await vi.waitFor(() => expect(server.output()).toContain(ledgerLine));
    expect(await reason(good)).toBe('payment already used');
    expect((await fetch(`${base}/articles/unknown`)).status).toBe(404);
  });

  it('brc121-paid-endpoint refuses a replayed payment by its own record behind a wallet that does not report isMerge', async () => {
    const plain = ctx.newWallet();
    // A wallet whose internalizeAction answers only { accepted: true }, as SDK 2.1.0's type declares.
    const forgetful = new Proxy(plain, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop !== 'internalizeAction' || typeof value !== 'function') return value;
        return async (args: unknown) => {
          await (value as (a: unknown) => Promise<unknown>).call(target, args);
          return { accepted: true };
        };
      },
    });
    ctx.net.serveWallet('wallet.plain.test', forgetful);
    const other = await startExample(ctx.example('brc121-paid-endpoint').file, { net: ctx.net.url, env: { PORT: '0', WALLET_URL: 'http://wallet.plain.test' } }, /BRC-121 server on (http:\/\/localhost:\d+)/);
    try {
      const url = `${/on (http:\/\/localhost:\d+)/.exec(other.output())?.[1] ?? ''}/articles/heat-pumps`;
      const good = await payment(80, { to: plain.identityKey });
      expect((await fetch(url, { headers: good })).status).toBe(200);
      const again = await fetch(url, { headers: good });
      expect(again.status).toBe(402);
      expect(again.headers.get('x-bsv-reason')).toBe('payment already used');
      // Two requests at once with one payment: one is served.
      const twice = await payment(80, { to: plain.identityKey });
      const both = await Promise.all([fetch(url, { headers: twice }), fetch(url, { headers: twice })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 402]);
    } finally {
      await other.stop();
    }
  });

  it('payment-unit-economics computes the fee of a signed payment at the ARC policy rate and its share per price', async () => {
    const r = await ctx.run('payment-unit-economics', { env: { BSV_USD: '40' } });
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    const [, bytes = '', fee = ''] = /^payment transaction: (\d+) bytes, fee (\d+) sats/.exec(lines[0] ?? '') ?? [];
    // The policy served to LivePolicy is 50 sat per 1,000 bytes; a 1-in, 2-out P2PKH payment is ~226 bytes.
    expect(Number(bytes)).toBeGreaterThanOrEqual(224);
    expect(Number(bytes)).toBeLessThanOrEqual(228);
    expect(Number(fee)).toBe(Math.ceil((Number(bytes) / 1000) * 50));
    expect(ctx.net.calls('arc.gorillapool.io').some((c) => c.url.endsWith('/v1/policy'))).toBe(true);
    expect(lines[1]).toBe(`price 20 sats ($0.000008): fee is ${((Number(fee) / 20) * 100).toFixed(1)}% of the price, ${((Number(fee) / (20 + Number(fee))) * 100).toFixed(1)}% of what the payer spends`);
    expect(lines).toHaveLength(6);
    // The same computation in-process with a fixed rate agrees with the SDK's fee model.
    const { paymentFee } = (await import(ctx.example('payment-unit-economics').file)) as { paymentFee: (f: SatoshisPerKilobyte) => Promise<{ bytes: number; fee: number }> };
    const fixed = await paymentFee(new SatoshisPerKilobyte(100));
    expect(fixed.fee).toBe(Math.ceil((fixed.bytes / 1000) * 100));
  });
});
