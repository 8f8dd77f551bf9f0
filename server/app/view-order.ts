import { PAID } from '../../src/domain/payment.ts';
import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import { BuyerOrderSchema, type BuyerOrder, type ViewOrderAnswer } from '../../src/contracts/order-api-responses.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { HttpError } from './http-error.ts';
import { publicOrder } from './order-lines.ts';
import { requireTenant } from './require-tenant.ts';

/**
 * POST /v1/view-order: the one order a buyer's e-mailed link opens (order-links.ts), read-only
 * and without a password: its status with tracking, and its lines. The key is checked before
 * the database is asked, so a wrong key learns nothing of which orders exist; the answer
 * leaves out the buyer's name, e-mail and address, which a forwarded link would pass on.
 */
export async function viewOrder(ctx: Pick<ApiContext, 'database' | 'orderLinks' | 'tenants'>, request: ApiRequest): Promise<CallAnswer<'view-order'>> {
  const body = validateBody('view-order', request.body);
  const { tenant } = requireTenant(ctx, body.companyName);
  await ctx.orderLinks.check(body.key, tenant.id, body.order_id);
  const order = await ctx.database.findOrder(body.order_id);
  if (!order || order.tenantId !== tenant.id || order.paid === PAID.unpaid) throw new HttpError(404, `${tenant.companyName} has no order ${body.order_id}`);
  const history = await ctx.database.statuses.historyOf([order.orderId]);
  const full = publicOrder(order, history.get(order.orderId) ?? []);
  // The contract's buyer fields alone, read from its schema: a field added to the staff view stays out of the link's.
  const shown = Object.fromEntries(Object.entries(full).filter(([field]) => field in BuyerOrderSchema.properties)) as BuyerOrder;
  return { status: 200, body: { order: shown } satisfies ViewOrderAnswer };
}
