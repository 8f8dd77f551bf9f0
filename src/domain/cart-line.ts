import { recordsPlacement, type LogoChoice } from './logo-rules.ts';

/**
 * A cart line as the spec defines it (section 3) and as the checkout payload carries it.
 * The browser keeps the cart as a map keyed by `cartKey`; the order API accepts that map or a
 * plain list. `price` is what the shopper was shown, in dollars: the order API never trusts
 * it and prices every line itself with `priceCart`.
 */
export interface CartLine {
  /** The product's type (mens, customs, …); the order API uses the catalog's, not this. */
  type: string;
  name: string;
  /** Unit price in dollars as shown; informational only. */
  price: number;
  /** Pieces. For a tier size it is tier × the count of runs entered (2 runs of 500 → 1000). */
  quantity: number;
  /** A size label of the product (`Medium`, `# boxes`) or, for tier products, the tier (`500`). */
  size: string;
  color: string;
  code: string;
  placement: string;
  embroidery: string;
  secondEmbroidery?: string;
  secondPlacement?: string;
  /**
   * Ours: the store code of the store catalog (`/catalog/<storeCode>/customs/`) a customs line
   * was added from. The order API holds the line to that store's `supportedStores` and password;
   * a line without one takes the order's store.
   */
  store?: string;
  /**
   * Ours: the order lines ('<order id>#<line index>') this line was put into the cart from by
   * "Order again", so ordering the same order again never adds them twice. Never sent to the
   * order API.
   */
  orderedAgainFrom?: string[];
}

/** The fields that make two cart lines the same line: adding one again adds to its quantity. */
export type CartKeyFields = Pick<CartLine, 'code' | 'size' | 'color' | 'embroidery' | 'secondEmbroidery' | 'store'>;

/**
 * The composite key of a line: code, size or tier, colour, embroidery, second embroidery and,
 * for a line added from a store's catalog, that store. A JSON array, so no name can ever
 * contain the separator and make two lines collide.
 */
export function cartKey(line: CartKeyFields): string {
  const key = [line.code, line.size, line.color, line.embroidery ?? '', line.secondEmbroidery ?? ''];
  return JSON.stringify(line.store ? [...key, line.store] : key);
}

/** The lines of a cart given as a list or as the browser's keyed map (the keys are recomputed, never trusted). */
export function cartLinesOf<T>(cart: readonly T[] | Readonly<Record<string, T>>): T[] {
  return Array.isArray(cart) ? [...cart] : Object.values(cart);
}

/**
 * Lines with the same key become one line whose quantity is their sum, in the order each key
 * first appears; the first line's other fields win. This is what adding to a cart does.
 */
export function mergeCartLines<T extends CartKeyFields & { quantity: number }>(lines: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const line of lines) {
    const key = cartKey(line);
    const existing = byKey.get(key);
    byKey.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity, ...mergedSources(existing, line) } : { ...line });
  }
  return [...byKey.values()];
}

/** Where two lines of one key came from by "Order again": both lists, each source once. */
function mergedSources(first: object, second: object): { orderedAgainFrom?: string[] } {
  const sources = [first, second].flatMap((line) => (line as Pick<CartLine, 'orderedAgainFrom'>).orderedAgainFrom ?? []);
  return sources.length === 0 ? {} : { orderedAgainFrom: [...new Set(sources)] };
}

/**
 * The placements a line records: each only for a type that records placement (spec section 5)
 * and only beside its logo; no logo, no placement. `placement` is '' when not recorded;
 * `secondPlacement` is present only when recorded (a placement type with a second logo).
 */
export function recordedPlacements(type: string, choice: LogoChoice): { placement: string; secondPlacement?: string } {
  const placed = recordsPlacement(type);
  const first = placed && (choice.embroidery ?? '') !== '' ? (choice.placement ?? '') : '';
  return placed && (choice.secondEmbroidery ?? '') !== '' ? { placement: first, secondPlacement: choice.secondPlacement ?? '' } : { placement: first };
}
