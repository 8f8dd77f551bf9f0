import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { publicOrder } from './order-lines.ts';
import { requireTenant } from './require-tenant.ts';

/**
 * POST /v1/retrieve-orders: the tenant's placed (2) and paid (1) orders, newest first, only for
 * a staff or admin session of that tenant. Unpaid PayPal orders are not orders yet.
 */
export async function retrieveOrders(ctx: ApiContext, request: ApiRequest): Promise<ApiAnswer> {
  const body = validateBody('retrieve-orders', request.body);
  const { tenant } = requireTenant(ctx, body.companyName);
  await ctx.sessions.require(request.headers.authorization, tenant, ['staff', 'admin']);
  const orders = await ctx.store.listPlacedOrders(tenant.companyName, body.limit);
  return { status: 200, body: { orders: orders.map(publicOrder) } };
}
