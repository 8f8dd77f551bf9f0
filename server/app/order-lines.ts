import { recordedPlacements } from '../../src/domain/cart-line.ts';
import { moneyToDollars } from '../../src/domain/money.ts';
import type { PricedCart, ProductLookup } from '../../src/domain/pricing.ts';
import { trackingLink } from '../../src/domain/order-status.ts';
import type { OrderRecord, StoredLine } from '../storage/order-database.ts';
import { currentStatus, type StatusChangeRecord } from '../storage/order-status-history.ts';
import type { WireCartLine } from '../../src/contracts/order-api-requests.ts';
import type { PlacedOrder, StatusChange } from '../../src/contracts/order-api-responses.ts';
import type { OrderLine } from '../../src/contracts/order-line.ts';

/**
 * Between the wire and storage: priced cart lines become stored order lines (names, types
 * and prices from the catalog and pricing, never from the client), and stored orders become
 * the spec's order shape (section 3) that retrieve-orders answers with.
 */
export function storedLinesOf(priced: PricedCart<WireCartLine>, findProduct: ProductLookup, customerPo: string): StoredLine[] {
  return priced.lines.map(({ line, unitPrice, lineTotal }) => {
    const product = findProduct(line.code)!;
    const { placement, secondPlacement = '' } = recordedPlacements(product.type, line);
    return {
      code: product.code,
      name: product.name,
      type: product.type,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      unitPrice,
      lineTotal,
      placement,
      embroidery: line.embroidery ?? '',
      secondEmbroidery: line.secondEmbroidery ?? '',
      secondPlacement,
      customerPo,
      po: '',
      estShipDate: '',
      ...(line.store ? { store: line.store } : {}),
    };
  });
}

/** An order line as the orders screen reads it: the spec's fields, then ours. */
export function publicLine(line: StoredLine): OrderLine {
  return {
    code: line.code,
    quantity: line.quantity,
    price: moneyToDollars(line.unitPrice),
    description: line.name,
    size: line.size,
    color: line.color,
    embroidery: line.embroidery,
    customer_po: line.customerPo,
    po: line.po,
    est_ship_date: line.estShipDate,
    type: line.type,
    placement: line.placement,
    second_embroidery: line.secondEmbroidery,
    second_placement: line.secondPlacement,
    line_total: moneyToDollars(line.lineTotal),
    ...(line.store ? { store: line.store } : {}),
  };
}

/**
 * An order as retrieve-orders answers it: the spec's fields, then ours (order_id, total, its
 * status and the history of it) and, for an admin, how it was placed and from which client address.
 */
export function publicOrder(order: OrderRecord, history: readonly StatusChangeRecord[], { audit = false }: { audit?: boolean } = {}): PlacedOrder {
  return {
    email: order.email,
    created_at: order.createdAt,
    first_name: order.firstName,
    last_name: order.lastName,
    company_name: order.companyName,
    store: order.store,
    paid: order.paid,
    order: order.lines.map(publicLine),
    order_id: order.orderId,
    customer_po: order.customerPo,
    ...(order.inHandsDate ? { in_hands_date: order.inHandsDate } : {}),
    ...(order.supplierNote ? { supplier_note: order.supplierNote } : {}),
    total: moneyToDollars(order.total),
    ...(audit ? { placed_with: order.placedWith, client_ip: order.clientIp } : {}),
    // Past ORDER_RETENTION_DAYS the names, e-mail and client address are '' and the order says why.
    ...(order.personalRemovedAt === undefined ? {} : { personal_data_removed: true }),
    status: currentStatus(order.paid, history),
    status_history: history.map(publicStatusChange),
  };
}

/** A status change as the orders screen reads it, a shipment with its carrier's tracking link. */
export function publicStatusChange(change: StatusChangeRecord): StatusChange {
  const link = change.carrier && change.trackingNumber ? trackingLink(change.carrier, change.trackingNumber) : undefined;
  return {
    status: change.status,
    at: new Date(change.at).toISOString(),
    by: change.by,
    ...(change.carrier ? { carrier: change.carrier } : {}),
    ...(change.trackingNumber ? { tracking_number: change.trackingNumber } : {}),
    ...(link ? { tracking_url: link } : {}),
    ...(change.reason ? { reason: change.reason } : {}),
  };
}

/** How a line is named in messages: `cart[2] (K500, Medium, Navy)`. */
export function lineLabel(index: number | string, line: { code?: unknown; size?: unknown; color?: unknown }): string {
  const where = typeof index === 'number' ? `cart[${index}]` : `cart[${JSON.stringify(index)}]`;
  return `${where} (${[line.code, line.size, line.color].map(String).join(', ')})`;
}
