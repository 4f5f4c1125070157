import type { Random } from './grounding.ts';

/**
 * A random source from a seed string: the seed is hashed (cyrb53-style mixing of each character)
 * into the state of mulberry32, a small, fast PRNG. The same seed and salt always give the same
 * sequence; the salt separates independent streams drawn from one seed (chapter matching and
 * composition), so changing one never shifts the other.
 */
export function seededRandom(seed: string, salt = ''): Random {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const ch of `${salt}\u0000${seed}`) {
    const c = ch.codePointAt(0) ?? 0;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  let a = h1 >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
