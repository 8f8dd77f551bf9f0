import { formatMoney, moneyFromDollars } from '../../domain/money.ts';
import { onRequestCount, PRICE_ON_REQUEST } from '../../domain/price-on-request.ts';
import { isShipDate } from '../../domain/ship-date.ts';

/** What an empty cell of an order line shows (spec section 2, Orders screen). */
export const NOT_AVAILABLE = 'N/A';

/**
 * An order's created_at as the orders table shows it: 'January 05, 2024' (en-US, long month,
 * two-digit day), in the viewer's own time zone unless one is given: an order placed at
 * 9 pm in Ohio is on that day's row, not the next (UTC) one. Text that is not a date is shown
 * as it came.
 */
export function formatOrderDate(createdAt: string, timeZone?: string): string {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return createdAt;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(time);
}

/**
 * An Est. Ship Date as the orders table shows it: a stored day (`2024-02-15`) like the order
 * date, 'February 15, 2024', the same in every time zone (it is a day, not an instant).
 * Free text written before the date input is shown as it was typed; nothing shows N/A.
 */
export function formatShipDate(value: unknown): string {
  const text = textOrNotAvailable(value);
  return isShipDate(text) ? formatOrderDate(`${text}T00:00:00Z`, 'UTC') : text;
}

/**
 * A price in dollars with '$': two decimals, or as many as it has below a cent ($0.0279).
 * A missing or unusable price shows as $0.00 (spec: 'Price (with $, 0 if missing)').
 */
export function formatDollars(price: unknown): string {
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return '$0.00';
  // Prices carry at most 4 decimals; anything finer (a float artefact) is rounded to them.
  return formatMoney(moneyFromDollars(Math.round(price * 10_000) / 10_000));
}

/** A line's price (or line total, given its unit price): 'Price on request' where the unit price is 0 (spec: 0 means not set), else formatDollars. */
export function formatLinePrice(amount: unknown, unitPrice: unknown = amount): string {
  return unitPrice === 0 ? PRICE_ON_REQUEST : formatDollars(amount);
}

/** An order's total that says how many of its lines it leaves out, priced on request: '$120.00 + 1 line priced on request'. */
export function formatOrderTotal(total: unknown, unitPrices: readonly unknown[]): string {
  const onRequest = unitPrices.filter((price) => price === 0).length;
  if (onRequest === 0) return formatDollars(total);
  return typeof total === 'number' && total > 0 ? `${formatDollars(total)} + ${onRequestCount(onRequest)}` : PRICE_ON_REQUEST;
}

/** A text cell: its trimmed text, or N/A when there is none. Numbers are shown as they are. */
export function textOrNotAvailable(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return NOT_AVAILABLE;
  const text = value.trim();
  return text === '' ? NOT_AVAILABLE : text;
}

/**
 * 'the order of Dana Reyes, January 05, 2024': how the controls of one order name it to
 * assistive technology (its lines toggle, its lines region, its 'Order again').
 */
export function orderLabel(name: string, date: string): string {
  return `the order of ${name || 'no name'}, ${date}`;
}
