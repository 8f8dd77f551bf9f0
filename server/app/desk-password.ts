import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * The supplier's desk password is configured as a scrypt hash (SUPPLIER_DESK_PASSWORD_HASH),
 * so neither the environment nor a leaked configuration gives it away: `scrypt$N$r$p$salt$hash`,
 * salt and hash base64url. `npm run desk:password-hash` writes one.
 */

const COST = { N: 16_384, r: 8, p: 1 };
const KEY_BYTES = 32;

export function hashDeskPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password, salt, KEY_BYTES, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether `typed` is the password `stored` was made from; compared in constant time. */
export function deskPasswordMatches(typed: string, stored: string): boolean {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) throw new Error('internal: SUPPLIER_DESK_PASSWORD_HASH is not a scrypt hash');
  const expected = Buffer.from(hash, 'base64url');
  const cost = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 };
  return timingSafeEqual(scryptSync(typed, Buffer.from(salt, 'base64url'), expected.length, cost), expected);
}
