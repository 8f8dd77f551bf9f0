import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a typed secret with a configured one in time that does not depend on where they differ. */
export function secretEquals(typed: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(typed), digest(expected));
}

/**
 * The position of the bypass code typed, or -1. Codes are compared in upper case (spec
 * section 4): `net30guard` is `NET30GUARD`. The position is what an order records, never the code.
 */
export function bypassCodeIndex(typed: string, codes: readonly string[]): number {
  let found = -1;
  // Compare with every code, not stopping at a match, so timing says nothing about the list.
  codes.forEach((code, index) => {
    if (secretEquals(typed.trim().toUpperCase(), code.toUpperCase()) && found < 0) found = index;
  });
  return found;
}
