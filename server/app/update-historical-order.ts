import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import { moneyFromDollars } from '../../src/domain/money.ts';
import { shipDateProblem } from '../../src/domain/ship-date.ts';
import type { StoredLine } from '../storage/order-database.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import type { WireOrderLine } from '../../src/contracts/order-line.ts';
import type { UpdateHistoricalOrderAnswer } from '../../src/contracts/order-api-responses.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { validateBody } from './body-schemas.ts';
import { HttpError } from './http-error.ts';
import { guesserOf } from './known-device.ts';
import { publicLine, publicOrder } from './order-lines.ts';
import { requireTenant } from './require-tenant.ts';
import { secretEquals } from './secret-compare.ts';

/** The only fields of an order line an admin may change. */
const EDITABLE = ['po', 'customer_po', 'est_ship_date'] as const;

/**
 * POST /v1/update-historical-order: an admin sets PO, Customer PO and Est. Ship Date of an
 * order's lines. The order is the one with that e-mail and created_at; the lines come back
 * in the order retrieve-orders gave them, and every other field sent must still equal the
 * stored one: nothing else of an order can change this way.
 */
export async function updateHistoricalOrder(
  ctx: Pick<ApiContext, 'database' | 'devices' | 'limiter' | 'sessions' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'update-historical-order'>> {
  const body = validateBody('update-historical-order', request.body);
  const createdAt = Date.parse(body.created_at);
  if (Number.isNaN(createdAt)) throw new HttpError(400, `created_at: must be the order's created_at as retrieve-orders gave it, got "${body.created_at}"`);
  const named = body.companyName === undefined ? undefined : requireTenant(ctx, body.companyName).tenant;

  // An admin session of the named tenant, or (the spec's way) its admin password in the body.
  // Who may edit is settled before any order is looked up; the lookup is then a guess (an
  // e-mail and a time), and "no such order" and "not yours" are one answer, so neither a
  // session nor a password learns whether another tenant has such an order.
  const bySession = request.headers.authorization !== undefined || body.admin_password === undefined;
  if (bySession && !named) throw new HttpError(400, "companyName: required with an admin session; send the storefront's company name");
  if (bySession) await ctx.sessions.require(request.headers.authorization, named!, ['admin']);
  const who = await guesserOf(ctx, request, named?.id);
  const editable = await ctx.limiter.guess(who, named?.id, async () => {
    // Orders are their tenant's by id (a company_name may change). One whose tenant file is gone
    // is nobody's: never a candidate, so it answers as no order at all until an operator reattaches it.
    const found = await ctx.database.findOrdersByEmailAndTime(body.email, new Date(createdAt).toISOString());
    const mine = found.filter((o) => {
      const tenant = ctx.tenants.byId(o.tenantId)?.tenant;
      return tenant !== undefined && (named === undefined || tenant.id === named.id) && (bySession || adminPasswordFits(tenant, body.admin_password!));
    });
    return mine.length > 0 ? mine : undefined;
  });
  if (!editable) {
    request.log.warn('order lookup found nothing to edit', {
      companyName: named?.companyName,
      ip: request.clientIp,
      by: bySession ? 'session' : 'admin password',
    });
    throw new HttpError(404, `No order of ${body.email} created at ${body.created_at} can be edited with this ${bySession ? 'session' : 'admin password'}`);
  }
  // Only when the typed password is the admin password of several tenants with such an order.
  if (editable.length > 1)
    throw new HttpError(409, `${editable.length} tenants have an order of ${body.email} created at ${body.created_at}; send companyName too`);
  const order = editable[0]!;

  const updated = await ctx.database.updateOrderLines(order.orderId, (lines) => applyEdits(lines, body.cart));
  request.log.info('order lines edited', { orderId: order.orderId, tenant: order.tenantId });
  const history = await ctx.database.statuses.historyOf([order.orderId]);
  return { status: 200, body: { order: publicOrder(updated, history.get(order.orderId) ?? []) } satisfies UpdateHistoricalOrderAnswer };
}

/** Whether `typed` is the admin password of `tenant`. */
function adminPasswordFits(tenant: Tenant, typed: string): boolean {
  return tenant.adminPassword !== undefined && secretEquals(typed, tenant.adminPassword);
}

function applyEdits(lines: StoredLine[], sent: WireOrderLine[]): StoredLine[] {
  if (sent.length !== lines.length) {
    throw new HttpError(400, `cart: must hold the order's ${lines.length} ${lines.length === 1 ? 'line' : 'lines'} in their order, got ${sent.length}`);
  }
  return lines.map((line, index) => {
    const incoming = sent[index]!;
    const stored = publicLine(line);
    for (const [field, value] of Object.entries(incoming) as [keyof typeof stored, unknown][]) {
      if ((EDITABLE as readonly string[]).includes(field) || value === undefined) continue;
      if (!sameValue(field, stored[field], value)) {
        throw new HttpError(
          400,
          `cart[${index}].${field}: cannot be changed (only po, customer_po and est_ship_date can); the order has ${JSON.stringify(stored[field])}, got ${JSON.stringify(value)}`,
        );
      }
    }
    // A new Est. Ship Date is a day (YYYY-MM-DD); a legacy free-text one may come back unchanged.
    const shipDate = incoming.est_ship_date == null ? undefined : shipDateProblem(incoming.est_ship_date, line.estShipDate);
    if (shipDate !== undefined) throw new HttpError(400, `cart[${index}].est_ship_date: ${shipDate}, got ${JSON.stringify(incoming.est_ship_date)}`);
    return {
      ...line,
      po: edited(incoming.po, line.po),
      customerPo: edited(incoming.customer_po, line.customerPo),
      estShipDate: edited(incoming.est_ship_date, line.estShipDate),
    };
  });
}

/** Absent keeps the stored value; null or '' clears it. */
function edited(sent: string | null | undefined, stored: string): string {
  if (sent === undefined) return stored;
  return sent?.trim() ?? '';
}

/** Prices compare as money (38.77 and 38.770 are equal); null and '' both mean empty. */
function sameValue(field: string, stored: unknown, sent: unknown): boolean {
  if ((field === 'price' || field === 'line_total') && typeof sent === 'number' && typeof stored === 'number') {
    try {
      return moneyFromDollars(sent) === moneyFromDollars(stored);
    } catch {
      return false;
    }
  }
  if (sent === null) return stored === '' || stored === null;
  return stored === sent;
}
