/**
 * The orders screen's data: what retrieve-orders answers (spec section 3, Order and Order line),
 * read defensively, and the body of update-historical-order built from it. Pure, no React.
 */
import { PAID } from '../../domain/payment.ts';
import type { UpdateHistoricalOrderBody } from '../../contracts/order-api-requests.ts';
import type { PlacedOrder as AnsweredOrder } from '../../contracts/order-api-responses.ts';
import type { OrderLine as AnsweredLine } from '../../contracts/order-line.ts';
import { statusFieldsOf, type OrderStatusFields } from './order-status-data.ts';

export type OrderLineField = keyof AnsweredLine;

/**
 * The fields of an order line (src/contracts/order-line.ts) at run time, where the contract's
 * schema does not ship: the compiler holds this list to exactly the contract's fields. Others
 * an answer may carry are not sent back.
 */
const KNOWN_FIELDS: Record<OrderLineField, true> = {
  code: true,
  quantity: true,
  price: true,
  description: true,
  size: true,
  color: true,
  embroidery: true,
  customer_po: true,
  po: true,
  est_ship_date: true,
  type: true,
  placement: true,
  second_embroidery: true,
  second_placement: true,
  line_total: true,
  store: true,
};
const ORDER_LINE_FIELDS = Object.keys(KNOWN_FIELDS) as OrderLineField[];

/** An order line as received: kept as it came, so it can be sent back unchanged. */
export type OrderLine = Partial<Record<OrderLineField, unknown>> & Pick<AnsweredLine, 'code'>;

/**
 * An order of a retrieve-orders answer as the orders screen keeps it: the contract's fields,
 * read defensively (an older server may leave ours out).
 */
export type PlacedOrder = Pick<AnsweredOrder, 'email' | 'created_at' | 'first_name' | 'last_name' | 'store'> &
  Partial<Pick<AnsweredOrder, 'total' | 'placed_with' | 'client_ip' | 'personal_data_removed' | 'in_hands_date' | 'supplier_note'>> & {
    /** Kept as it came: the contract's 1 or 2, or '1' from a server that writes it as text. */
    paid: unknown;
    order: OrderLine[];
    /** The order API's id of the order (shown as orderNumber); '' from a server that does not send it. */
    order_id: string;
  } & OrderStatusFields;

/** How many orders one retrieve-orders call asks for; 'Load more orders' asks for the next as many. */
export const ORDERS_PAGE_SIZE = 100;

/** The only fields of a line an admin may change, in the order the table shows them. */
export const EDITABLE_FIELDS = ['customer_po', 'po', 'est_ship_date'] as const satisfies readonly OrderLineField[];
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type LineEdits = Record<EditableField, string>;

export const EDITABLE_LABELS: Record<EditableField, string> = { customer_po: 'Customer PO', po: 'PO', est_ship_date: 'Est. Ship Date' };

export class UnreadableOrdersError extends Error {}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function orderLineOf(value: unknown): OrderLine | undefined {
  if (!isRecord(value) || typeof value.code !== 'string') return undefined;
  const line: Partial<Record<OrderLineField, unknown>> = {};
  for (const field of ORDER_LINE_FIELDS) if (value[field] !== undefined) line[field] = value[field];
  return line as OrderLine;
}

function orderOf(value: unknown): PlacedOrder | undefined {
  if (!isRecord(value) || typeof value.email !== 'string' || typeof value.created_at !== 'string' || !Array.isArray(value.order)) return undefined;
  const lines = value.order.map(orderLineOf);
  if (lines.some((line) => line === undefined)) return undefined;
  return {
    email: value.email,
    created_at: value.created_at,
    first_name: text(value.first_name),
    last_name: text(value.last_name),
    store: text(value.store),
    paid: value.paid,
    order: lines as OrderLine[],
    order_id: text(value.order_id),
    ...(typeof value.total === 'number' && Number.isFinite(value.total) ? { total: value.total } : {}),
    ...(typeof value.placed_with === 'string' && value.placed_with !== '' ? { placed_with: value.placed_with } : {}),
    ...(typeof value.client_ip === 'string' && value.client_ip !== '' ? { client_ip: value.client_ip } : {}),
    ...(typeof value.in_hands_date === 'string' && value.in_hands_date !== '' ? { in_hands_date: value.in_hands_date } : {}),
    ...(typeof value.supplier_note === 'string' && value.supplier_note !== '' ? { supplier_note: value.supplier_note } : {}),
    ...(value.personal_data_removed === true ? { personal_data_removed: true as const } : {}),
    ...statusFieldsOf(value),
  };
}

/**
 * The placed and paid orders of a retrieve-orders answer, in the order given (newest first).
 * Unpaid ones (paid 0) are not orders yet and are left out; an order that cannot be read
 * (no e-mail, created_at or lines) is skipped with a console warning. An answer without an
 * orders list throws UnreadableOrdersError.
 */
export function ordersFromResponse(data: unknown): PlacedOrder[] {
  if (!isRecord(data) || !Array.isArray(data.orders)) throw new UnreadableOrdersError('The order list could not be read. Please try again.');
  const orders: PlacedOrder[] = [];
  let skipped = 0;
  for (const value of data.orders) {
    const order = orderOf(value);
    if (!order) skipped++;
    else if (order.paid !== PAID.unpaid && order.paid !== String(PAID.unpaid)) orders.push(order);
  }
  if (skipped > 0) console.warn(`Skipped ${skipped} unreadable order${skipped === 1 ? '' : 's'} from retrieve-orders`);
  return orders;
}

/** Where the next page of a retrieve-orders answer starts (`next_cursor`), or null after the last page. */
export function nextCursorOf(data: unknown): string | null {
  return isRecord(data) && typeof data.next_cursor === 'string' && data.next_cursor !== '' ? data.next_cursor : null;
}

/** The orders listed with a further page after them; an order already listed (placed while paging) is not listed twice. */
export function appendOrders(listed: readonly PlacedOrder[], page: readonly PlacedOrder[]): PlacedOrder[] {
  const keys = new Set(listed.map(orderKey));
  return [...listed, ...page.filter((order) => !keys.has(orderKey(order)))];
}

/**
 * Tells orders apart in the page: update-historical-order identifies one by e-mail and
 * created_at; the order id too, since orders whose e-mails the retention removed share ''.
 */
export function orderKey(order: Pick<PlacedOrder, 'email' | 'created_at'> & { order_id?: string }): string {
  return JSON.stringify([order.email, order.created_at, order.order_id ?? '']);
}

/** What the Order Name column shows for an order whose personal data the order API removed. */
export const REMOVED_NAME = 'Removed (retention period)';

/** 'Dana Reyes' (the Order Name column). */
export function orderName(order: Pick<PlacedOrder, 'first_name' | 'last_name' | 'personal_data_removed'>): string {
  if (order.personal_data_removed) return REMOVED_NAME;
  return `${order.first_name} ${order.last_name}`.trim();
}

/** The editable values of a line as an edit form starts with them. */
export function editsOf(line: OrderLine): LineEdits {
  return { customer_po: text(line.customer_po), po: text(line.po), est_ship_date: text(line.est_ship_date) };
}

export function sameEdits(a: LineEdits, b: LineEdits): boolean {
  return EDITABLE_FIELDS.every((field) => a[field].trim() === b[field].trim());
}

/** The contract's body, with the lines going back exactly as retrieve-orders listed them (not re-typed here). */
export type UpdateBody = Omit<UpdateHistoricalOrderBody, 'cart'> & { cart: OrderLine[] };

/**
 * update-historical-order's body for one edited line (the admin session goes as a header): the order's lines as received, in
 * their order, with that line's Customer PO, PO and Est. Ship Date replaced (trimmed; empty
 * clears them). Every other field goes back unchanged, which the API requires.
 */
export function updateBody(order: PlacedOrder, lineIndex: number, edits: LineEdits, companyName: string): UpdateBody {
  if (!order.order[lineIndex]) throw new RangeError(`the order has no line ${lineIndex}`);
  return {
    email: order.email,
    created_at: order.created_at,
    cart: order.order.map((line, index) => {
      if (index !== lineIndex) return { ...line };
      return { ...line, customer_po: edits.customer_po.trim(), po: edits.po.trim(), est_ship_date: edits.est_ship_date.trim() };
    }),
    companyName,
  };
}

/**
 * The values the whole-order edit starts with: for each field, the value every line shares,
 * or '' when the lines differ.
 */
export function sharedEdits(order: Pick<PlacedOrder, 'order'>): LineEdits {
  const all = order.order.map(editsOf);
  const shared = (field: EditableField) => (all.every((edits) => edits[field].trim() === all[0]![field].trim()) ? all[0]![field].trim() : '');
  return { customer_po: shared('customer_po'), po: shared('po'), est_ship_date: shared('est_ship_date') };
}

/**
 * update-historical-order's body that sets fields on every line of the order at once (one call
 * for an order of eight lines, not eight): each field in `edits` replaces that field of every
 * line (trimmed; empty clears it); a field not in `edits` keeps each line's own value.
 */
export function wholeOrderBody(order: PlacedOrder, edits: Partial<LineEdits>, companyName: string): UpdateBody {
  const set = Object.fromEntries(EDITABLE_FIELDS.filter((field) => edits[field] !== undefined).map((field) => [field, edits[field]!.trim()]));
  return { email: order.email, created_at: order.created_at, cart: order.order.map((line) => ({ ...line, ...set })), companyName };
}

/**
 * The order's lines after a successful update: the server's own (its answer's `order.order`)
 * when it sent them back whole, else the lines that were sent. The spec's server answers
 * nothing useful; ours answers the updated order.
 */
export function linesAfterUpdate(sent: UpdateBody, answer: unknown): OrderLine[] {
  const order = isRecord(answer) && isRecord(answer.order) ? orderOf({ ...answer.order, email: sent.email, created_at: sent.created_at }) : undefined;
  return order && order.order.length === sent.cart.length ? order.order : sent.cart;
}
