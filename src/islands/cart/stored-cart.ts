import { cartKey, type CartLine } from '../../domain/cart-line.ts';
import { MAX_LINE_QUANTITY } from '../../domain/order-rules.ts';

/** sessionStorage key of the cart (spec section 3): a map from cartKey to line. */
export const CART_STORAGE_KEY = 'cart';

/** Fired on window whenever an island changes the cart, so the header badge (runtime/client/cart-badge.ts) follows. */
export const CART_CHANGE_EVENT = 'cart-change';

/** Fired on window when another tab's cart was written into this tab's storage (runtime/client/cart-sync.ts): the store reloads it. */
export const CART_SYNCED_EVENT = 'cart-synced';

const TEXT_FIELDS = ['type', 'name', 'size', 'color', 'code', 'placement', 'embroidery'] as const;
const OPTIONAL_TEXT_FIELDS = ['secondEmbroidery', 'secondPlacement', 'store'] as const;

/** A line as it must look to be trusted back from storage; anything else is dropped. */
export function isCartLine(value: unknown): value is CartLine {
  if (value === null || typeof value !== 'object') return false;
  const line = value as Record<string, unknown>;
  return (
    TEXT_FIELDS.every((field) => typeof line[field] === 'string') &&
    OPTIONAL_TEXT_FIELDS.every((field) => line[field] === undefined || typeof line[field] === 'string') &&
    typeof line.price === 'number' &&
    Number.isFinite(line.price) &&
    Number.isSafeInteger(line.quantity) &&
    (line.quantity as number) > 0 &&
    // Over the order API's bound a line could not be ordered, nor priced exactly.
    (line.quantity as number) <= MAX_LINE_QUANTITY
  );
}

/**
 * Reads the stored cart map. Unreadable or foreign data is discarded with a console warning,
 * never a crash: the visitor gets an empty cart instead of a broken page.
 */
export function readStoredCart(raw: string | null): Record<string, CartLine> {
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn(`Discarded the stored cart: it is not JSON`);
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    console.warn('Discarded the stored cart: it is not a map of cart lines');
    return {};
  }
  const items: Record<string, CartLine> = {};
  let dropped = 0;
  for (const value of Object.values(parsed)) {
    if (isCartLine(value)) items[cartKey(value)] = value;
    else dropped++;
  }
  if (dropped > 0) console.warn(`Discarded ${dropped} unreadable cart line${dropped === 1 ? '' : 's'} from storage`);
  return items;
}
