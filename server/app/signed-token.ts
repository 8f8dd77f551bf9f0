import { createHmac } from 'node:crypto';

/** Registered claims every token of ours carries (RFC 7519): whom it names, for what, when. */
export interface TokenClaims {
  sub: string;
  aud: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * A JWT (JWS compact serialisation, HS256) of `claims`, signed with `key`; `jose` verifies it
 * (jwtVerify). Signed here with node:crypto because jose signs through WebCrypto, asynchronously,
 * which took 0.1 ms of CPU a token, and a bypass order issues two (docs/decisions.md, jose).
 */
export function signHs256(claims: TokenClaims & Record<string, unknown>, key: Uint8Array | string): string {
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}
