import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore, setEnvironmentContext, type Store } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBlobs } from '../../scripts/local-blobs.ts';

/**
 * The local Blobs server keeps Netlify's contract (scripts/local-blobs.ts): a conditional write is
 * atomic, every write makes a new etag, and a read returns the etag of what it read.
 */
let dir = '';
let stop: () => Promise<void> = async () => {};
let store: Store;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-blobs-'));
  const server = await startLocalBlobs({ directory: dir, token: 'test-token' });
  stop = server.stop;
  setEnvironmentContext({
    edgeURL: `http://127.0.0.1:${server.port}`,
    uncachedEdgeURL: `http://127.0.0.1:${server.port}`,
    token: 'test-token',
    siteID: 'local-blobs',
  });
  store = getStore({ name: 'atomic', consistency: 'strong' });
});
afterAll(async () => {
  await stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the local Blobs server, as Netlify promises it', () => {
  it('lets exactly one of 30 parallel onlyIfMatch writes win per version, five versions in a row', async () => {
    await store.setJSON('counter', { n: 0 });
    for (let version = 0; version < 5; version += 1) {
      const current = await store.getWithMetadata('counter', { type: 'json' });
      expect(current?.etag).toBeTruthy();
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => store.setJSON('counter', { n: version + 1, by: i }, { onlyIfMatch: current?.etag ?? '' })),
      );
      const winners = results.filter((r) => r.modified && r.etag);
      expect(winners).toHaveLength(1);
      const after = await store.getWithMetadata('counter', { type: 'json' });
      expect(after?.etag).toBe(winners[0]?.etag);
      expect(after?.etag).not.toBe(current?.etag);
    }
  });

  it('lets exactly one of 30 parallel onlyIfNew writes create a blob', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => store.setJSON('fresh', { by: i }, { onlyIfNew: true })));
    expect(results.filter((r) => r.modified)).toHaveLength(1);
  });

  it('gives two writes in the same millisecond different etags, and a stale etag loses', async () => {
    const first = await store.setJSON('twice', { v: 1 });
    const second = await store.setJSON('twice', { v: 2 });
    expect(first.etag).toBeTruthy();
    expect(second.etag).not.toBe(first.etag);
    expect((await store.setJSON('twice', { v: 3 }, { onlyIfMatch: first.etag ?? '' })).modified).toBe(false);
    expect(await store.get('twice', { type: 'json' })).toEqual({ v: 2 });
  });

  it('keeps a conditional write atomic across two servers on one directory (the site and a test seeding it)', async () => {
    const second = await startLocalBlobs({ directory: dir, token: 'test-token' });
    try {
      const url = `http://127.0.0.1:${second.port}`;
      const other = getStore({ name: 'atomic', siteID: 'local-blobs', token: 'test-token', edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' });
      await store.setJSON('shared', { n: 0 });
      for (let version = 0; version < 5; version += 1) {
        const current = await store.getWithMetadata('shared', { type: 'json' });
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            (i % 2 === 0 ? store : other).setJSON('shared', { n: version + 1, by: i }, { onlyIfMatch: current?.etag ?? '' }),
          ),
        );
        expect(results.filter((r) => r.modified)).toHaveLength(1);
        // Both servers read the version that won, with the same etag.
        const [a, b] = await Promise.all([store.getWithMetadata('shared', { type: 'json' }), other.getWithMetadata('shared', { type: 'json' })]);
        expect(a?.etag).toBe(b?.etag);
        expect(a?.data).toEqual(b?.data);
      }
    } finally {
      await second.stop();
    }
  });

  it('takes over at once a lock that a killed server left behind', async () => {
    await store.setJSON('left-locked', { n: 1 });
    const files = (await readdir(dir, { recursive: true })).filter((f) => path.basename(f) === 'left-locked' && f.split(path.sep).includes('entries'));
    expect(files).toHaveLength(1);
    const dataPath = path.join(dir, files[0] ?? '');
    // The lock file a server killed mid-write leaves: fresh, naming a process that no longer runs.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await mkdir(path.join(dir, 'locks'), { recursive: true });
    await writeFile(path.join(dir, 'locks', createHash('sha256').update(dataPath).digest('hex').slice(0, 32)), String(dead));
    // Before: the write waited until the lock was 10 s old.
    const outcome = await Promise.race([
      store.setJSON('left-locked', { n: 2 }).then(() => 'written'),
      new Promise((r) => setTimeout(() => r('still waiting'), 3000)),
    ]);
    expect(outcome).toBe('written');
    expect(await store.get('left-locked', { type: 'json' })).toEqual({ n: 2 });
  });
});
