import { Utils } from '@bsv/sdk';
import { describe, expect, it, vi } from 'vitest';
import { assertTipAddress, isSampleTipAddress, SAMPLE_TIP_ADDRESS, tipAddressProblem } from '../../src/domain/book/tip-address.ts';
import { book } from '../../src/lib/site.ts';

// A valid address that is not the sample: the same hash with another last byte, re-encoded.
const hash = Utils.fromBase58Check(SAMPLE_TIP_ADDRESS).data as number[];
const OWN = Utils.toBase58Check([...hash.slice(0, 19), (hash[19]! + 1) % 256], [0]);

describe('tip address', () => {
  it('accepts mainnet P2PKH and P2SH addresses with a good checksum', () => {
    expect(tipAddressProblem(SAMPLE_TIP_ADDRESS)).toBeUndefined();
    expect(tipAddressProblem(OWN)).toBeUndefined();
    expect(tipAddressProblem(Utils.toBase58Check(hash, [5]))).toBeUndefined();
  });

  it('rejects a typo (checksum), other alphabets, testnet and wrong lengths', () => {
    const typo = `${SAMPLE_TIP_ADDRESS.slice(0, 10)}${SAMPLE_TIP_ADDRESS[10] === 'a' ? 'b' : 'a'}${SAMPLE_TIP_ADDRESS.slice(11)}`;
    expect(tipAddressProblem(typo)).toMatch(/checksum/);
    expect(tipAddressProblem('0OIl' + SAMPLE_TIP_ADDRESS.slice(4))).toMatch(/Base58/);
    expect(tipAddressProblem('')).toMatch(/Base58/);
    expect(tipAddressProblem(Utils.toBase58Check(hash, [0x6f]))).toMatch(/mainnet/);
    expect(tipAddressProblem(Utils.toBase58Check(hash.slice(0, 16), [0]))).toMatch(/20 bytes/);
  });

  it('a local build accepts the sample; a deployed build refuses it and anything invalid', () => {
    expect(isSampleTipAddress(SAMPLE_TIP_ADDRESS)).toBe(true);
    expect(() => assertTipAddress(SAMPLE_TIP_ADDRESS, { deployed: false })).not.toThrow();
    expect(() => assertTipAddress(SAMPLE_TIP_ADDRESS, { deployed: true })).toThrow(/sample address.*Set "supportAddress"/s);
    expect(() => assertTipAddress(OWN, { deployed: true })).not.toThrow();
    expect(() => assertTipAddress(`${OWN.slice(0, -1)}${OWN.endsWith('z') ? 'y' : 'z'}`, { deployed: false })).toThrow(/not a valid BSV address/);
  });

  it('content/book.json holds a valid address', () => {
    expect(tipAddressProblem(book.supportAddress)).toBeUndefined();
  });
});

describe('SUPPORT_ADDRESS', () => {
  it('replaces content/book.json supportAddress at build time, without editing the file', async () => {
    const own = Utils.toBase58Check(
      Array.from({ length: 20 }, (_, i) => i + 1),
      [0x00],
    );
    const saved = process.env['SUPPORT_ADDRESS'];
    process.env['SUPPORT_ADDRESS'] = own;
    try {
      vi.resetModules();
      const { book } = await import('../../src/lib/site.ts');
      expect(book.supportAddress).toBe(own);
    } finally {
      if (saved === undefined) delete process.env['SUPPORT_ADDRESS'];
      else process.env['SUPPORT_ADDRESS'] = saved;
      vi.resetModules();
    }
  });
});
