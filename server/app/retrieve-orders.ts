import type { RetrieveOrdersAnswer } from '../../src/contracts/order-api-responses.ts';
import type { OrderPosition } from '../storage/order-database.ts';
import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { HttpError } from './http-error.ts';
import { publicOrder } from './order-lines.ts';
import { requireTenant } from './require-tenant.ts';

/** Orders per page when the body names no `limit`. */
export const DEFAULT_ORDERS_PAGE = 100;

/**
 * POST /v1/retrieve-orders: the tenant's placed (2) and paid (1) orders with their status and
 * its history, newest first, a page at a time, only for a staff or admin session of that tenant. Unpaid PayPal orders are not
 * orders yet. An admin also sees how each order was placed and from which address.
 */
export async function retrieveOrders(ctx: ApiContext, request: ApiRequest): Promise<ApiAnswer> {
  const body = validateBody('retrieve-orders', request.body);
  const { tenant } = requireTenant(ctx, body.companyName);
  const session = await ctx.sessions.require(request.headers.authorization, tenant, ['staff', 'admin']);
  const limit = body.limit ?? DEFAULT_ORDERS_PAGE;
  const page = await ctx.database.listPlacedOrders(tenant.id, limit, body.cursor === undefined ? undefined : positionOf(body.cursor));
  const history = await ctx.database.statuses.historyOf(page.orders.map((order) => order.orderId));
  return {
    status: 200,
    body: {
      orders: page.orders.map((order) => publicOrder(order, history.get(order.orderId) ?? [], { audit: session.role === 'admin' })),
      next_cursor: page.orders.length === limit && page.last ? cursorOf(page.last) : null,
    } satisfies RetrieveOrdersAnswer,
  };
}

/** Opaque to the client: where the page ended. */
function cursorOf(position: OrderPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

function positionOf(cursor: string): OrderPosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && Number.isSafeInteger(id)) return { createdAt, id: id as number };
  } catch {
    // reported below
  }
  throw new HttpError(400, 'cursor: must be a next_cursor retrieve-orders gave, unchanged');
}
