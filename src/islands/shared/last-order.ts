import { cartLinesOf, type CartLine } from '../../domain/cart-line.ts';
import { isCartLine } from '../cart/stored-cart.ts';

/**
 * sessionStorage key under which the checkout hands the lines of the order just placed to the
 * success page (pages are separate documents): a JSON array of CartLine.
 */
export const LAST_ORDER_KEY = 'last-order';
/**
 * What the checkout writes for the success page, only once the order is placed and paid (a
 * payment PayPal is still processing stays on the checkout); the next order replaces it.
 */
export function handOverOrder(storage: Pick<Storage, 'setItem'>, lines: readonly CartLine[]): void {
  storage.setItem(LAST_ORDER_KEY, JSON.stringify(lines));
}

/**
 * The lines handed over, or undefined when there are none. Anything unreadable (storage
 * unavailable, not JSON, not a list of cart lines) counts as none, with a console warning:
 * a partial order would be misleading, so one bad line makes the whole hand-over unreadable.
 * The browser's keyed cart map is accepted as well as a list.
 */
export function readLastOrder(storage: Pick<Storage, 'getItem'> | undefined): CartLine[] | undefined {
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
    console.warn(`Ignored the stored last order: it is not JSON`);
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') {
    console.warn('Ignored the stored last order: it is not a list of cart lines');
    return undefined;
  }
  const lines = cartLinesOf(parsed as unknown[] | Record<string, unknown>);
  if (!lines.every(isCartLine)) {
    console.warn('Ignored the stored last order: it holds a line that is not a cart line');
    return undefined;
  }
  return lines.length > 0 ? lines : undefined;
}
