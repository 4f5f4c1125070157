import { describe, expect, it } from 'vitest';
import { exportIdPattern } from '../../src/domain/admin/signed-url.ts';
import { bookIdentifier, chapterHeading, epubFilename } from '../../src/domain/epub/build.ts';
import { titleFontSize } from '../../src/domain/epub/cover.ts';
import { exportCreatedAt, KEEP_EXPORTS_MS, newExportId, pruneExports, type ExportMetadata } from '../../src/domain/epub/export.ts';
import { MemoryExportStore } from '../support/memory-export-store.ts';

const all = { includeCodeExamples: true, includeResources: true };

describe('epubFilename', () => {
  it('derives a safe file name from the title', () => {
    expect(epubFilename('The Infrastructure Renaissance', all)).toBe('the-infrastructure-renaissance.epub');
    expect(epubFilename('Économie & "IA" / 2025!', all)).toBe('economie-ia-2025.epub');
    expect(epubFilename('???', all)).toBe('book.epub');
  });

  it('names each of the four content variants differently', () => {
    const names = [
      epubFilename('The Book', { includeCodeExamples: true, includeResources: true }),
      epubFilename('The Book', { includeCodeExamples: false, includeResources: true }),
      epubFilename('The Book', { includeCodeExamples: true, includeResources: false }),
      epubFilename('The Book', { includeCodeExamples: false, includeResources: false }),
    ];
    expect(names).toEqual(['the-book.epub', 'the-book-no-code.epub', 'the-book-no-resources.epub', 'the-book-no-code-no-resources.epub']);
  });
});

describe('bookIdentifier', () => {
  it('is a stable name-based urn:uuid', () => {
    expect(bookIdentifier('T', 'A')).toBe(bookIdentifier('T', 'A'));
    expect(bookIdentifier('T', 'A')).not.toBe(bookIdentifier('T', 'B'));
    expect(bookIdentifier('T', 'A')).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('chapterHeading', () => {
  it('names the topic with a hyphen or an en dash between short name and longer line', () => {
    const expected = { heading: 'Chapter 6: Overlay Networks and SPV', subtitle: 'How applications verify and find only the transactions they care about' };
    expect(
      chapterHeading({ title: 'Chapter 6', subtitle: 'Overlay Networks and SPV - How applications verify and find only the transactions they care about' }),
    ).toEqual(expected);
    expect(
      chapterHeading({ title: 'Chapter 6', subtitle: 'Overlay Networks and SPV – How applications verify and find only the transactions they care about' }),
    ).toEqual(expected);
  });

  it('keeps dashes inside the longer line and copes with a subtitle without one', () => {
    expect(chapterHeading({ title: 'Chapter 19', subtitle: 'BSV versus BTC – Block size, layer-2 – and more' })).toEqual({
      heading: 'Chapter 19: BSV versus BTC',
      subtitle: 'Block size, layer-2 – and more',
    });
    expect(chapterHeading({ title: 'Introduction', subtitle: 'Why These Three' })).toEqual({ heading: 'Introduction: Why These Three', subtitle: '' });
    expect(chapterHeading({ title: 'Introduction', subtitle: '' })).toEqual({ heading: 'Introduction', subtitle: '' });
  });
});

describe('cover', () => {
  it('sizes the title so its longest word fits and long titles shrink', () => {
    expect(titleFontSize('The Infrastructure Renaissance')).toBeGreaterThanOrEqual(140);
    expect(titleFontSize('Internationalization')).toBeLessThan(titleFontSize('The Book'));
    expect(titleFontSize('x'.repeat(200))).toBeGreaterThanOrEqual(64);
    const long = 'A title of many words that goes on for a while about distributed systems and trust and more';
    expect(titleFontSize(long)).toBeLessThan(titleFontSize('The Infrastructure Renaissance'));
  });
});

const meta: ExportMetadata = { filename: 'b.epub', size: 1, chaptersCount: 1, createdAt: '' };

describe('export ids and pruning', () => {
  it('encodes the creation time in the id', () => {
    const id = newExportId(1_700_000_000_000);
    expect(id).toMatch(exportIdPattern);
    expect(exportCreatedAt(id)).toBe(1_700_000_000_000);
    expect(exportCreatedAt('index')).toBeNull();
    expect(exportCreatedAt('not-an-export-id')).toBeNull();
  });

  it('deletes exports older than a day and leaves newer ones and other keys alone', async () => {
    const store = new MemoryExportStore();
    const now = 1_800_000_000_000;
    const old = newExportId(now - KEEP_EXPORTS_MS - 1);
    const boundary = newExportId(now - KEEP_EXPORTS_MS);
    const fresh = newExportId(now - 60_000);
    for (const id of [old, boundary, fresh, 'some-other-key']) await store.save(id, new Uint8Array(1), meta);
    expect(await pruneExports(store, now)).toEqual([old]);
    expect([...store.files.keys()].sort()).toEqual([boundary, fresh, 'some-other-key'].sort());
  });
});
