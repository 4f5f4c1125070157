import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The errors an independent review found in the 2026 edition, each guarded where it
 * could come back: the wrong claim appears nowhere in the book, and the corrected one is at its
 * first home. Sources: SV Node 1.2.0 release notes and source (IsMalleableTxnVersion, the script
 * number limits), Teranode's shipped settings, IBM's Cost of a Data Breach 2025, the World Bank's
 * Global Findex 2025, the SDK's SatoshisPerKilobyte fee model.
 */
const dir = path.resolve('content/chapters');
const chapters = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => /^chapter-\d\d\.md$/.test(f))
    .map((f) => [f.slice(0, -3), readFileSync(path.join(dir, f), 'utf8')]),
);
const book = Object.values(chapters).join('\n');
const chapter = (n: number) => chapters[`chapter-${String(n).padStart(2, '0')}`] ?? '';
/** Every place in the book where `pattern` matches, as "chapter-NN: …excerpt…". */
const occurrences = (pattern: RegExp) =>
  Object.entries(chapters).flatMap(([id, text]) =>
    [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))].map((m) => `${id}: ${m[0].slice(0, 120)}`),
  );

describe('the corrections of the 2026 review', () => {
  it('1. only a transaction version above 1 opts in to the relaxed rules; the 0x20 bit selects the original digest', () => {
    expect(occurrences(/sighash bit or (by )?(carrying|setting|a version)/i)).toEqual([]);
    expect(occurrences(/opt out of them/i)).toEqual([]);
    expect(chapter(3)).toContain('IsMalleableTxnVersion');
    expect(chapter(3)).toMatch(/one way only: by carrying a version number greater than 1/);
  });

  it('2. maxscriptnumlengthpolicy keeps its 10,000-byte default; the consensus limit went from 750 kB to 32 MB', () => {
    expect(occurrences(/`?maxscriptnumlengthpolicy`?\)? (becomes|is now|is) unlimited/i)).toEqual([]);
    expect(chapter(3)).toMatch(/750,000 bytes to 32 MB/);
    expect(chapter(3)).toMatch(/stays at 10,000 bytes/);
  });

  it("3. chapter 3's fee table: every fee is ceil(bytes x rate / 1000) and every dollar figure is that fee at its price", () => {
    const rows = chapter(3)
      .split('\n')
      .filter((line) => /^\| [^|]+ \| [\d,]+ (MB )?\| [\d,]+ \| [\d,]+ \|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const num = (cell: string | undefined) => Number((cell ?? '').replace(/[$,]|\s*MB$/g, ''));
    for (const row of rows) {
      const [, name, bytesCell, rateCell, feeCell, ...dollars] = row;
      const bytes = num(bytesCell);
      const rate = num(rateCell);
      const fee = num(feeCell);
      if (bytesCell?.endsWith('MB')) {
        // A million payments: a million times the single payment's fee.
        expect(fee, name).toBe(1_000_000 * Math.ceil((226 * rate) / 1000));
      } else {
        expect(fee, name).toBe(Math.ceil((bytes * rate) / 1000));
      }
      dollars
        .filter((d) => d.startsWith('$'))
        .forEach((d, i) => expect(num(d), `${name} at $${[20, 50, 100][i]}/BSV`).toBeCloseTo((fee * [20, 50, 100][i]!) / 1e8, 10));
    }
    expect(occurrences(/226 \| (500|1,000) \| (114|227) \|/)).toEqual([]);
  });

  it("4. Teranode's shipped settings accept 10 GiB blocks; 4 GB is only the code's fallback", () => {
    expect(occurrences(/Teranode's (documented )?default is 4 GB/i)).toEqual([]);
    expect(occurrences(/default `?excessiveblocksize`?,?[^.]{0,60}4,294,967,296/i)).toEqual([]);
    expect(chapter(3)).toMatch(/`excessiveblocksize` to 10 GiB/);
  });

  it('5. Genesis lifted limits; the opcodes came back in 2018 and with Chronicle', () => {
    expect(occurrences(/Genesis[^.]{0,120}restored (most of )?(the|Bitcoin's) original (opcodes|Script)/i)).toEqual([]);
    expect(occurrences(/restored the original opcodes[^.]{0,80}Genesis/i)).toEqual([]);
    expect(chapter(19)).toMatch(/opcodes had already come back during 2018/);
  });

  it("6. IBM's 2025 report: US$4.44 million", () => {
    expect(occurrences(/US\$4\.88 million in its 2024 edition, the highest/)).toEqual([]);
    expect(chapter(1)).toContain('US$4.44 million in its 2025 edition');
  });

  it('7. Findex 2025: about 1.3 billion unbanked adults', () => {
    expect(occurrences(/2021 edition that about 1\.4 billion/)).toEqual([]);
    expect(chapter(17)).toContain('2025 edition that about 1.3 billion adults');
  });

  it('8. one Merkle convention: tagged leaf and node hashes, in the text as in the examples', () => {
    expect(occurrences(/SHA-256\(0x0[01] ‖/)).toEqual([]);
    expect(occurrences(/Hash\.sha256\(\[0x0[01], /)).toEqual([]);
    expect(chapter(15)).toContain("tag('provenance/leaf')");
    const examples = readFileSync(path.resolve('content/code-examples/chapter-15.json'), 'utf8');
    expect(examples).toContain("tag('provenance/leaf')");
    expect(book).toContain('tagged-hash construction of BIP-340');
  });
});
