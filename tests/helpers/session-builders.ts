import { SessionTokens, type Grant } from '../../server/app/session-tokens.ts';
import type { Tenant } from '../../src/domain/tenant.ts';

/**
 * Sessions as the tests hold them: the headers a signed-in browser sends (its client address,
 * its session token, its device proof) and tokens minted outside the API, forged or expired.
 */

/** The headers of a request from the client at `address` (the order API trusts X-Forwarded-For in tests). */
export function aClient(address: string): Record<string, string> {
  return { 'x-forwarded-for': address };
}

/** `headers` with a session token, as a signed-in browser sends it. */
export function withSession(token: string, headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, authorization: `Bearer ${token}` };
}

/** `headers` with the device proof a browser keeps from an earlier sign-in. */
export function withDeviceProof(headers: Record<string, string>, proof: string): Record<string, string> {
  return { ...headers, 'device-proof': proof };
}

/** The device proof an answer hands the browser; a test that expects one fails here when there is none. */
export function deviceProofOf(answer: { status: number; headers: Headers }): string {
  const proof = answer.headers.get('device-proof');
  if (!proof) throw new Error(`the answer (${answer.status}) carries no device proof`);
  return proof;
}

/** A session token for `tenant` minted outside the API: signed with `secret`, issued `ageMs` ago, valid for `ttlSeconds`. */
export async function aSessionToken(tenant: Tenant, grant: Grant, options: { secret: string; ttlSeconds?: number; ageMs?: number }): Promise<string> {
  const tokens = new SessionTokens(options.secret, options.ttlSeconds ?? 3600, () => Date.now() - (options.ageMs ?? 0));
  return (await tokens.issue(tenant, grant)).token;
}
