import { randomUUID } from 'node:crypto';
import type { StoredLine } from '../../server/storage/order-database.ts';
import type { OrderLine as ListedLine } from '../../src/contracts/order-line.ts';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { moneyFromDollars } from '../../src/domain/money.ts';

/**
 * Orders as the tests write them, each from one place: a test names only the fields it is
 * about (`anOrderLine({ quantity: 3 })`) and takes the rest as a valid order has them. The lines
 * are the sample catalog's (catalogs/default.yaml, priced as it prices them); the order API's own
 * fixture names its products differently (server/tests/helpers/order-fixture.ts builds on these).
 */

/** Twelve navy Sport Polos (K500, Medium, $38.77) with the Guardian Shield at Left Chest: $465.24. */
export function anOrderLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    type: 'mens',
    name: 'Sport Polo',
    price: 38.77,
    quantity: 12,
    size: 'Medium',
    color: 'Navy',
    code: 'K500',
    placement: 'Left Chest',
    embroidery: 'Guardian Shield',
    ...overrides,
  };
}

/** A line without a logo: the product's own fields, no placement, no embroidery. */
function plainLine(product: Pick<CartLine, 'type' | 'name' | 'price' | 'quantity' | 'size' | 'color' | 'code'>, overrides: Partial<CartLine>): CartLine {
  return { ...product, placement: '', embroidery: '', ...overrides };
}

/** 500 chrome Metal Frames (MF-STR, a tier product made per store): $13.95. */
export function aFrameLine(overrides: Partial<CartLine> = {}): CartLine {
  return plainLine({ type: 'customs', name: 'Metal Frame', price: 0.0279, quantity: 500, size: '500', color: 'Chrome', code: 'MF-STR' }, overrides);
}

/** 1000 white Aluminum Plates (PLT-AL) at the 1000 tier's $0.99: $990. */
export function aPlateLine(overrides: Partial<CartLine> = {}): CartLine {
  return plainLine({ type: 'customs', name: 'Aluminum Plate', price: 0.99, quantity: 1000, size: '500', color: 'White', code: 'PLT-AL' }, overrides);
}

/** Five boxes of Note Pads (NP-50), priced on request: $0. */
export function aNotePadsLine(overrides: Partial<CartLine> = {}): CartLine {
  return plainLine({ type: 'office', name: 'Note Pads', price: 0, quantity: 5, size: '# pads', color: 'White', code: 'NP-50' }, overrides);
}

/** An order line as the order database keeps it (exact money): a dozen navy Sport Polos with the Shield at Left Chest, $465.24. */
export function aStoredOrderLine(overrides: Partial<StoredLine> = {}): StoredLine {
  return {
    code: 'K500',
    name: 'Sport Polo',
    type: 'mens',
    size: 'Medium',
    color: 'Navy',
    quantity: 12,
    unitPrice: moneyFromDollars(38.77),
    lineTotal: moneyFromDollars(465.24),
    placement: 'Left Chest',
    embroidery: 'Shield',
    secondEmbroidery: '',
    secondPlacement: '',
    customerPo: '',
    po: '',
    estShipDate: '',
    ...overrides,
  };
}

/** A line as retrieve-orders lists it: the dozen polos of `anOrderLine`, $465.24, with no POs and no ship date. */
export function aListedOrderLine(overrides: Partial<ListedLine> = {}): ListedLine {
  return {
    code: 'K500',
    quantity: 12,
    price: 38.77,
    description: 'Sport Polo',
    size: 'Medium',
    color: 'Navy',
    embroidery: 'Guardian Shield',
    customer_po: '',
    po: '',
    est_ship_date: '',
    type: 'mens',
    placement: 'Left Chest',
    second_embroidery: '',
    second_placement: '',
    line_total: 465.24,
    ...overrides,
  };
}

/** The buyer's fields of a create-order body, as checkout's form sends them. */
interface Buyer {
  first_name: string;
  last_name: string;
  email: string;
  store: string;
  customer_po: string;
}
/** A create-order body; a test may send any field, wrong ones too. */
type OrderBody = Buyer & { companyName: string; cart: unknown; bypassPaypal?: boolean; code?: string };
/** `T` with the fields of `O` in place of its own, as `{ ...t, ...o }` makes it. */
type With<T, O> = Omit<T, keyof O> & O;

/** Ann Lee, with an address no other order has, and no store or PO. */
function aBuyer<O extends object = object>(overrides: O = {} as O): With<Buyer, O> {
  return { first_name: 'Ann', last_name: 'Lee', email: `${randomUUID()}@dealer.example`, store: '', customer_po: '', ...overrides };
}

/** A create-order body placed with a bypass code (no payment): `aBuyer`'s order of `cart` at `companyName`. */
export function aBypassOrderBody<O extends object = object>(companyName: string, code: string, cart: unknown, overrides: O = {} as O): With<OrderBody, O> {
  const body: OrderBody = { ...aBuyer(), companyName, cart, bypassPaypal: true, code };
  return { ...body, ...overrides };
}

/** A create-order body paid through PayPal: Pat Doe's order of `cart` at `companyName`. */
export function aPayPalOrderBody<O extends object = object>(companyName: string, cart: unknown, overrides: O = {} as O): With<OrderBody, O> {
  const body: OrderBody = { ...aBuyer({ first_name: 'Pat', last_name: 'Doe' }), companyName, cart };
  return { ...body, ...overrides };
}
