import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_STREAM, decodeCursor, encodeCursor, InvalidCursorError, MAX_PAGE_READS, parseGalleryQuery, readGallery } from '../../src/domain/ideas/gallery.ts';
import { galleryPage } from '../../src/domain/ideas/read.ts';
import { MemoryIdeaStore } from '../../src/domain/ideas/store.ts';
import { sampleRecord } from '../support/ideas.ts';

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
const idea = (i: number, category = 'fintech', extra = {}) =>
  sampleRecord({ id: `idea-${String(i).padStart(6, '0')}`, createdAt: at(i), parameters: { businessCategory: category }, ...extra }, `Idea ${i}`);

/** Every page of a stream, following nextCursor; `between` runs after each page (new arrivals). */
async function walk(store: MemoryIdeaStore, limit: number, category?: string, between?: () => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 10_000; guard += 1) {
    const params = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}), ...(category ? { category } : {}) });
    const parsed = parseGalleryQuery(params);
    if (!parsed.ok) throw new Error(parsed.error);
    const page = await galleryPage(store, parsed.query);
    ids.push(...page.ideas.map((i) => i.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
    await between?.();
  }
  throw new Error('no end');
}

describe('the gallery (GET /api/ideas)', () => {
  it('pages through every listed idea newest first, without overlaps or gaps while ideas keep arriving', async () => {
    const store = new MemoryIdeaStore(7);
    for (let i = 0; i < 40; i += 1) await store.save(idea(i));
    let next = 40;
    const seen = await walk(store, 6, undefined, async () => {
      await store.save(idea(next));
      next += 1;
    });
    expect(seen).toEqual(Array.from({ length: 40 }, (_, k) => idea(39 - k).id));
  });

  it('filters by category and keeps unlisted ideas out', async () => {
    const store = new MemoryIdeaStore(5);
    for (let i = 0; i < 30; i += 1) await store.save(idea(i, i % 3 === 0 ? 'energy' : 'fintech', i % 5 === 0 ? { listed: false } : {}));
    const energy = await walk(store, 4, 'energy');
    expect(energy).toEqual([27, 24, 21, 18, 12, 9, 6, 3].map((i) => idea(i).id));
    const all = await walk(store, 50);
    expect(all).toHaveLength(24);
    expect(all.some((id) => Number(id.slice(-6)) % 5 === 0)).toBe(false);
    expect((await store.recent(50)).some((e) => e.listed === false)).toBe(false);
    // Still stored and reachable by its link.
    expect(await store.get(idea(5).id)).not.toBeNull();
  });

  it('a deleted idea leaves no entry and moves no other one (cursors handed out stay valid)', async () => {
    const store = new MemoryIdeaStore(4);
    for (let i = 0; i < 12; i += 1) await store.save(idea(i));
    const first = await galleryPage(store, { limit: 5, cursor: null, stream: ALL_STREAM });
    await store.delete(idea(6));
    await store.delete(idea(2));
    const rest = await galleryPage(store, { limit: 50, cursor: decodeCursor(first.nextCursor ?? ''), stream: ALL_STREAM });
    expect(rest.ideas.map((i) => i.id)).toEqual([5, 4, 3, 1, 0].map((i) => idea(i).id));
  });

  it('property: any sequence of saves, deletes and page sizes lists every listed, undeleted idea once, newest first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.record({ listed: fc.boolean(), deleted: fc.boolean() }), { maxLength: 60 }),
        async (pageSize, limit, plan) => {
          const store = new MemoryIdeaStore(pageSize);
          for (const [i, p] of plan.entries()) await store.save(idea(i, 'fintech', p.listed ? {} : { listed: false }));
          for (const [i, p] of plan.entries()) if (p.deleted) await store.delete(idea(i));
          const expected = plan.flatMap((p, i) => (p.listed && !p.deleted ? [idea(i).id] : [])).reverse();
          expect(await walk(store, limit)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads a bounded number of page blobs, however many pages are tombstones', async () => {
    let reads = 0;
    const full = Array.from({ length: 10 }, (_, i) => ({ id: `gone-${i}`, deleted: true }));
    const pages = {
      head: async () => {
        reads += 1;
        return { page: 1000, entries: full };
      },
      sealed: async () => {
        reads += 1;
        return full;
      },
    };
    const page = await readGallery(pages, 20, null, 10);
    expect(page.entries).toEqual([]);
    expect(page.next).not.toBeNull();
    expect(reads).toBeLessThanOrEqual(MAX_PAGE_READS);
  });

  it('refuses a cursor past the newest page', async () => {
    const store = new MemoryIdeaStore(4);
    for (let i = 0; i < 3; i += 1) await store.save(idea(i));
    await expect(store.gallery(ALL_STREAM, 5, { page: 9, index: 2 })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(store.gallery(ALL_STREAM, 5, { page: 0, index: 4 })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 50'],
    ['limit=51', 'limit must be a whole number from 1 to 50'],
    ['limit=abc', 'limit must be a whole number from 1 to 50'],
    ['category=moon', /^category must be one of all, fintech/],
    ['category=__proto__', /^category must be one of/],
    ['cursor=abc', /^cursor is not one/],
    ['cursor=1.101', /^cursor is not one/],
    ['cursor=01.2', /^cursor is not one/],
    ['limit=2&limit=3', 'Give limit once'],
    ['sort=old', /^Unknown parameter sort/],
  ])('answers a 400 message for %s', (query, message) => {
    const parsed = parseGalleryQuery(new URLSearchParams(query));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('cursors round-trip', () => {
    expect(decodeCursor(encodeCursor({ page: 12345, index: 67 }))).toEqual({ page: 12345, index: 67 });
  });
});
