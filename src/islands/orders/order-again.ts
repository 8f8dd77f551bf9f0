/**
 * "Order again" without React: a placed order's lines turned back into cart lines, held to
 * today's catalog and the tenant's rules as the item page and the order API hold a new line.
 * A line that can no longer be ordered is named with the reason; the others still go in, each
 * with what changed since the order (price, logos left off). A line already put into the cart
 * from the same order is not added again; a quantity is never changed.
 */
import { cartKey, recordedPlacements, type CartLine } from '../../domain/cart-line.ts';
import { logoOfferFor, type LogoLists } from '../../domain/logo-rules.ts';
import { formatMoney, moneyFromDollars, moneyToDollars } from '../../domain/money.ts';
import { entryProblem, MAX_LINE_QUANTITY } from '../../domain/order-rules.ts';
import { productColors, type Product } from '../../domain/product.ts';
import { priceCart } from '../../domain/pricing.ts';
import { overLineMessage } from '../../domain/quantity-text.ts';
import type { OrderLine, PlacedOrder } from './order-data.ts';
import { keptLogos, keptLogosProblem } from './reorder-logos.ts';

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

export interface NamedLine {
  /** The line's position in the order. */
  index: number;
  /** 'Sport Polo (K500, Medium, Navy)'. */
  name: string;
}

export interface RefusedLine extends NamedLine {
  reason: string;
  /** Its colour is gone: the colours the product offers today, each one click away. */
  colors?: string[];
  /** It needs a password store's password this browser has not given: asked for on the spot. */
  unlock?: { code: string; name: string };
}

export interface ReorderedLine {
  index: number;
  line: CartLine;
  /** What changed since the order, in the buyer's words: '$9.99 → $11.49 each', 'logo “Old Logo” is no longer offered: left off'. */
  changes: string[];
}

export interface Reorder {
  /** The lines to add to the cart, priced from today's catalog, in order. */
  added: ReorderedLine[];
  /** Lines this browser's cart holds already from this same order: not added twice. */
  already: NamedLine[];
  refused: RefusedLine[];
}

/** An order as 'Order again' needs it: its lines, its store, and what names it in the cart. */
export type ReorderedOrder = Pick<PlacedOrder, 'order' | 'store' | 'created_at'> & { order_id?: string };

/** What a cart line put in from an order line carries (CartLine.orderedAgainFrom): '<order id>#<line index>'. */
export function reorderSource(order: Pick<ReorderedOrder, 'order_id' | 'created_at'>, index: number): string {
  return `${order.order_id || order.created_at}#${index}`;
}

/** What the buyer picked for one line after the summary offered it: a colour offered today. */
export interface LineChoice {
  color?: string;
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

type Outcome = { line: CartLine; changes: string[] } | Omit<RefusedLine, 'index' | 'name'>;

/** The store rules (server/app/store-rules.ts `storeProblem`) as the buyer can act on them; the store code the line keeps. */
function storeOutcome(product: Product, line: OrderLine, orderStore: string, rules: ReorderRules): { store?: string } | Omit<RefusedLine, 'index' | 'name'> {
  const lineStoreCode = text(line.store);
  const lineStore = lineStoreCode !== '' ? rules.stores.find((store) => store.code === lineStoreCode) : storeOfOrder(orderStore, rules.stores);
  if (lineStoreCode !== '' && !lineStore) return { reason: `its store ${lineStoreCode} is no longer one of the stores` };
  if (product.type !== 'customs' || product.supportedStores.length === 0) return lineStoreCode !== '' ? { store: lineStoreCode } : {};
  if (!lineStore)
    return { reason: orderStore === '' ? 'it names no store, and it is made for some stores only' : `its store ${orderStore} is no longer one of the stores` };
  if (!product.supportedStores.includes(lineStore.code)) return { reason: `it is no longer offered to ${lineStore.name}` };
  if (lineStore.hasPassword && !rules.hasStoreSession(lineStore.code)) {
    return { reason: `it needs ${lineStore.name}'s store password`, unlock: { code: lineStore.code, name: lineStore.name } };
  }
  return { store: lineStore.code };
}

function reorderLine(line: OrderLine, orderStore: string, rules: ReorderRules, pending: ReadonlyMap<string, number>, picked: LineChoice): Outcome {
  const product = rules.findProduct(line.code);
  if (!product) return { reason: 'it is no longer in the catalog' };
  const size = product.sizes.find((s) => s.label === line.size);
  if (!size) return { reason: `size ${text(line.size) || 'N/A'} is no longer offered (${product.sizes.map((s) => s.label).join(', ')})` };
  const ordered = text(line.color);
  const color = picked.color ?? ordered;
  if (!productColors(product).includes(color)) {
    return { reason: `colour ${color || 'N/A'} is no longer offered (${productColors(product).join(', ')})`, colors: productColors(product) };
  }
  const quantity = line.quantity;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) return { reason: 'its quantity cannot be read' };

  const offer = logoOfferFor(rules.logos, product.type);
  const kept = keptLogos(product.type, offer, {
    embroidery: text(line.embroidery),
    placement: text(line.placement),
    secondEmbroidery: text(line.second_embroidery),
    secondPlacement: text(line.second_placement),
  });
  const logo = keptLogosProblem(product.type, offer, kept);
  if (logo) return { reason: logo };
  const choice = kept.choice;
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
  const inCartNow = rules.cart[cartKey(cartLine)]?.quantity ?? 0;
  const changes = [
    ...(color !== ordered ? [`colour ${ordered || 'N/A'} is no longer offered: ${color} instead`] : []),
    ...kept.leftOff,
    // Added to a line the buyer has in the cart already: said, with the sum, so no quantity changes unseen.
    ...(inCartNow > 0 ? [`joins the ${inCartNow.toLocaleString('en-US')} in your cart: ${(inCartNow + quantity).toLocaleString('en-US')} in all`] : []),
  ];
  return { line: cartLine, changes };
}

/** How many of the cart's lines did not come from this order: with any, the buyer is asked whether to add to the cart or replace it. */
export function linesFromElsewhere(cart: Readonly<Record<string, CartLine>>, order: Pick<ReorderedOrder, 'order_id' | 'created_at'>): number {
  const prefix = reorderSource(order, 0).replace(/0$/, '');
  return Object.values(cart).filter((line) => !line.orderedAgainFrom?.some((source) => source.startsWith(prefix))).length;
}

/** Whether a cart line holds this order line already (put in by an earlier 'Order again'). */
function inCart(cart: Readonly<Record<string, CartLine>>, source: string): boolean {
  return Object.values(cart).some((line) => line.orderedAgainFrom?.includes(source));
}

/**
 * '$9.99 → $11.49 each' where today's unit price, the order's lines priced together as the
 * checkout prices them, is not what the order was charged; nothing for a price on request.
 */
function priceChanges(order: ReorderedOrder, added: ReorderedLine[], rules: ReorderRules): ReorderedLine[] {
  const priced = priceCart(
    added.map((entry) => entry.line),
    rules.findProduct,
  ).lines;
  return added.map((entry, at) => {
    const was = order.order[entry.index]?.price;
    const now = priced[at];
    if (typeof was !== 'number' || !Number.isFinite(was) || !now || now.onRequest) return entry;
    const wasMoney = moneyFromDollars(was);
    return wasMoney === now.unitPrice ? entry : { ...entry, changes: [`${formatMoney(wasMoney)} → ${formatMoney(now.unitPrice)} each`, ...entry.changes] };
  });
}

/**
 * The order's lines (or only the line at `only`) as cart lines: the same product, size, colour,
 * logos, placements and store, named and priced by today's catalog. Each line that cannot be
 * ordered today is refused with the reason the buyer can act on: product, size, colour (with
 * the colours offered), logo, placement or store gone, a store password not given in this
 * browser session (with the store to unlock), or the quantity rules. A line the cart holds
 * already from this order is left as it is.
 */
export function orderAgain(order: ReorderedOrder, rules: ReorderRules, only?: number, picked: LineChoice = {}): Reorder {
  const added: ReorderedLine[] = [];
  const already: NamedLine[] = [];
  const refused: RefusedLine[] = [];
  const pending = new Map<string, number>();
  order.order.forEach((line, index) => {
    if (only !== undefined && index !== only) return;
    const source = reorderSource(order, index);
    if (inCart(rules.cart, source)) {
      already.push({ index, name: reorderLineName(line) });
      return;
    }
    const outcome = reorderLine(line, order.store, rules, pending, only === undefined ? {} : picked);
    if (!('line' in outcome)) {
      refused.push({ index, name: reorderLineName(line), ...outcome });
      return;
    }
    const key = cartKey(outcome.line);
    pending.set(key, (pending.get(key) ?? 0) + outcome.line.quantity);
    added.push({ index, line: { ...outcome.line, orderedAgainFrom: [source] }, changes: outcome.changes });
  });
  return { added: priceChanges(order, added, rules), already, refused };
}
