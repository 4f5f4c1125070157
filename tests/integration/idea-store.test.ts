import { getStore, type Store } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobsIdeaStore } from '../../netlify/functions/_shared/blobs-idea-store.ts';
import type { IdeaRecord } from '../../src/domain/ideas/schema.ts';
import { startLocalBlobs } from '../helpers/blobs.ts';

let blobs: Awaited<ReturnType<typeof startLocalBlobs>>;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

let n = 0;
function record(overrides: Partial<IdeaRecord> = {}): IdeaRecord {
  n += 1;
  const id = `idea${String(n).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;
  return {
    id,
    businessName: `Idea ${n}`,
    generatedIdea: { businessName: `Idea ${n}`, executiveSummary: `Summary of idea ${n}.` },
    parameters: { businessCategory: 'fintech', innovationLevel: 5 },
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    engine: 'offline',
    model: 'offline',
    ...overrides,
  };
}

/** A Store whose writes to some keys fail, to inject faults at the storage port. */
function faultyStore(inner: Store, failKey: (key: string) => boolean): Store {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'setJSON' || prop === 'set') {
        return async (key: string, ...rest: unknown[]) => {
          if (failKey(key)) throw new Error(`injected failure writing ${key}`);
          return (Reflect.get(target, prop, receiver) as (...a: unknown[]) => unknown).call(target, key, ...rest);
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('BlobsIdeaStore against the local Blobs server', () => {
  it('stores, reads and lists newest first', async () => {
    const store = new BlobsIdeaStore(getStore({ name: 'ideas-basic', consistency: 'strong' }));
    const a = record();
    const b = record({ userId: 'user-1' });
    await store.save(a);
    await store.save(b);
    expect(await store.get(a.id)).toEqual(a);
    expect(await store.get('missing-id-123')).toBeNull();
    expect((await store.recent(20)).map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await store.byUser('user-1')).map((r) => r.id)).toEqual([b.id]);
    expect(await store.byUser('user-2')).toEqual([]);
  });

  it('loses no idea when 200 are saved concurrently: each once in the gallery, the recent ideas its newest', async () => {
    const store = new BlobsIdeaStore(getStore({ name: 'ideas-concurrent', consistency: 'strong' }));
    const records = Array.from({ length: 200 }, (_, i) => record({ userId: i % 2 === 0 ? 'even' : 'odd' }));
    // Shuffle so the save order differs from the creation order.
    const shuffled = [...records].sort(() => Math.random() - 0.5);
    await Promise.all(shuffled.map((r) => store.save(r)));
    const stored = await Promise.all(records.map((r) => store.get(r.id)));
    expect(stored.filter((r) => r === null)).toHaveLength(0);
    const listed: string[] = [];
    let page = await store.gallery('all', 50, null);
    for (;;) {
      listed.push(...page.entries.map((e) => e.id));
      if (!page.next) break;
      page = await store.gallery('all', 50, page.next);
    }
    expect(listed.toSorted()).toEqual(records.map((r) => r.id).toSorted());
    // Saved in shuffled order (far more out of order than real saves): the recent ideas still read newest first.
    const recent = await store.recent(20);
    expect(recent).toHaveLength(20);
    expect(recent.map((r) => r.createdAt)).toEqual(
      recent
        .map((r) => r.createdAt)
        .toSorted()
        .reverse(),
    );
    expect((await store.byUser('even')).length).toBe(100);
    expect((await store.byUser('odd')).length).toBe(100);
  });

  it('leaves no index entry pointing at a missing idea when the idea write fails', async () => {
    const inner = getStore({ name: 'ideas-fault-1', consistency: 'strong' });
    const good = new BlobsIdeaStore(inner);
    const kept = record();
    await good.save(kept);
    const faulty = new BlobsIdeaStore(faultyStore(inner, (key) => key.startsWith('ideas/')));
    const lost = record();
    await expect(faulty.save(lost)).rejects.toThrow(/injected failure/);
    const recent = await good.recent(50);
    expect(recent.map((r) => r.id)).toEqual([kept.id]);
    for (const entry of recent) expect(await good.get(entry.id)).not.toBeNull();
  });

  it('keeps the stored ideas and the gallery intact when a gallery write fails, and leaves nothing of the failed save', async () => {
    const inner = getStore({ name: 'ideas-fault-2', consistency: 'strong' });
    const good = new BlobsIdeaStore(inner);
    const first = record();
    await good.save(first);
    const faulty = new BlobsIdeaStore(faultyStore(inner, (key) => key.startsWith('gallery/')));
    const second = record();
    await expect(faulty.save(second)).rejects.toThrow(/injected failure/);
    expect(await good.get(second.id)).toBeNull();
    // The index is unchanged (no half-written entry) and everything it lists exists.
    expect((await good.recent(50)).map((r) => r.id)).toEqual([first.id]);
    // A later successful save still works and keeps the earlier entries.
    const third = record();
    await good.save(third);
    expect((await good.recent(50)).map((r) => r.id)).toEqual([third.id, first.id]);
  });

  it('reports a write that the server answered without an etag as a failure', async () => {
    const inner = getStore({ name: 'ideas-fault-3', consistency: 'strong' });
    const noEtag = new Proxy(inner, {
      get(target, prop, receiver) {
        if (prop === 'setJSON') return async () => ({ modified: true, etag: '' });
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await expect(new BlobsIdeaStore(noEtag).save(record())).rejects.toThrow(/was not written|could not update/);
  });
});
