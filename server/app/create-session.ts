import type { CallAnswer, CallAnswerOf } from '../../src/contracts/order-api-routes.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import type { SessionBody } from '../../src/contracts/order-api-requests.ts';
import type { SessionAnswer } from '../../src/contracts/order-api-responses.ts';
import { validateBody } from './body-schemas.ts';
import { brakeRefusal } from './failure-limiter.ts';
import { HttpError } from './http-error.ts';
import { guesserOf, withDeviceProof } from './known-device.ts';
import { requireTenant } from './require-tenant.ts';
import { bypassCodeIndex, secretEquals } from './secret-compare.ts';
import { roleSecret, type Grant, type SessionRole } from './session-tokens.ts';

/**
 * POST /v1/session (ours): every secret a storefront asks for is checked here, and only here,
 * so no page carries a code, a password or a hash of one.
 * - `{ companyName, password }`: the group's `password` gives a staff session, its
 *   `admin_password` an admin one (order history; editing).
 * - `{ companyName, code }`: a bypass code gives a bypass session (the checkout's bypass mode).
 * - `{ companyName, store, password }`: a store's password gives that store's session (its
 *   customs catalog, and its products in an order).
 * - `{ password }`: the entry screen, which does not know the tenant yet: the tenant whose
 *   entry password it is, and a staff session of it.
 * Each secret is a guess (failure-limiter.ts); a right one's answer carries a device proof
 * (the Device-Proof header) that spares the browser the tenant's brake afterwards.
 */
export async function createSession(
  ctx: Pick<ApiContext, 'devices' | 'limiter' | 'sessions' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'session'>> {
  const body = validateBody('session', request.body);
  if ((body.password === undefined) === (body.code === undefined)) {
    throw new HttpError(400, 'Invalid session request: send either password or code');
  }
  if (body.companyName === undefined) {
    if (body.code !== undefined || body.store !== undefined) throw new HttpError(400, 'Invalid session request: companyName is required with code or store');
    return entrySession(ctx, request, body.password!);
  }
  const { tenant } = requireTenant(ctx, body.companyName);
  const who = await guesserOf(ctx, request, tenant.id);
  const grant = await ctx.limiter.check(who, tenant.id, () => grantFor(tenant, body));
  if (!grant) {
    request.log.warn('wrong secret', {
      tenant: tenant.id,
      asked: body.code !== undefined ? 'bypass code' : body.store !== undefined ? `store ${body.store}` : 'password',
      ip: request.clientIp,
    });
    throw body.code !== undefined ? new HttpError(403, 'That bypass code is not valid') : new HttpError(401, 'Wrong password');
  }
  return withDeviceProof(ctx, request, who, tenant, grant, await issue(ctx, request, tenant, grant));
}

function grantFor(tenant: Tenant, body: SessionBody): Grant | undefined {
  if (body.code !== undefined) {
    if (body.store !== undefined) throw new HttpError(400, 'Invalid session request: send store with a password, not a code');
    const index = bypassCodeIndex(body.code, tenant.bypassCodes);
    return index >= 0 ? { role: 'bypass', code: index } : undefined;
  }
  const password = body.password!;
  if (body.store !== undefined) {
    const store = tenant.stores.find((s) => s.code === body.store);
    if (!store) throw new HttpError(400, `store: ${tenant.companyName} has no store with code "${body.store}"`);
    if (store.password === undefined) throw new HttpError(400, `store: ${store.name} has no password; its catalog is open`);
    return secretEquals(password, store.password) ? { role: 'store', store: store.code } : undefined;
  }
  // Both compared, whichever matches, so timing says nothing about which one exists.
  const roles = (['admin', 'staff'] as const satisfies readonly SessionRole[]).filter((role) => {
    const expected = roleSecret(tenant, role);
    return expected !== undefined && secretEquals(password, expected);
  });
  return roles[0] && { role: roles[0] };
}

async function entrySession(
  ctx: Pick<ApiContext, 'devices' | 'limiter' | 'sessions' | 'tenants'>,
  request: ApiRequest,
  password: string,
): Promise<CallAnswer<'session'>> {
  const who = await guesserOf(ctx, request, undefined);
  let onlyOwn: { brakeWait: number } | undefined;
  const tenant = await ctx.limiter.guess(who, undefined, (path) => {
    // While the entry screen is braked, a device proof lets its holder through for its own
    // tenant's password only: a proof of one tenant is no way past the brake to the others'.
    const candidates = path.known ? ctx.tenants.all().filter(({ tenant }) => tenant.id === who.device?.tenantId) : ctx.tenants.all();
    if (path.known) onlyOwn = { brakeWait: path.brakeWait };
    // Every candidate compared, so timing says nothing about which one matched.
    const matches = candidates.filter(({ tenant }) => tenant.password !== undefined && secretEquals(password, tenant.password));
    return matches[0]?.tenant;
  });
  if (!tenant) {
    request.log.warn('wrong entry password', { ip: request.clientIp, ...(onlyOwn ? { comparedWith: who.device?.tenantId } : {}) });
    // Not compared with the other tenants' passwords: it may be right there, so it is not called wrong.
    if (onlyOwn) throw brakeRefusal(onlyOwn.brakeWait);
    throw new HttpError(401, 'Wrong password');
  }
  const answer = await issue(ctx, request, tenant, { role: 'staff' });
  return withDeviceProof(
    ctx,
    request,
    who,
    tenant,
    { role: 'staff' },
    {
      ...answer,
      body: { ...answer.body, tenant_id: tenant.id, company_name: tenant.companyName } satisfies SessionAnswer,
    },
  );
}

async function issue(ctx: Pick<ApiContext, 'sessions'>, request: ApiRequest, tenant: Tenant, grant: Grant): Promise<CallAnswerOf<'session', 200>> {
  const session = await ctx.sessions.issue(tenant, grant);
  request.log.info('session started', { tenant: tenant.id, role: grant.role, ...(grant.role === 'store' ? { store: grant.store } : {}) });
  return {
    status: 200,
    body: {
      token: session.token,
      role: grant.role,
      ...(grant.role === 'store' ? { store: grant.store } : {}),
      expires_at: session.expiresAt,
    } satisfies SessionAnswer,
  };
}
