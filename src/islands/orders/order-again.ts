/**
 * "Order again" without React: a placed order's lines turned back into cart lines, held to
 * today's catalog and the tenant's rules as the item page and the order API hold a new line.
 * A line that can no longer be ordered is named with the reason; the others still go in.
 */
import { cartKey, recordedPlacements, type CartLine } from '../../domain/cart-line.ts';
import { logoOfferFor, logoProblem, type LogoLists } from '../../domain/logo-rules.ts';
import { moneyToDollars } from '../../domain/money.ts';
import { entryProblem, MAX_LINE_QUANTITY } from '../../domain/order-rules.ts';
import { productColors, type Product } from '../../domain/product.ts';
import { overLineMessage } from '../../domain/quantity-text.ts';
import type { OrderLine, PlacedOrder } from './order-data.ts';

export interface ReorderStore {
  code: string;
  name: string;
  address: string;
  hasPassword?: boolean;
}

/** What the lines are held to: today's catalog, logos and stores, the store sessions of this browser, the cart they join. */
export interface ReorderRules {
  findProduct(code: string): Product | undefined;
  logos: LogoLists;
  stores: readonly ReorderStore[];
  hasStoreSession(storeCode: string): boolean;
  cart: Readonly<Record<string, CartLine>>;
}

export interface RefusedLine {
  /** The line's position in the order. */
  index: number;
  /** 'Sport Polo (K500, Medium, Navy)'. */
  name: string;
  reason: string;
}

export interface Reorder {
  /** The lines to add to the cart, priced from today's catalog, in order. */
  lines: CartLine[];
  refused: RefusedLine[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** How the summary names an order line: its description, then code, size and colour. */
export function reorderLineName(line: OrderLine): string {
  const parts = [line.code, text(line.size), text(line.color)].filter((part) => part !== '').join(', ');
  const description = text(line.description);
  return description === '' ? parts : `${description} (${parts})`;
}

/**
 * The store an order was placed for, from how the order records it (server/app/store-rules.ts
 * `storeText`: the name, or 'name, address'); undefined when none, or no store reads so today.
 */
export function storeOfOrder(orderStore: string, stores: readonly ReorderStore[]): ReorderStore | undefined {
  if (orderStore === '') return undefined;
  return stores.find((store) => orderStore === store.name || orderStore === `${store.name}, ${store.address}`);
}

type Outcome = { line: CartLine } | { reason: string };

/** The store rules (server/app/store-rules.ts `storeProblem`) as the buyer can act on them; the store code the line keeps. */
function storeOutcome(product: Product, line: OrderLine, orderStore: string, rules: ReorderRules): { store?: string } | { reason: string } {
  const lineStoreCode = text(line.store);
  const lineStore = lineStoreCode !== '' ? rules.stores.find((store) => store.code === lineStoreCode) : storeOfOrder(orderStore, rules.stores);
  if (lineStoreCode !== '' && !lineStore) return { reason: `its store ${lineStoreCode} is no longer one of the stores` };
  if (product.type !== 'customs' || product.supportedStores.length === 0) return lineStoreCode !== '' ? { store: lineStoreCode } : {};
  if (!lineStore)
    return { reason: orderStore === '' ? 'it names no store, and it is made for some stores only' : `its store ${orderStore} is no longer one of the stores` };
  if (!product.supportedStores.includes(lineStore.code)) return { reason: `it is no longer offered to ${lineStore.name}` };
  if (lineStore.hasPassword && !rules.hasStoreSession(lineStore.code)) {
    return { reason: `it needs ${lineStore.name}'s store password: open ${lineStore.name} on the stores page and enter it, then order again` };
  }
  return { store: lineStore.code };
}

function reorderLine(line: OrderLine, orderStore: string, rules: ReorderRules, pending: ReadonlyMap<string, number>): Outcome {
  const product = rules.findProduct(line.code);
  if (!product) return { reason: 'it is no longer in the catalog' };
  const size = product.sizes.find((s) => s.label === line.size);
  if (!size) return { reason: `size ${text(line.size) || 'N/A'} is no longer offered (${product.sizes.map((s) => s.label).join(', ')})` };
  const color = text(line.color);
  if (!productColors(product).includes(color)) return { reason: `colour ${color || 'N/A'} is no longer offered (${productColors(product).join(', ')})` };
  const quantity = line.quantity;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) return { reason: 'its quantity cannot be read' };

  const choice = {
    embroidery: text(line.embroidery),
    placement: text(line.placement),
    secondEmbroidery: text(line.second_embroidery),
    secondPlacement: text(line.second_placement),
  };
  const logo = logoProblem(product.type, logoOfferFor(rules.logos, product.type), choice);
  if (logo) return { reason: logo };
  const store = storeOutcome(product, line, orderStore, rules);
  if ('reason' in store) return store;
  const quantityProblem = entryProblem(product, size.label, quantity);
  if (quantityProblem) return { reason: quantityProblem };

  const { placement, secondPlacement } = recordedPlacements(product.type, choice);
  const cartLine: CartLine = {
    type: product.type,
    name: product.name,
    price: moneyToDollars(size.price),
    quantity,
    size: size.label,
    color,
    code: product.code,
    placement,
    embroidery: choice.embroidery,
    ...(choice.secondEmbroidery !== '' ? { secondEmbroidery: choice.secondEmbroidery } : {}),
    ...(secondPlacement !== undefined ? { secondPlacement } : {}),
    ...(store.store !== undefined ? { store: store.store } : {}),
  };
  // The cart adds a line with a key already in it to that line: the sum is what is bounded.
  const already = (rules.cart[cartKey(cartLine)]?.quantity ?? 0) + (pending.get(cartKey(cartLine)) ?? 0);
  if (already + quantity > MAX_LINE_QUANTITY) return { reason: `${overLineMessage()}: ${already.toLocaleString('en-US')} of these are in your cart already` };
  return { line: cartLine };
}

/**
 * The order's lines (or only the line at `only`) as cart lines: the same product, size, colour,
 * logos, placements and store, named and priced by today's catalog. Each line that cannot be
 * ordered today is refused with the reason the buyer can act on: product, size, colour, logo,
 * placement or store gone, a store password not given in this browser session, or the
 * quantity rules.
 */
export function orderAgain(order: Pick<PlacedOrder, 'order' | 'store'>, rules: ReorderRules, only?: number): Reorder {
  const lines: CartLine[] = [];
  const refused: RefusedLine[] = [];
  const pending = new Map<string, number>();
  order.order.forEach((line, index) => {
    if (only !== undefined && index !== only) return;
    const outcome = reorderLine(line, order.store, rules, pending);
    if ('reason' in outcome) {
      refused.push({ index, name: reorderLineName(line), reason: outcome.reason });
      return;
    }
    const key = cartKey(outcome.line);
    pending.set(key, (pending.get(key) ?? 0) + outcome.line.quantity);
    lines.push(outcome.line);
  });
  return { lines, refused };
}
