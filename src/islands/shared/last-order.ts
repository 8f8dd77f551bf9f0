import type { CartLine } from '../../domain/cart-line.ts';
import { isCartLine } from '../cart/stored-cart.ts';

/**
 * sessionStorage key under which the checkout hands the order just placed to the success page
 * (pages are separate documents): a JSON LastOrder. sessionStorage, so it lives in this tab
 * only: a bookmark or a new tab opens the success page with no order, and it says so.
 */
export const LAST_ORDER_KEY = 'last-order';

/** A line of the order placed: the cart line at the unit price charged (dollars), and its line total (dollars). */
export interface OrderedLine extends CartLine {
  lineTotal: number;
}

/** What the success page shows: enough for a confirmation the buyer can quote and print. */
export interface LastOrder {
  /** The id the order API answered (the success page shows it as orderNumber). */
  orderId: string;
  /** Dollars: the order API's total when its answer carried one (docs/order-api.md), else the checkout's. */
  total: number;
  /** When the browser had the order placed (ISO): the day the success page shows. */
  placedAt: string;
  /** The store chosen at checkout as its select named it ('Guardian Chevrolet — 100 Main St'); '' for None. */
  store: string;
  customerPo: string;
  /** Who placed it, as typed at checkout (absent in an order handed over before it was kept). */
  buyer?: { name: string; email: string };
  /** Where the order API sent the buyer's confirmation e-mail, when it said it sent one. */
  confirmationSentTo?: string;
  lines: OrderedLine[];
}

/**
 * What the checkout writes for the success page, only once the order is placed and paid (a
 * payment PayPal is still processing stays on the checkout); the next order replaces it.
 */
export function handOverOrder(storage: Pick<Storage, 'setItem'>, order: LastOrder): void {
  storage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
}

/**
 * The order total an order API answer (create-order's or capture-order's 200) carries, in
 * dollars, or undefined when it has none (an API from before `total`, a capture stored then).
 * Of several answers the last that carries one wins: the capture's over the creation's.
 */
export function answeredTotal(answers: readonly unknown[]): number | undefined {
  let total: number | undefined;
  for (const answer of answers) {
    const value = isRecord(answer) ? answer.total : undefined;
    if (isAmount(value)) total = value;
  }
  return total;
}

/**
 * The address an order API answer says the buyer's confirmation went to
 * (`confirmation_sent_to`), or undefined when none says so (the tenant sends none, or the
 * capture is what sends it and has not answered yet). The last answer that says so wins.
 */
export function answeredConfirmation(answers: readonly unknown[]): string | undefined {
  let sentTo: string | undefined;
  for (const answer of answers) {
    const value = isRecord(answer) ? answer.confirmation_sent_to : undefined;
    if (typeof value === 'string' && value !== '') sentTo = value;
  }
  return sentTo;
}

/**
 * The order handed over, or undefined when there is none. Anything unreadable (storage
 * unavailable, not JSON, a field missing or of the wrong kind, a line that is not a cart line)
 * counts as none, with a console warning: a partial confirmation would be misleading, and the
 * success page must never claim an order it cannot show.
 */
export function readLastOrder(storage: Pick<Storage, 'getItem'> | undefined): LastOrder | undefined {
  let raw: string | null;
  try {
    raw = storage ? storage.getItem(LAST_ORDER_KEY) : null;
  } catch (error) {
    console.warn(`Could not read the last order from session storage: ${String(error)}`);
    return undefined;
  }
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('Ignored the stored last order: it is not JSON');
    return undefined;
  }
  const problem = lastOrderProblem(parsed);
  if (problem) {
    console.warn(`Ignored the stored last order: ${problem}`);
    return undefined;
  }
  return parsed as LastOrder;
}

function lastOrderProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'it is not an order';
  if (typeof value.orderId !== 'string' || value.orderId.trim() === '') return 'it has no order id';
  if (!isAmount(value.total)) return 'it has no total';
  if (typeof value.placedAt !== 'string' || Number.isNaN(Date.parse(value.placedAt))) return 'it has no date';
  if (typeof value.store !== 'string' || typeof value.customerPo !== 'string') return 'it has no store or customer PO';
  if (value.buyer !== undefined && !(isRecord(value.buyer) && typeof value.buyer.name === 'string' && typeof value.buyer.email === 'string'))
    return 'its buyer is not a name and an e-mail';
  if (value.confirmationSentTo !== undefined && typeof value.confirmationSentTo !== 'string') return 'its confirmation address is not text';
  if (!Array.isArray(value.lines) || value.lines.length === 0) return 'it has no lines';
  if (!value.lines.every((line) => isCartLine(line) && isAmount((line as Partial<OrderedLine>).lineTotal)))
    return 'it holds a line that is not an ordered line';
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
