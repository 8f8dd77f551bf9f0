import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { DeskFilter } from '../../src/contracts/desk-requests.ts';
import type { DeskOrder, DeskOrdersAnswer, DeskTenant } from '../../src/contracts/desk-responses.ts';
import type { OrderRecord } from '../storage/order-database.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { requireDeskSession } from './desk-access.ts';
import { HttpError } from './http-error.ts';
import { cursorOf, positionOf } from './order-cursor.ts';
import { publicOrder } from './order-lines.ts';

/** Orders per page when the body names no `limit`. */
const DEFAULT_DESK_PAGE = 50;

/**
 * POST /v1/desk-orders: every tenant's placed and paid orders, newest first, filtered, a page
 * at a time, for a desk session only. Each order as its tenant's admins see it, and whose it is.
 */
export async function listDeskOrders(
  ctx: Pick<ApiContext, 'database' | 'desk' | 'sessions' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'desk-orders'>> {
  const body = validateBody('desk-orders', request.body);
  await requireDeskSession(ctx, request);
  const filter = knownFilter(ctx, body.filter);
  const page = await ctx.desk.orders.page(
    filter,
    body.limit ?? DEFAULT_DESK_PAGE,
    body.cursor === undefined ? undefined : positionOf(body.cursor, 'desk-orders'),
  );
  return {
    status: 200,
    body: {
      orders: await deskOrdersOf(ctx, page.orders),
      next_cursor: page.next ? cursorOf(page.next) : null,
      tenants: deskTenants(ctx),
    } satisfies DeskOrdersAnswer,
  };
}

/** The filter, its tenant checked: an id no tenant has is a mistake to say, not an empty list. */
export function knownFilter(ctx: Pick<ApiContext, 'tenants'>, filter: DeskFilter = {}): DeskFilter {
  if (filter.tenant !== undefined && !ctx.tenants.byId(filter.tenant)) throw new HttpError(400, `filter.tenant: no storefront has the id "${filter.tenant}"`);
  return filter;
}

/** Orders as the desk answers them: with their status history, as an admin of their tenant sees them. */
export async function deskOrdersOf(ctx: Pick<ApiContext, 'database'>, orders: readonly OrderRecord[]): Promise<DeskOrder[]> {
  const history = await ctx.database.statuses.historyOf(orders.map((order) => order.orderId));
  return orders.map((order) => ({ ...publicOrder(order, history.get(order.orderId) ?? [], { audit: true }), tenant_id: order.tenantId }));
}

function deskTenants(ctx: Pick<ApiContext, 'tenants'>): DeskTenant[] {
  return ctx.tenants
    .all()
    .map(({ tenant }) => ({ id: tenant.id, company_name: tenant.companyName, stores: tenant.stores.map((store) => store.name) }))
    .sort((a, b) => a.company_name.localeCompare(b.company_name));
}
