import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { secretGuessKey } from './failure-limiter.ts';
import { HttpError } from './http-error.ts';
import { requireTenant } from './require-tenant.ts';
import { secretEquals } from './secret-compare.ts';
import { roleSecret, type SessionRole } from './session-tokens.ts';

/**
 * POST /v1/session (ours): the dealership group's `password` gives a staff session, its
 * `admin_password` an admin one. The answer is a signed token the storefront sends as
 * `Authorization: Bearer …` to retrieve-orders and update-historical-order.
 */
export async function createSession(ctx: ApiContext, request: ApiRequest): Promise<ApiAnswer> {
  const body = validateBody('session', request.body);
  const { tenant } = requireTenant(ctx, body.companyName);
  const limiterKey = secretGuessKey(request.clientIp);
  await ctx.limiter.refuseIfLimited(limiterKey, 'passwords or codes');

  // Both compared, whichever matches, so timing says nothing about which one exists.
  const matches = (['admin', 'staff'] as const satisfies readonly SessionRole[]).filter((role) => {
    const expected = roleSecret(tenant, role);
    return expected !== undefined && secretEquals(body.password, expected);
  });
  const role = matches[0];
  if (!role) {
    await ctx.limiter.recordFailure(limiterKey);
    request.log.warn('wrong session password', { companyName: tenant.companyName, ip: request.clientIp });
    throw new HttpError(401, 'Wrong password');
  }
  const session = await ctx.sessions.issue(tenant, role);
  request.log.info('session started', { tenant: tenant.id, role });
  return { status: 200, body: { token: session.token, role: session.role, expires_at: session.expiresAt } };
}
