import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets (passwords, tokens, signatures) in constant time. Both are hashed to 32
 * bytes first, so neither the content nor the length of either value leaks through timing. The
 * one place the site compares secrets.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a, 'utf8').digest();
  const y = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(x, y);
}
