import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { runExample, startExample, workDir, type RunResult, type Started } from './harness/run.ts';

/**
 * The companion project examples/model-registry, end to end and offline: its overlay server (topic
 * manager + lookup service, SPV against the fake chain's headers), the register script (wallet ->
 * PushDrop token -> TopicBroadcaster) and the lookup script (LookupResolver -> SPV -> hash check).
 * Ch 6's examples 3-5 are these very files (checked below), so the book and the project cannot drift.
 */
const PROJECT = path.resolve('examples/model-registry');
let ctx: ExampleContext;
let overlay: Started;
let overlayUrl = '';
let dir = '';

/** Serves the SDK's 'local' host through `answer`: a lagging or careless host in front of ours. */
const throughHost = (answer: (body: Record<string, unknown>, forward: (body: unknown) => Promise<unknown>) => Promise<unknown>): void => {
  ctx.net.route('localhost:8080', async (req) => {
    const forward = async (body: unknown): Promise<unknown> =>
      (await (await fetch(`${overlayUrl}${req.url.pathname}`, { method: req.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as unknown;
    const body = JSON.parse(new TextDecoder().decode(new Uint8Array(req.body))) as Record<string, unknown>;
    return { status: 200, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode(JSON.stringify(await answer(body, forward))) };
  });
};

beforeAll(async () => {
  ctx = await exampleContext();
  overlay = await startExample(path.join(PROJECT, 'src/overlay-server.ts'), { net: ctx.net.url, env: { PORT: '0' } }, /overlay \(testnet\) on (http:\/\/localhost:\d+)/);
  overlayUrl = /on (http:\/\/localhost:\d+)/.exec(overlay.output())?.[1] ?? '';
  // The SDK's 'local' overlay preset talks to localhost:8080; here that is our server on a free port.
  ctx.net.proxy('localhost:8080', overlayUrl);
  dir = await workDir();
  await writeFile(path.join(dir, 'weights-v1.bin'), 'weights, first training run');
  await writeFile(path.join(dir, 'weights-v2.bin'), 'weights, fine-tuned');
  await writeFile(path.join(dir, 'card.md'), '# Model card');
});
afterAll(async () => {
  await overlay.stop();
  await ctx.close();
});

const script = async (name: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> =>
  await runExample(path.join(PROJECT, 'scripts', name), { net: ctx.net.url, cwd: dir, args, env: { OVERLAY_NETWORK: 'local', ...env } });

describe('examples/model-registry', () => {
  it('is what Chapter 6 prints: the topic manager, register and lookup examples are the project files', async () => {
    expect(ctx.example('model-registry-topic-manager').code).toBe(await readFile(path.join(PROJECT, 'src/topic-manager.ts'), 'utf8'));
    expect(ctx.example('register-and-submit-to-topic').code).toBe(await readFile(path.join(PROJECT, 'scripts/register.ts'), 'utf8'));
    expect(ctx.example('lookup-and-verify-registration').code).toBe(await readFile(path.join(PROJECT, 'scripts/lookup.ts'), 'utf8'));
  });

  it('registers, looks up each named host along the published line, updates, and refuses a squatter, a stale or silent host and a wrong weights file', async () => {
    const publisher = ctx.newWallet();
    ctx.net.wallet = publisher;
    const v1 = await script('register.ts', ['acme/summariser', 'weights-v1.bin', 'card.md']);
    expect(v1.stderr).toBe('');
    expect(v1.stdout).toMatch(/^registered acme\/summariser v1 in [0-9a-f]{64}:0/);
    // It prints the key and the version 1 outpoint a buyer must be given, the ones the lookups below use.
    expect(v1.stdout).toContain(`publisher identity key ${publisher.identityKey}: buyers pass it to lookup as PUBLISHER_IDENTITY_KEY`);
    const v1Outpoint = /version 1 outpoint ([0-9a-f]{64}\.0): publish it with the model's name/.exec(v1.stdout)?.[1] ?? '';
    expect(v1Outpoint).toBe(`${/ in ([0-9a-f]{64}):0/.exec(v1.stdout)?.[1] ?? 'none'}.0`);
    expect(ctx.net.calls('localhost:8080').map((c) => `${c.method} ${new URL(c.url).pathname} ${c.status}`)).toEqual(['POST /submit 200']);
    const byPublisher = { PUBLISHER_IDENTITY_KEY: publisher.identityKey, PUBLISHER_V1_OUTPOINT: v1Outpoint };

    const found = await script('lookup.ts', ['acme/summariser', 'weights-v1.bin'], byPublisher);
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/^acme\/summariser v1 registered in [0-9a-f]{64}:0\nweights match the registered hash\n$/);
    // SPV: the answer was checked against (fake) testnet headers.
    expect(ctx.net.calls('api.whatsonchain.com').some((c) => c.url.includes('/v1/bsv/test/'))).toBe(true);

    const wrong = await script('lookup.ts', ['acme/summariser', 'weights-v2.bin'], byPublisher);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/MISMATCH: registered [0-9a-f]{64}, local file [0-9a-f]{64}/);

    // The publisher updates: the script spends v1 into v2 and prints no new version 1 outpoint.
    const v2 = await script('register.ts', ['acme/summariser', 'weights-v2.bin', 'card.md']);
    expect(v2.stderr).toBe('');
    expect(v2.stdout).toMatch(/^registered acme\/summariser v2 /);
    expect(v2.stdout).not.toContain('version 1 outpoint');
    const after = await script('lookup.ts', ['acme/summariser', 'weights-v2.bin'], byPublisher);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/^acme\/summariser v2 registered in [0-9a-f]{64}:0\nweights match the registered hash\n$/);

    // A second named host that missed the update: its line ends at v1. The highest version any named
    // host returns is current, so the old weights file does not "match".
    const history = async (body: Record<string, unknown>): Promise<{ outputs: { beef: number[] }[] }> =>
      (await (await fetch(`${overlayUrl}/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { outputs: { beef: number[] }[] };
    const second = (answer: (body: Record<string, unknown>) => Promise<unknown>): void => {
      ctx.net.route('second-host.test', async (req) => {
        const body = JSON.parse(new TextDecoder().decode(new Uint8Array(req.body))) as Record<string, unknown>;
        return { status: 200, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode(JSON.stringify(await answer(body))) };
      });
    };
    const twoHosts = { ...byPublisher, LOOKUP_HOSTS: 'http://localhost:8080,http://second-host.test' };
    second(async (body) => {
      const answer = await history(body);
      return { ...answer, outputs: answer.outputs.slice(0, 1) };
    });
    const stale = await script('lookup.ts', ['acme/summariser', 'weights-v1.bin'], twoHosts);
    expect(stale.stderr).toBe('');
    expect(stale.stdout).toMatch(/^acme\/summariser v2 registered in [0-9a-f]{64}:0\nacme\/summariser v1 registered in [0-9a-f]{64}:0\nMISMATCH: the local file is v1, not the current v2\n$/);
    expect(stale.code).toBe(1);
    // A named host that answers with nothing (it lost or withholds the line): no verdict either way.
    second(async () => ({ type: 'output-list', outputs: [] }));
    const silent = await script('lookup.ts', ['acme/summariser', 'weights-v2.bin'], twoHosts);
    expect(silent.code).toBe(1);
    expect(silent.stdout).toContain(`http://second-host.test: no registration of acme/summariser on the line from ${v1Outpoint}`);
    expect(silent.stdout).toContain('no verdict');
    expect(silent.stdout).not.toContain('weights match');
    // A host whose answer holds junk beside its line (the SDK's resolver drops BEEF it cannot parse):
    // the line still counts.
    second(async (body) => {
      const answer = await history(body);
      return { ...answer, outputs: [{ beef: [1, 2, 3], outputIndex: 0 }, ...answer.outputs] };
    });
    const junk = await script('lookup.ts', ['acme/summariser', 'weights-v2.bin'], twoHosts);
    expect(junk.stderr).toBe('');
    expect(junk.stdout).toMatch(/weights match the registered hash\n$/);
    // Both hosts answer the same line: a match.
    second(history);
    expect((await script('lookup.ts', ['acme/summariser', 'weights-v2.bin'], twoHosts)).stdout).toMatch(/weights match the registered hash\n$/);

    // Someone else publishes "version 1" of the same model ID: a valid token, but not the model.
    ctx.net.wallet = ctx.newWallet();
    const squat = await script('register.ts', ['acme/summariser', 'weights-v1.bin', 'card.md']);
    expect(squat.stdout).toMatch(/registered acme\/summariser v1/);
    const still = await script('lookup.ts', ['acme/summariser', 'weights-v1.bin'], byPublisher);
    expect(still.code).toBe(1);
    expect(still.stdout).toMatch(/acme\/summariser v2 registered in .*\nMISMATCH/);
    // A buyer given another outpoint than the publisher's version 1 (a second line, or the squatter's):
    // the publisher's registrations do not lead back to it, so nothing counts.
    const squatOutpoint = /version 1 outpoint ([0-9a-f]{64}\.0)/.exec(squat.stdout)?.[1] ?? '';
    const offLine = await script('lookup.ts', ['acme/summariser', 'weights-v2.bin'], { ...byPublisher, PUBLISHER_V1_OUTPOINT: squatOutpoint });
    expect(offLine.code).toBe(1);
    expect(offLine.stdout).toContain(`http://localhost:8080: no registration of acme/summariser on the line from ${squatOutpoint}`);
    expect(offLine.stdout).not.toContain('weights match');

    const unknown = await script('lookup.ts', ['acme/unknown-model', 'weights-v1.bin'], byPublisher);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('no registration of acme/unknown-model on the line');

    // An impostor registers a model ID the publisher never used, with weights it made: a valid,
    // signed token, but not by the publisher's key, so the buyer who names the publisher is told so.
    const impostor = await script('register.ts', ['acme/translator', 'weights-v1.bin', 'card.md']);
    expect(impostor.stdout).toMatch(/^registered acme\/translator v1 /);
    const impostorOutpoint = /version 1 outpoint ([0-9a-f]{64}\.0)/.exec(impostor.stdout)?.[1] ?? '';
    const misled = { PUBLISHER_IDENTITY_KEY: publisher.identityKey, PUBLISHER_V1_OUTPOINT: impostorOutpoint };
    // The lookup asks for the publisher's line of the ID, so the host returns nothing for it.
    const fooled = await script('lookup.ts', ['acme/translator', 'weights-v1.bin'], misled);
    expect(fooled.code).toBe(1);
    expect(fooled.stdout).toContain('no registration of acme/translator on the line');
    expect(fooled.stdout).not.toContain('weights match');
    // A host that ignores the publisher's key and returns the impostor's token anyway: skipped.
    throughHost(async (body, forward) => await forward({ ...body, query: { ...(body.query as object), publisherKey: undefined } }));
    const ignored = await script('lookup.ts', ['acme/translator', 'weights-v1.bin'], misled);
    ctx.net.proxy('localhost:8080', overlayUrl);
    expect(ignored.code).toBe(1);
    expect(ignored.stdout).toMatch(/^skipping a registration of acme\/translator by another key in [0-9a-f]{64}:0\n/);
    expect(ignored.stdout).not.toContain('weights match');
    // The impostor got there first with acme/translator; when the publisher registers it too, a buyer
    // naming the publisher and its version 1 finds the publisher's registration, not the squatter's.
    ctx.net.wallet = publisher;
    const real = await script('register.ts', ['acme/translator', 'weights-v2.bin', 'card.md']);
    expect(real.stdout).toMatch(/^registered acme\/translator v1 /);
    const realOutpoint = /version 1 outpoint ([0-9a-f]{64}\.0)/.exec(real.stdout)?.[1] ?? '';
    const unsquatted = await script('lookup.ts', ['acme/translator', 'weights-v2.bin'], { PUBLISHER_IDENTITY_KEY: publisher.identityKey, PUBLISHER_V1_OUTPOINT: realOutpoint });
    expect(unsquatted.stdout).toMatch(/^acme\/translator v1 registered in [0-9a-f]{64}:0\nweights match the registered hash\n$/);
    expect(unsquatted.code).toBe(0);
    // The lookup will not run without the publisher's identity key and version 1: it has nothing to check against.
    expect((await script('lookup.ts', ['acme/summariser', 'weights-v1.bin'])).stderr).toMatch(/usage: PUBLISHER_IDENTITY_KEY=<key> PUBLISHER_V1_OUTPOINT=<txid\.0> lookup/);
    expect((await script('lookup.ts', ['acme/summariser', 'weights-v1.bin'], { PUBLISHER_IDENTITY_KEY: publisher.identityKey })).stderr).toMatch(/usage: /);
    // On a real network the lookup needs the hosts the publisher names.
    expect((await script('lookup.ts', ['acme/summariser', 'weights-v1.bin'], { ...byPublisher, OVERLAY_NETWORK: 'testnet' })).stderr).toMatch(/Set LOOKUP_HOSTS/);
    // On a real network the registration must name the hosts that must each acknowledge it; nothing is spent first.
    const accepted = ctx.chain.accepted.length;
    expect((await script('register.ts', ['acme/summariser', 'weights-v2.bin', 'card.md'], { OVERLAY_NETWORK: 'testnet' })).stderr).toMatch(/Set OVERLAY_HOSTS/);
    expect(ctx.chain.accepted.length).toBe(accepted);
  });

  it('register resends the same transaction to a named host that did not admit it, and never builds the next version to retry', async () => {
    ctx.net.wallet = ctx.newWallet();
    // A host that drops the first submission it receives, then serves as ours does; or one that admits nothing.
    const host = (drops: number, admits = true): void => {
      ctx.net.route('localhost:8080', async (req) => {
        if (req.url.pathname === '/submit' && drops-- > 0) return { status: 503 };
        if (!admits) return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tm_modelreg: { outputsToAdmit: [], coinsToRetain: [] } }) };
        const res = await fetch(`${overlayUrl}${req.url.pathname}`, { method: req.method, headers: { 'content-type': String(req.headers['content-type']), 'x-topics': String(req.headers['x-topics']) }, body: new Blob([new Uint8Array(req.body)]) });
        return { status: res.status, headers: { 'content-type': 'application/json' }, body: new Uint8Array(await res.arrayBuffer()) };
      });
    };
    const before = ctx.net.calls('localhost:8080').length;
    host(1);
    const resent = await script('register.ts', ['acme/flaky', 'weights-v1.bin', 'card.md']);
    expect(resent.code).toBe(0);
    expect(resent.stdout).toMatch(/^registered acme\/flaky v1 in [0-9a-f]{64}:0\n/);
    expect(ctx.net.calls('localhost:8080').slice(before).map((c) => `${c.method} ${new URL(c.url).pathname} ${c.status}`)).toEqual(['POST /submit 503', 'POST /submit 200']);
    // A host that still admits nothing after the resend: the script names it and the transaction to resubmit.
    host(0, false);
    const accepted = ctx.chain.accepted.length;
    const refused = await script('register.ts', ['acme/flaky', 'weights-v2.bin', 'card.md']);
    ctx.net.proxy('localhost:8080', overlayUrl);
    expect(refused.code).not.toBe(0);
    expect(ctx.chain.accepted.length).toBe(accepted + 1);
    const txid = ctx.chain.accepted.at(-1)?.id('hex') ?? 'none';
    expect(refused.stderr).toContain(`Not admitted by http://localhost:8080: resubmit ${txid} to them; do not register again`);
    expect(refused.stdout).not.toContain('registered acme/flaky v2');
  });

  it('the overlay server refuses malformed submissions and queries', async () => {
    const url = overlayUrl;
    const submit = async (topics: string, body: Uint8Array<ArrayBuffer>): Promise<Response> => await fetch(`${url}/submit`, { method: 'POST', headers: { 'x-topics': topics, 'content-type': 'application/octet-stream' }, body: new Blob([body]) });
    expect((await submit('not json', new Uint8Array([1]))).status).toBe(400);
    expect((await submit('["tm_modelreg"]', new Uint8Array([1, 2, 3]))).status).toBe(400);
    expect(await (await submit('["tm_other"]', new Uint8Array([1, 2, 3]))).json()).toEqual({});
    const lookup = async (body: string): Promise<Response> => await fetch(`${url}/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await lookup('{')).status).toBe(400);
    expect((await lookup(JSON.stringify({ service: 'ls_other', query: {} }))).status).toBe(400);
    expect((await lookup(JSON.stringify({ service: 'ls_modelreg', query: { modelId: 'X' } }))).status).toBe(400);
    const badKey = await lookup(JSON.stringify({ service: 'ls_modelreg', query: { modelId: 'acme/summariser', publisherKey: 'not-a-key' } }));
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toEqual({ error: 'publisherKey must be a compressed public key in hex' });
    expect(await (await lookup(JSON.stringify({ service: 'ls_modelreg', query: { modelId: 'nobody/model' } }))).json()).toEqual({ type: 'output-list', outputs: [] });
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
  });
});
