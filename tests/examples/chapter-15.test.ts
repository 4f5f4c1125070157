import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MerklePath, Transaction } from '@bsv/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleContext, type ExampleContext } from './harness/context.ts';
import { workDir } from './harness/run.ts';

let ctx: ExampleContext;
beforeAll(async () => {
  ctx = await exampleContext();
});
afterAll(async () => await ctx.close());

describe('Chapter 15 examples', () => {
  it('a JPEG hashes without its C2PA manifest store, so a copy a platform stripped still verifies', async () => {
    const dir = await workDir();
    const segment = (marker: number, body: string | Buffer): Buffer => Buffer.concat([Buffer.from([0xff, marker, 0, body.length + 2]), Buffer.from(body)]);
    const soi = Buffer.from([0xff, 0xd8]);
    const scan = Buffer.concat([Buffer.from([0xff, 0xda]), Buffer.from('scan data'), Buffer.from([0xff, 0xd9])]);
    const exif = segment(0xe1, 'Exif camera');
    // APP11 (JPEG XT): 'JP', box instance number, packet number, then a JUMBF box whose description type starts with a label.
    const app11 = (en: number, z: number, type: string, body: string): Buffer =>
      segment(0xeb, Buffer.concat([Buffer.from('JP'), Buffer.from([0, en, 0, 0, 0, z, 0, 0, 0, 0]), Buffer.from('jumb'), Buffer.from([0, 0, 0, 0]), Buffer.from('jumd'), Buffer.from(type), Buffer.from(body)]));
    const otherJumbf = app11(1, 1, 'jxt ', 'JPEG XT data');
    await writeFile(path.join(dir, 'photo.jpg'), Buffer.concat([soi, exif, otherJumbf, app11(2, 1, 'c2pa', 'manifest store, part 1'), app11(2, 2, 'c2pa', 'part 2'), scan]));
    await writeFile(path.join(dir, 'stripped.jpg'), Buffer.concat([soi, exif, otherJumbf, scan]));
    await writeFile(path.join(dir, 'no-exif.jpg'), Buffer.concat([soi, otherJumbf, scan]));
    // Other APP11 data is part of the asset: a change to it is a different asset.
    await writeFile(path.join(dir, 'other-app11.jpg'), Buffer.concat([soi, exif, app11(1, 1, 'jxt ', 'JPEG XT edit'), scan]));
    const signed = await ctx.run('sign-provenance-record', { cwd: dir, args: ['photo.jpg'] });
    expect(signed.stderr).toBe('');
    await writeFile(path.join(dir, 'records.json'), `[${signed.stdout}]`);
    expect((await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['anchor', 'records.json'] })).stderr).toBe('');
    const height = ctx.chain.mine();
    expect((await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['collect', 'records.json.batch.json'] })).stdout.trim()).toBe('wrote 1 proof bundles to .');
    const bundle = `${(JSON.parse(signed.stdout) as { contentHash: string }).contentHash.replace(':', '-')}.proof.json`;
    const ok = `unchanged, signed by ${ctx.wallet.identityKey}, anchored no later than block ${height}`;
    for (const asset of ['photo.jpg', 'stripped.jpg']) expect((await ctx.run('verify-timestamp-proof', { cwd: dir, args: [asset, bundle] })).stdout.trim()).toBe(ok);
    // Any other change to the bytes, here the Exif segment removed too, is a different asset.
    for (const asset of ['no-exif.jpg', 'other-app11.jpg']) expect((await ctx.run('verify-timestamp-proof', { cwd: dir, args: [asset, bundle] })).stdout.trim()).toBe('asset bytes do not match the signed content hash');
  });

  it('sign, batch-anchor, collect and verify provenance proofs; any change to asset, record, path or proof fails', async () => {
    const dir = await workDir();
    const assets = ['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg'];
    const records: unknown[] = [];
    for (const [i, name] of assets.entries()) {
      await writeFile(path.join(dir, name), `image bytes ${i}`);
      const r = await ctx.run('sign-provenance-record', { cwd: dir, args: [name] });
      expect(r.stderr).toBe('');
      records.push(JSON.parse(r.stdout));
    }
    expect(records[0]).toMatchObject({ type: 'provenance-record/v1', manifestHash: null, parents: [], signer: ctx.wallet.identityKey });
    await writeFile(path.join(dir, 'records.json'), JSON.stringify(records));
    const arcPosts = (): number => ctx.net.calls('testnet.arc.gorillapool.io').filter((c) => c.method === 'POST' && c.url.endsWith('/v1/tx')).length;
    const postsBefore = arcPosts();
    const anchored = await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['anchor', 'records.json'] });
    expect(anchored.stderr).toBe('');
    expect(anchored.stdout).toMatch(/^anchored 3 records under [0-9a-f]{64} in [0-9a-f]{64}\n$/);
    // The anchor is also handed to the ARC that collect asks, whatever services the wallet used.
    const txid = /in ([0-9a-f]{64})/.exec(anchored.stdout)?.[1];
    expect(arcPosts()).toBe(postsBefore + 1);
    expect(ctx.chain.accepted.filter((t) => t.id('hex') === txid)).toHaveLength(1);
    expect((await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['collect', 'records.json.batch.json'] })).stdout.trim()).toBe('not mined yet: run collect again later');
    const height = ctx.chain.mine();
    // The txid in the batch file is a note for people: collect computes the anchor's id from the transaction.
    const batchFile = path.join(dir, 'records.json.batch.json');
    await writeFile(batchFile, JSON.stringify({ ...(JSON.parse(await readFile(batchFile, 'utf8')) as object), txid: '00'.repeat(32) }));
    const collected = await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['collect', 'records.json.batch.json'] });
    expect(collected.stderr).toBe('');
    expect(collected.stdout.trim()).toBe('wrote 3 proof bundles to .');
    const contentHash = (records[1] as { contentHash: string }).contentHash;
    const bundleFile = `${contentHash.replace(':', '-')}.proof.json`;
    const verify = async (asset: string, bundle = bundleFile, env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> => {
      const r = await ctx.run('verify-timestamp-proof', { cwd: dir, args: [asset, bundle], env });
      expect(r.stderr).toBe('');
      return { code: r.code, out: r.stdout.trim() };
    };
    expect(await verify('photo-2.jpg')).toEqual({ code: 0, out: `unchanged, signed by ${ctx.wallet.identityKey}, anchored no later than block ${height}` });
    expect(ctx.net.calls('api.whatsonchain.com').at(-1)?.url).toContain(`/v1/bsv/test/block/${height}/header`);
    // Given the publisher's key, a record that anyone else signed, however valid, is refused.
    expect((await verify('photo-2.jpg', bundleFile, { PUBLISHER_IDENTITY_KEY: ctx.wallet.identityKey })).code).toBe(0);
    const stranger = ctx.newWallet().identityKey;
    expect(await verify('photo-2.jpg', bundleFile, { PUBLISHER_IDENTITY_KEY: stranger })).toEqual({ code: 1, out: `signed by ${ctx.wallet.identityKey}, not the publisher ${stranger}` });
    // The wrong asset for this bundle.
    expect(await verify('photo-1.jpg')).toEqual({ code: 1, out: 'asset bytes do not match the signed content hash' });
    const bundle = JSON.parse(await readFile(path.join(dir, bundleFile), 'utf8')) as { record: { parents: string[]; signer: string }; batchPath: { sibling: string }[]; anchor: { beef: string; txid: string } };
    expect(bundle.anchor.txid).toBe(txid);
    const variant = async (name: string, change: (b: typeof bundle) => unknown): Promise<string> => {
      await writeFile(path.join(dir, name), JSON.stringify(change(structuredClone(bundle))));
      return (await verify('photo-2.jpg', name)).out;
    };
    // A claimed parent added after signing: the signature no longer verifies, and the record left the batch.
    expect(await variant('p1.json', (b) => ((b.record.parents = ['sha256:00']), b))).toBe('signature does not verify against the signer key\nrecord is not in the anchored batch');
    expect(await variant('p2.json', (b) => ((b.record.signer = ctx.newWallet().identityKey), b))).toBe('signature does not verify against the signer key\nrecord is not in the anchored batch');
    expect(await variant('p3.json', (b) => ((b.batchPath[0] = { ...b.batchPath[0], sibling: '00'.repeat(32) }), b))).toBe('record is not in the anchored batch');
    expect(await variant('p4.json', (b) => ((b.anchor.beef = 'beef'), b))).toBe('anchor BEEF is malformed');
    // A BEEF whose only Merkle path is another transaction's: the SDK attaches no path to the anchor.
    const foreign = Transaction.fromHexBEEF(bundle.anchor.beef);
    foreign.merklePath = new MerklePath(height, [[{ offset: 0, hash: '7a'.repeat(32), txid: true }]]);
    const foreignBeef = foreign.toHexBEEF();
    expect(await variant('p5.json', (b) => ((b.anchor.beef = foreignBeef), b))).toBe('anchor transaction has no Merkle proof');
    // The same bundle checked against headers of another chain (the root at that height differs).
    ctx.net.route('api.whatsonchain.com', () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merkleroot: '11'.repeat(32) }) }));
    expect(await verify('photo-2.jpg')).toEqual({ code: 1, out: 'anchor Merkle proof does not match the block headers' });
    // The header service down: said as such, not as a malformed proof.
    ctx.net.route('api.whatsonchain.com', () => ({ status: 503, headers: { 'content-type': 'application/json' }, body: '{}' }));
    const down = await verify('photo-2.jpg');
    expect(down.code).toBe(1);
    expect(down.out).toMatch(/^block headers could not be read: /);
  });

  it('anchor-batch says so when the ARC that collect will ask refuses the anchor', async () => {
    const dir = await workDir();
    await writeFile(path.join(dir, 'photo.jpg'), 'image bytes');
    const signed = await ctx.run('sign-provenance-record', { cwd: dir, args: ['photo.jpg'] });
    await writeFile(path.join(dir, 'records.json'), `[${signed.stdout}]`);
    ctx.net.route('testnet.arc.gorillapool.io', () => ({ status: 465, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 465, title: 'Fee too low', detail: 'fee too low' }) }));
    const anchored = await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['anchor', 'records.json'] });
    expect(anchored.stderr).toBe('');
    const [first, note] = anchored.stdout.trim().split('\n');
    expect(first).toMatch(/^anchored 1 records under [0-9a-f]{64} in [0-9a-f]{64}$/);
    expect(note).toMatch(/^https:\/\/testnet\.arc\.gorillapool\.io did not take it \(.+\): set ARC_URL to an ARC that does before collect$/);
  });

  it('collect writes no proof bundle when the ARC answers with a Merkle path for another transaction', async () => {
    const dir = await workDir();
    await writeFile(path.join(dir, 'photo.jpg'), 'image bytes');
    const signed = await ctx.run('sign-provenance-record', { cwd: dir, args: ['photo.jpg'] });
    await writeFile(path.join(dir, 'records.json'), `[${signed.stdout}]`);
    const anchored = await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['anchor', 'records.json'] });
    expect(anchored.stderr).toBe('');
    const txid = /in ([0-9a-f]{64})/.exec(anchored.stdout)?.[1] ?? '';
    const height = ctx.chain.mine();
    // A well-formed path, mined at that height, for a block holding only some other transaction.
    const other = new MerklePath(height, [[{ offset: 0, hash: '7a'.repeat(32), txid: true }]]).toHex();
    ctx.net.route('testnet.arc.gorillapool.io', () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ txid, txStatus: 'MINED', merklePath: other }) }));
    const collected = await ctx.run('anchor-provenance-batch', { cwd: dir, args: ['collect', 'records.json.batch.json'] });
    expect(collected.code).not.toBe(0);
    expect(collected.stderr).toContain(`returned a Merkle path without the anchor transaction ${txid}`);
    expect((await readdir(dir)).filter((f) => f.endsWith('.proof.json'))).toEqual([]);
  });
});
