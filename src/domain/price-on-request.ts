import { formatMoney, type Money } from './money.ts';

/**
 * How a price of 0 reads. The spec says 0 means "price not set or not shown", so a size
 * priced 0 is never "$0.00" (which reads as free) but priced on request: ordered as a request
 * for a quote (docs/decisions.md, Prices on request). Every screen and the e-mail say it with
 * these words, so the buyer, the dealership and the supplier read the same thing.
 */
export const PRICE_ON_REQUEST = 'Price on request';

/** A unit price or a line total: `$38.77`, or 'Price on request' for 0. */
export function priceText(amount: Money): string {
  return amount === 0 ? PRICE_ON_REQUEST : formatMoney(amount);
}

/** '2 lines priced on request'. */
export function onRequestCount(lines: number): string {
  return `${lines.toLocaleString('en-US')} ${lines === 1 ? 'line' : 'lines'} priced on request`;
}

/**
 * An order or cart total that leaves out lines priced on request says so: `$120.00`,
 * `$120.00 + 1 line priced on request`, or 'Price on request' when no line has a price.
 */
export function totalText(total: Money, onRequestLines: number): string {
  if (onRequestLines === 0) return formatMoney(total);
  if (total === 0) return PRICE_ON_REQUEST;
  return `${formatMoney(total)} + ${onRequestCount(onRequestLines)}`;
}
