import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/data/load-project.ts';
import { REPO_ROOT } from '../../tests/helpers/fixture-project.ts';
import { HttpError } from './http-error.ts';
import { SessionTokens } from './session-tokens.ts';

const SECRET = 'unit-test-session-secret-0123456789abcdef';
const TTL = 3600;
const tenant = loadProject(REPO_ROOT).project!.tenants.find((t) => t.password !== undefined)!;
const tokens = new SessionTokens(SECRET, TTL);

/** The claims of a real token, signed again with the server's secret after `change`: what someone holding the secret could make. */
async function resigned(change: (claims: JWTPayload) => JWTPayload): Promise<string> {
  const { token } = await tokens.issue(tenant, { role: 'staff' });
  return new SignJWT(change(decodeJwt(token))).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(SECRET));
}

async function answerTo(token: string): Promise<string | number> {
  try {
    return (await tokens.require(`Bearer ${token}`, tenant, ['staff', 'admin'])).role;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return error.status;
  }
}

describe('session tokens', () => {
  it('accepts a token that expires within SESSION_TTL_SECONDS of its issue', async () => {
    expect(await answerTo(await resigned((claims) => claims))).toBe('staff');
    expect(await answerTo(await resigned((claims) => ({ ...claims, exp: claims.iat! + TTL })))).toBe('staff');
  });

  it('refuses a token without exp or iat, one living longer than the TTL, and one issued in the future', async () => {
    expect(await answerTo(await resigned(({ exp: _exp, ...claims }) => claims))).toBe(401);
    expect(await answerTo(await resigned(({ iat: _iat, ...claims }) => claims))).toBe(401);
    expect(await answerTo(await resigned((claims) => ({ ...claims, exp: claims.iat! + TTL + 1 })))).toBe(401);
    const year = 365 * 86_400;
    expect(await answerTo(await resigned((claims) => ({ ...claims, iat: claims.iat! + year, exp: claims.iat! + year + 60 })))).toBe(401);
  });
});
