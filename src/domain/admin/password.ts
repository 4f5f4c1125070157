import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a submitted password with the configured one in constant time: both are hashed to
 * 32 bytes first, so neither the content nor the length of the secret leaks through timing.
 */
export function passwordMatches(submitted: string, expected: string): boolean {
  const a = createHash('sha256').update(submitted, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}
