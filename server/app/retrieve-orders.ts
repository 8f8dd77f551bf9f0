import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { RetrieveOrdersAnswer } from '../../src/contracts/order-api-responses.ts';
import type { OrderDatabase, OrderPosition, OrderRecord } from '../storage/order-database.ts';
import { currentStatus, type StatusChangeRecord } from '../storage/order-status-history.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { cursorOf, positionOf } from './order-cursor.ts';
import { isFiltering, matchesFilter, type OrderFilter } from './order-filter.ts';
import { publicOrder } from './order-lines.ts';
import { requireTenant } from './require-tenant.ts';

/** Orders per page when the body names no `limit`. */
export const DEFAULT_ORDERS_PAGE = 100;

/**
 * POST /v1/retrieve-orders: the tenant's placed (2) and paid (1) orders with their status and
 * its history, newest first, a page at a time, only for a staff or admin session of that tenant. Unpaid PayPal orders are not
 * orders yet. An admin also sees how each order was placed and from which address.
 */
export async function retrieveOrders(ctx: Pick<ApiContext, 'database' | 'sessions' | 'tenants'>, request: ApiRequest): Promise<CallAnswer<'retrieve-orders'>> {
  const body = validateBody('retrieve-orders', request.body);
  const { tenant } = requireTenant(ctx, body.companyName);
  const session = await ctx.sessions.require(request.headers.authorization, tenant, ['staff', 'admin']);
  const limit = body.limit ?? DEFAULT_ORDERS_PAGE;
  const after = body.cursor === undefined ? undefined : positionOf(body.cursor, 'retrieve-orders');
  const page = isFiltering(body.filter)
    ? await filteredPage(ctx.database, tenant.id, limit, after, body.filter)
    : await unfilteredPage(ctx.database, tenant.id, limit, after);
  return {
    status: 200,
    body: {
      orders: page.orders.map(({ order, history }) => publicOrder(order, history, { audit: session.role === 'admin' })),
      next_cursor: page.next ? cursorOf(page.next) : null,
    } satisfies RetrieveOrdersAnswer,
  };
}

interface OrdersPage {
  orders: { order: OrderRecord; history: StatusChangeRecord[] }[];
  /** Where the next page starts; undefined when no order is left. */
  next: OrderPosition | undefined;
}

async function unfilteredPage(database: OrderDatabase, tenantId: string, limit: number, after: OrderPosition | undefined): Promise<OrdersPage> {
  const page = await database.listPlacedOrders(tenantId, limit, after);
  const history = await database.statuses.historyOf(page.orders.map((order) => order.orderId));
  return {
    orders: page.orders.map((order) => ({ order, history: history.get(order.orderId) ?? [] })),
    next: page.orders.length === limit ? page.last : undefined,
  };
}

/** Orders read per step of a filtered search, and the most one call reads before it answers with what it found. */
const SCAN_BATCH = 200;
const SCAN_MOST = 5_000;

/**
 * The matching orders, newest first, read in keyset steps from `after` until `limit` match or
 * the orders run out. A search that reads SCAN_MOST orders answers with what it found so far
 * and a cursor to go on from, so one call's cost is bounded however rare the matches.
 */
async function filteredPage(
  database: OrderDatabase,
  tenantId: string,
  limit: number,
  after: OrderPosition | undefined,
  filter: OrderFilter,
): Promise<OrdersPage> {
  const found: OrdersPage['orders'] = [];
  let from = after;
  for (let read = 0; read < SCAN_MOST; read += SCAN_BATCH) {
    const batch = await database.listPlacedOrders(tenantId, SCAN_BATCH, from);
    const history = await database.statuses.historyOf(batch.orders.map((order) => order.orderId));
    for (const [index, order] of batch.orders.entries()) {
      const changes = history.get(order.orderId) ?? [];
      if (!matchesFilter(order, currentStatus(order.paid, changes), filter)) continue;
      found.push({ order, history: changes });
      if (found.length === limit) return { orders: found, next: batch.positions[index] };
    }
    if (batch.orders.length < SCAN_BATCH) return { orders: found, next: undefined };
    from = batch.last;
  }
  return { orders: found, next: from };
}
