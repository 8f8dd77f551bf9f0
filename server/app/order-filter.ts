import type { RetrieveOrdersBody } from '../../src/contracts/order-api-requests.ts';
import type { OrderStatus } from '../../src/domain/order-status.ts';
import type { OrderRecord } from '../storage/order-database.ts';

export type OrderFilter = NonNullable<RetrieveOrdersBody['filter']>;

/** Whether the filter asks for anything: an empty one lists every order, as no filter does. */
export function isFiltering(filter: OrderFilter | undefined): filter is OrderFilter {
  return filter !== undefined && Object.values(filter).some((value) => value !== undefined && value.trim() !== '');
}

/**
 * Whether an order is one a purchasing desk asked for: every word of `buyer` in the buyer's
 * name or e-mail, `po` within the order's Customer PO or a line's Customer PO or PO (any case),
 * placed from `placed_from` and before `placed_before` (instants: the desk's days in its own
 * time zone, as the orders screen shows them), and now in `status`.
 */
export function matchesFilter(order: OrderRecord, status: OrderStatus, filter: OrderFilter): boolean {
  const buyer = `${order.firstName} ${order.lastName} ${order.email}`.toLowerCase();
  const words = (filter.buyer ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.every((word) => buyer.includes(word))) return false;
  const po = (filter.po ?? '').trim().toLowerCase();
  if (po !== '' && ![order.customerPo, ...order.lines.flatMap((line) => [line.customerPo, line.po])].some((text) => text.toLowerCase().includes(po)))
    return false;
  const placed = Date.parse(order.createdAt);
  if (filter.placed_from && placed < Date.parse(filter.placed_from)) return false;
  if (filter.placed_before && placed >= Date.parse(filter.placed_before)) return false;
  return !filter.status || filter.status === status;
}
