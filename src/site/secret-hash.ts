/**
 * Passwords and bypass codes reach the browser only as salted PBKDF2 hashes. WebCrypto exists
 * both in Node and in browsers, so the build hashes and the islands verify with the same code.
 * This is a convenience gate for a static site, not a protection (see docs/security.md).
 */
export interface SecretSet {
  /** base64 */
  salt: string;
  iterations: number;
  /** base64 digests, one per accepted secret, in the order they were given */
  hashes: string[];
}

export const PBKDF2_ITERATIONS = 100_000;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(secret: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toBase64(new Uint8Array(bits));
}

/**
 * One salt for the whole set, so checking a typed secret costs one derivation, whatever the
 * set's size. The salt comes from `saltSeed` (tenant and purpose), unique per set but stable,
 * so the same data always builds byte-identical pages.
 */
export async function hashSecrets(secrets: readonly string[], saltSeed: string, iterations = PBKDF2_ITERATIONS): Promise<SecretSet> {
  const seed = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`dealer-storefronts salt\u0000${saltSeed}`));
  const salt = new Uint8Array(seed.slice(0, 16));
  const hashes = await Promise.all(secrets.map((secret) => derive(secret, salt, iterations)));
  return { salt: toBase64(salt), iterations, hashes };
}

/** The index in `set.hashes` that the candidate matches, or -1. */
export async function matchSecret(candidate: string, set: SecretSet): Promise<number> {
  if (set.hashes.length === 0 || candidate === '') return -1;
  const digest = await derive(candidate, fromBase64(set.salt), set.iterations);
  return set.hashes.indexOf(digest);
}
