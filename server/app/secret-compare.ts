import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a typed secret with a configured one in time that does not depend on where they differ. */
export function secretEquals(typed: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(typed), digest(expected));
}

/** Bypass codes are compared in upper case (spec section 4): `net30guard` is `NET30GUARD`. */
export function isBypassCode(typed: string, codes: readonly string[]): boolean {
  let found = false;
  // Compare with every code, not stopping at a match, so timing says nothing about the list.
  for (const code of codes) if (secretEquals(typed.trim().toUpperCase(), code.toUpperCase())) found = true;
  return found;
}
