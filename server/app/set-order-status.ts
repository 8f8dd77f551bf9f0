import { PAID } from '../../src/domain/payment.ts';
import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { SetOrderStatusBody } from '../../src/contracts/order-api-requests.ts';
import type { SetOrderStatusAnswer } from '../../src/contracts/order-api-responses.ts';
import { ORDER_STATUS_LABELS, transitionProblem } from '../../src/domain/order-status.ts';
import { shippingEmail } from '../mail/shipping-email.ts';
import type { NewStatusChange } from '../storage/order-status-history.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { HttpError } from './http-error.ts';
import { publicOrder } from './order-lines.ts';
import { requireTenant } from './require-tenant.ts';

/**
 * POST /v1/set-order-status: an admin session of the tenant sets where one of its placed or
 * paid orders stands. The change is checked against the status the order has when it is
 * written (concurrent changes of one order run one after the other), recorded with its time,
 * and a shipment e-mails the buyer in the same transaction when the tenant asks for it: one
 * e-mail per shipped change, however often the request is retried after it (a second
 * "shipped" is refused).
 */
export async function setOrderStatus(
  ctx: Pick<ApiContext, 'database' | 'mailFrom' | 'mailQueued' | 'orderLinks' | 'sessions' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'set-order-status'>> {
  const body = validateBody('set-order-status', request.body);
  const { tenant } = requireTenant(ctx, body.companyName);
  await ctx.sessions.require(request.headers.authorization, tenant, ['admin']);
  const change = changeOf(body);

  const order = await ctx.database.findOrder(body.order_id);
  const notFound = () => new HttpError(404, `order_id: ${tenant.companyName} has no placed or paid order ${body.order_id}`);
  if (!order || order.tenantId !== tenant.id || order.paid === PAID.unpaid) throw notFound();

  const orderPage = change.status === 'shipped' ? await ctx.orderLinks.pageOf(request.headers.origin, tenant, order.orderId) : undefined;
  const history = await ctx.database.statuses.change(order.orderId, tenant.id, (current) => {
    const problem = transitionProblem(current, change.status);
    if (problem) throw new HttpError(409, `status: ${problem}`, { current_status: current });
    const mail =
      change.status === 'shipped'
        ? shippingEmail(order, tenant, { carrier: change.carrier!, trackingNumber: change.trackingNumber! }, ctx.mailFrom, orderPage)
        : [];
    return { change, mail };
  });
  if (!history) throw notFound();
  if (change.status === 'shipped') ctx.mailQueued();
  request.log.info('order status set', { orderId: order.orderId, tenant: tenant.id, status: change.status });
  return { status: 200, body: { order: publicOrder(order, history, { audit: true }) } satisfies SetOrderStatusAnswer };
}

/** The change the body asks for; each status takes exactly the fields that go with it. */
function changeOf(body: SetOrderStatusBody): NewStatusChange {
  const checked = checkedChange(body, 'admin');
  if ('problems' in checked) throw new HttpError(400, `Invalid set-order-status request: ${checked.problems.join('; ')}`, { problems: checked.problems });
  return checked.change;
}

/** A status change with exactly the fields its status takes, or what is wrong with it (the supplier's desk checks each of its changes so too). */
export function checkedChange(
  body: Pick<SetOrderStatusBody, 'status' | 'carrier' | 'tracking_number' | 'reason'>,
  by: NewStatusChange['by'],
): { change: NewStatusChange } | { problems: string[] } {
  const label = ORDER_STATUS_LABELS[body.status].toLowerCase();
  const problems: string[] = [];
  if (body.status === 'shipped') {
    if (body.carrier === undefined) problems.push('carrier: required to set an order shipped (UPS, FedEx, USPS, DHL or other)');
    if (body.tracking_number === undefined) problems.push('tracking_number: required to set an order shipped');
  } else {
    if (body.carrier !== undefined) problems.push(`carrier: only for shipped, not ${label}`);
    if (body.tracking_number !== undefined) problems.push(`tracking_number: only for shipped, not ${label}`);
  }
  if (body.status === 'cancelled' && body.reason === undefined) problems.push('reason: required to cancel an order; say why, staff see it');
  if (body.status !== 'cancelled' && body.reason !== undefined) problems.push(`reason: only for cancelled, not ${label}`);
  if (problems.length > 0) return { problems };
  return {
    change: {
      status: body.status,
      by,
      ...(body.carrier ? { carrier: body.carrier } : {}),
      ...(body.tracking_number ? { trackingNumber: body.tracking_number.toUpperCase() } : {}),
      ...(body.reason ? { reason: body.reason } : {}),
    },
  };
}
