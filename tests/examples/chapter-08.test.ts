import { Hash, MasterCertificate, PrivateKey, ProtoWallet, Utils } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { startExample, writeDriver, type Started } from './harness/run.ts';

let ctx: ExampleContext;
let server: Started;
let api = '';
const APP = 'http://localhost:4321';

beforeAll(async () => {
  ctx = await exampleContext();
  server = await startExample(ctx.example('wallet-sign-in-server').file, { net: ctx.net.url, env: { SERVER_WIF: PrivateKey.fromRandom().toWif(), PORT: '0', APP_ORIGIN: APP } }, /sign-in server on (http:\/\/localhost:\d+)/);
  api = /sign-in server on (http:\/\/localhost:\d+)/.exec(server.output())?.[1] ?? '';
});
afterAll(async () => {
  await server.stop();
  await ctx.close();
});

const CLIENT_DRIVER = `import { signIn, whoAmI, signOut } from './sign-in-client.ts'
const api = process.argv[2] ?? ''
const result: Record<string, unknown> = {}
try {
  result.before = (await whoAmI(api)) ?? null
  result.signedIn = await signIn(api)
  result.me = (await whoAmI(api)) ?? null
  await signOut(api)
  result.afterSignOut = (await whoAmI(api)) ?? null
} catch (e) { result.error = (e as Error).message }
console.log(JSON.stringify(result))
`;

describe('Chapter 8 examples', () => {
  it('wallet-sign-in-client and wallet-sign-in-server work together across origins: challenge, signature, stored session, sign-out', async () => {
    const run = await ctx.driver('wallet-sign-in-client', CLIENT_DRIVER);
    // The page runs on APP; the API on another origin. The preload makes fetch behave as a browser's.
    const r = await run({ args: [api], env: { EXAMPLES_BROWSER_ORIGIN: APP } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ before: null, signedIn: ctx.wallet.identityKey, me: ctx.wallet.identityKey, afterSignOut: null });
  });

  it('wallet-sign-in-server refuses other origins, replayed challenges, forged signatures and bad bodies', async () => {
    const run = await ctx.driver('wallet-sign-in-client', CLIENT_DRIVER);
    const evil = await run({ args: [api], env: { EXAMPLES_BROWSER_ORIGIN: 'https://evil.example' } });
    expect((JSON.parse(evil.stdout) as { error?: string }).error).toMatch(/CORS/);

    const identityKey = ctx.wallet.identityKey;
    const post = async (path: string, body: unknown): Promise<Response> => await fetch(`${api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const { challenge } = (await (await post('/auth/challenge', { identityKey })).json()) as { challenge: string };
    const forged = await post('/auth/verify', { identityKey, challenge, signature: Utils.toHex(PrivateKey.fromRandom().sign([1, 2, 3]).toDER() as number[]) });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('set-cookie')).toBeNull();
    // The challenge was consumed by the failed attempt: a correct signature now is too late.
    const signature = await ctx.wallet.createSignature({ data: Utils.toArray(`Sign in to app.example.com\nchallenge: ${challenge}`, 'utf8'), protocolID: [2, 'app example sign in'], keyID: challenge, counterparty: (await (await post('/auth/challenge', { identityKey })).json() as { serverIdentityKey: string }).serverIdentityKey });
    expect((await post('/auth/verify', { identityKey, challenge, signature: Utils.toHex(signature.signature) })).status).toBe(401);
    expect((await post('/auth/challenge', { identityKey: 'not-a-key' })).status).toBe(400);
    expect((await post('/auth/challenge', '{"identityKey":')).status).toBe(400);
    expect((await post('/auth/challenge', { identityKey, padding: 'x'.repeat(10_000) })).status).toBe(413);
    expect((await fetch(`${api}/auth/me`, { headers: { cookie: `sid=${'ab'.repeat(32)}` } })).status).toBe(401);
    expect((await fetch(`${api}/nowhere`)).status).toBe(404);
    // Login CSRF: a cross-site form posting a valid challenge and signature is refused before it is read.
    const { challenge: fresh, serverIdentityKey } = (await (await post('/auth/challenge', { identityKey })).json()) as { challenge: string; serverIdentityKey: string };
    const valid = await ctx.wallet.createSignature({ data: Utils.toArray(`Sign in to app.example.com\nchallenge: ${fresh}`, 'utf8'), protocolID: [2, 'app example sign in'], keyID: fresh, counterparty: serverIdentityKey });
    const crossSite = await fetch(`${api}/auth/verify`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'https://evil.example' }, body: JSON.stringify({ identityKey, challenge: fresh, signature: Utils.toHex(valid.signature) }) });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
  });

  it('wallet-sign-in-server sets a Secure cookie only when its public URL is HTTPS', async () => {
    const secure = await startExample(ctx.example('wallet-sign-in-server').file, { net: ctx.net.url, env: { SERVER_WIF: PrivateKey.fromRandom().toWif(), PORT: '0', APP_ORIGIN: APP, PUBLIC_URL: 'https://api.example.com' } }, /sign-in server on (http:\/\/localhost:\d+)/);
    try {
      const url = /sign-in server on (http:\/\/localhost:\d+)/.exec(secure.output())?.[1] ?? '';
      const run = await ctx.driver('wallet-sign-in-client', CLIENT_DRIVER);
      // Over plain HTTP a browser drops the Secure cookie, so the session never sticks: the
      // reason the old example (Secure cookie from an http server) could not work locally.
      const r = await run({ args: [url], env: { EXAMPLES_BROWSER_ORIGIN: APP } });
      expect(JSON.parse(r.stdout)).toMatchObject({ signedIn: ctx.wallet.identityKey, me: null });
      expect(r.stderr).toMatch(/Secure cookie set over http/);
    } finally {
      await secure.stop();
    }
  });

  it('certificate-selective-disclosure reveals only over18 to the verifier, with a valid certifier signature, and refuses it once the certifier spends its revocation outpoint', async () => {
    const revocation = PrivateKey.fromRandom();
    const funding = ctx.chain.fundAddress(revocation.toAddress('testnet'), 1_000);
    const before = ctx.chain.accepted.length;
    const r = await ctx.run('certificate-selective-disclosure', { env: { REVOCATION_WIF: revocation.toWif(), REVOCATION_FUNDING: funding.toHex() } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual(['certifier signature valid: true', 'issued by expected certifier: true', 'subject is the user we authenticated: true', 'type is the one asked for: true']);
    expect(r.stdout).toContain("revealed fields: { over18: 'true' }");
    expect(r.stdout).toMatch(/fields still encrypted: \[ 'name', 'dateOfBirth', 'country' \]/);
    // Revocation (defect 2): a real outpoint, live at first, refused once spent.
    expect(lines.slice(-2)).toEqual(['not revoked: true', 'after revocation, not revoked: false']);
    const revoke = ctx.chain.accepted[before];
    expect(revoke?.inputs[0]?.sourceTXID ?? revoke?.inputs[0]?.sourceTransaction?.id('hex')).toBe(funding.id('hex'));
    expect(ctx.net.calls('api.whatsonchain.com').filter((c) => c.url.includes(`/address/${revocation.toAddress('testnet')}/unspent/all`))).toHaveLength(2);
    // Without a revocation output the certifier refuses to issue at all.
    const none = await ctx.run('certificate-selective-disclosure');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/Set REVOCATION_WIF and REVOCATION_FUNDING/);
  });

  it('auth-fetch-require-certificate sends the sensitive request only to a server proving a certificate from the trusted certifier', async () => {
    const provider = ctx.newWallet();
    ctx.net.serveWallet('wallet.provider.test', provider);
    const certifier = new ProtoWallet(PrivateKey.fromRandom());
    const { publicKey: certifierKey } = await certifier.getPublicKey({ identityKey: true });
    const type = Utils.toBase64(Hash.sha256(Utils.toArray('care provider registration v1', 'utf8')));
    const cert = await MasterCertificate.issueCertificateForSubject(certifier, provider.identityKey, { organisationName: 'Northside Clinic', registrationNumber: 'RC-1234', address: '1 High St' }, type, async () => `${ctx.chain.fundAddress(PrivateKey.fromRandom().toAddress('testnet'), 1).id('hex')}.0`); // spending that output revokes it
    provider.certificates.push({ certificate: cert, keyring: cert.masterKeyring });
    const serverFile = await writeDriver(
      ctx.example('auth-fetch-require-certificate'),
      'provider-server.ts',
      `import express from 'express'
import type { AddressInfo } from 'node:net'
import { createAuthMiddleware } from '@bsv/auth-express-middleware'
import { HTTPWalletJSON, WalletClient } from '@bsv/sdk'
const wallet = new WalletClient(new HTTPWalletJSON('provider.example', process.env.WALLET_URL), 'provider.example')
const app = express()
app.use(express.json())
app.use(createAuthMiddleware({ wallet }))
app.get('/api/hello', (_req, res) => { res.json({ hello: 'care provider' }) })
app.post('/api/summaries', (req, res) => { res.json({ stored: (req.body as { summaryId: string }).summaryId }) })
const server = app.listen(0, () => console.log('provider on http://localhost:' + (server.address() as AddressInfo).port))
`,
    );
    const providerServer = await startExample(serverFile, { net: ctx.net.url, env: { WALLET_URL: 'http://wallet.provider.test' } }, /provider on (http:\/\/localhost:\d+)/);
    try {
      ctx.net.proxy('provider.example', /provider on (http:\/\/localhost:\d+)/.exec(providerServer.output())?.[1] ?? '');
      const ok = await ctx.run('auth-fetch-require-certificate', { env: { CARE_CERTIFIER_KEY: certifierKey, CARE_PROVIDER_CERT_TYPE: type } });
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('server is Northside Clinic (RC-1234)');
      expect(ok.stdout).toContain('200 {"stored":"visit-2025-03-04"}');
      // A certificate from anyone else is not enough: nothing sensitive is sent.
      const before = ctx.net.calls('provider.example').length;
      const untrusted = await ctx.run('auth-fetch-require-certificate', { env: { CARE_CERTIFIER_KEY: PrivateKey.fromRandom().toPublicKey().toString(), CARE_PROVIDER_CERT_TYPE: type } });
      expect(untrusted.code).not.toBe(0);
      // The SDK's Peer already refuses to send anything until the requested certificate arrives.
      expect(untrusted.stderr).toMatch(/certificate validation is complete|did not prove it is a registered care provider/);
      expect(ctx.net.calls('provider.example').slice(before).some((c) => c.url.endsWith('/api/summaries'))).toBe(false);
    } finally {
      await providerServer.stop();
    }
  });
});
