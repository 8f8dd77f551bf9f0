import type { CreateOrderBody } from '../../contracts/order-api-requests.ts';
import type { CartLine } from '../../domain/cart-line.ts';
import { moneyToDollars, type Money } from '../../domain/money.ts';
import { logoOfferFor, type LogoLists } from '../../domain/logo-rules.ts';
import { cartProblems, orderTotalProblem } from '../../domain/order-rules.ts';
import { totalText } from '../../domain/price-on-request.ts';
import { priceCart, type PricedLine } from '../../domain/pricing.ts';
import type { Product } from '../../domain/product.ts';
import { answeredConfirmation, answeredTotal, type LastOrder } from '../shared/last-order.ts';

/**
 * The checkout's rules without React: pricing the cart as the order API will, what blocks an
 * order, the create-order body, and what the success page is handed. The island only wires
 * these to the screen, so they are unit-tested here and the property test can call exactly
 * what the browser shows.
 */

/** sessionStorage key of the PayPal order id while the buyer is paying. */
export const PAYPAL_ORDER_KEY = 'paypal-order-id';

export interface CheckoutLine {
  /** The cart's key of the line (what `remove` takes). */
  key: string;
  line: CartLine;
  product?: Product;
  /** Absent when the line cannot be priced (its product or size is not in this catalog). */
  unitPrice?: Money;
  lineTotal?: Money;
  /** The line's size has no price: it is ordered as a request for a quote. */
  onRequest?: boolean;
}

export interface PricedCheckout {
  lines: CheckoutLine[];
  /** Sum of the line totals of the priceable lines: whole cents. */
  total: Money;
  /** Sum of the quantities of every line. */
  itemCount: number;
  /** Lines priced on request, left out of `total`. */
  onRequestLines: number;
  /** Why the cart cannot be ordered (empty when it can, or when it is empty). */
  problems: string[];
}

export type ProductIndex = ReadonlyMap<string, Product>;

/** The tenant's rules the cart is held to, as the checkout page's props carry them. */
export interface TenantOrderRules {
  minimumApparelOrder: boolean;
  /** Over it, the order API refuses the order: named among the problems before paying. */
  maxOrderTotal?: Money;
  companyName?: string;
  logos: LogoLists;
}

export function productIndex(products: readonly Product[]): ProductIndex {
  return new Map(products.map((product) => [product.code, product]));
}

function priceable(line: CartLine, product: Product | undefined): product is Product {
  return product !== undefined && product.sizes.some((size) => size.label === line.size);
}

/**
 * Prices the cart from the whole cart with the order API's own `priceCart`, and lists what
 * keeps it from being ordered with the order API's own `cartProblems` (the tenant's logos,
 * and the apparel minimum when the tenant has it). Lines this catalog cannot price (a product or size it
 * does not have) are kept, unpriced, so they can be seen and removed; they block the order.
 */
export function priceCheckout(items: Readonly<Record<string, CartLine>>, products: ProductIndex, tenant: TenantOrderRules): PricedCheckout {
  const entries = Object.entries(items);
  const findProduct = (code: string) => products.get(code);
  const valid = entries.filter(([, line]) => priceable(line, findProduct(line.code)));
  const priced = priceCart(
    valid.map(([, line]) => line),
    findProduct,
  );
  const byKey = new Map<string, PricedLine<CartLine>>(valid.map(([key], index) => [key, priced.lines[index]!]));
  const lines = entries.map(([key, line]): CheckoutLine => {
    const price = byKey.get(key);
    return { key, line, product: findProduct(line.code), unitPrice: price?.unitPrice, lineTotal: price?.lineTotal, onRequest: price?.onRequest };
  });
  const cart = entries.map(([, line]) => line);
  const problems =
    cart.length === 0
      ? []
      : cartProblems(cart, { findProduct, minimumApparelOrder: tenant.minimumApparelOrder, logoOffer: (type) => logoOfferFor(tenant.logos, type) }).map(
          (problem) => (problem.index === undefined ? problem.message : `${lineName(cart[problem.index]!)}: ${problem.message}`),
        );
  const overCeiling =
    tenant.maxOrderTotal === undefined ? undefined : orderTotalProblem(priced.total, tenant.maxOrderTotal, tenant.companyName ?? 'this storefront');
  return {
    lines,
    total: priced.total,
    itemCount: cart.reduce((sum, line) => sum + line.quantity, 0),
    onRequestLines: priced.onRequestLines,
    problems: overCeiling ? [...problems, overCeiling] : problems,
  };
}

/** How a line is named to the shopper (and in its remove button): 'Sport Polo Medium Navy'. */
export function lineName(line: Pick<CartLine, 'name' | 'size' | 'color'>): string {
  return `${line.name} ${line.size} ${line.color}`;
}

/**
 * 'Subtotal (N items): $X', N the sum of quantities, X to 2 decimals ('1 item'); a cart with
 * lines priced on request says so: 'Subtotal (3 items): $77.54 + 1 line priced on request'.
 */
export function subtotalText(checkout: Pick<PricedCheckout, 'itemCount' | 'total' | 'onRequestLines'>): string {
  return `Subtotal (${checkout.itemCount.toLocaleString('en-US')} ${checkout.itemCount === 1 ? 'item' : 'items'}): ${totalText(checkout.total, checkout.onRequestLines)}`;
}

/**
 * Why a cart with lines priced on request is not paid with PayPal: PayPal would charge a total
 * that leaves them out, and the order would read as paid while a price is still to be agreed.
 * Such lines are ordered with a bypass code, as a request for a quote (docs/decisions.md).
 */
export function onRequestPaymentNote(onRequestLines: number): string {
  return `${onRequestLines === 1 ? 'One line is' : `${onRequestLines.toLocaleString('en-US')} lines are`} priced on request: the dealership confirms ${onRequestLines === 1 ? 'its price' : 'their prices'} before invoicing, so PayPal cannot take this order. Enter your bypass code to place it as a request for a quote, or remove ${onRequestLines === 1 ? 'that line' : 'those lines'} to pay.`;
}

export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  customerPo: string;
  /** A store code, or '' for None. */
  store: string;
  code: string;
  /** YYYY-MM-DD from the date input, or '' for none. */
  inHandsDate: string;
  supplierNote: string;
}

export const EMPTY_FORM: CheckoutForm = { firstName: '', lastName: '', email: '', customerPo: '', store: '', code: '', inHandsDate: '', supplierNote: '' };

export interface StoreChoice {
  name: string;
  address: string;
  code: string;
}

/** How a store reads in the Store select: 'name — address', or the name when it has no address. */
export function storeLabel(store: StoreChoice): string {
  return store.address.trim() === '' ? store.name : `${store.name} — ${store.address}`;
}

export interface OrderContext {
  companyName: string;
  /** The token of a store session this browser holds (a password store's catalog was opened), if any. */
  storeToken?(storeCode: string): string | undefined;
}

/**
 * The stores the cart's lines are for, each once, in cart order: a line's own store (the
 * store catalog it was added from), else the order's store, which the order API gives it.
 */
export function storesOfLines(checkout: Pick<PricedCheckout, 'lines'>, orderStore: string): string[] {
  const codes = checkout.lines.map(({ line }) => line.store || orderStore).filter((code) => code !== '');
  return [...new Set(codes)];
}

/**
 * The store the Store select starts with: the one every store-bound line of the cart was
 * added for, when they agree and it is one of the tenant's stores; else none.
 */
export function storeOfCart(checkout: Pick<PricedCheckout, 'lines'>, stores: readonly Pick<StoreChoice, 'code'>[]): string | undefined {
  const codes = new Set(checkout.lines.map(({ line }) => line.store).filter((code): code is string => Boolean(code)));
  const [only] = codes;
  return codes.size === 1 && stores.some((store) => store.code === only) ? only : undefined;
}

/**
 * The body of one checkout attempt. Each line carries the unit price the shopper was shown
 * (the server prices it again and ignores it) and the store it was added for; the store goes
 * by code, '' for None; the tokens of the password stores the lines are for prove their
 * passwords were given; with a bypass code the body asks for an order without payment.
 */
export function createOrderBody(
  form: CheckoutForm,
  checkout: PricedCheckout,
  context: OrderContext,
  bypassCode?: string,
): CreateOrderBody & { cart: CartLine[] } {
  const tokens = storesOfLines(checkout, form.store)
    .map((code) => context.storeToken?.(code))
    .filter((token): token is string => token !== undefined);
  return {
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    email: form.email.trim(),
    store: form.store,
    customer_po: form.customerPo.trim(),
    ...(form.inHandsDate.trim() ? { in_hands_date: form.inHandsDate.trim() } : {}),
    ...(form.supplierNote.trim() ? { supplier_note: form.supplierNote.trim() } : {}),
    companyName: context.companyName,
    cart: chargedLines(checkout),
    ...(tokens.length > 0 ? { store_tokens: tokens } : {}),
    ...(bypassCode === undefined ? {} : { bypassPaypal: true as const, code: bypassCode.trim() }),
  };
}

/**
 * The cart's lines with `price` = the unit price charged, in dollars: what create-order and the
 * success page get (where a line came from by "Order again" is the browser's own business).
 */
export function chargedLines(checkout: PricedCheckout): CartLine[] {
  return checkout.lines.map(({ line: { orderedAgainFrom: _source, ...line }, unitPrice }) => ({
    ...line,
    price: unitPrice === undefined ? line.price : moneyToDollars(unitPrice),
  }));
}

/** What the buyer typed that the confirmation repeats. */
export interface PlacedDetails {
  /** The store code chosen, '' for None. */
  store: string;
  customerPo: string;
  /** The buyer's name and e-mail, for the confirmation and its printed copy. */
  buyer?: { name: string; email: string };
}

/** What the confirmation repeats of the details form. */
export function placedDetails(form: CheckoutForm): PlacedDetails {
  return {
    store: form.store,
    customerPo: form.customerPo,
    buyer: { name: `${form.firstName.trim()} ${form.lastName.trim()}`.trim(), email: form.email.trim() },
  };
}

/**
 * What the success page is handed once the order API placed (or captured) the order: the id it
 * answered, its total as it answered it (the checkout's own only when no answer carried one),
 * the store and customer PO as sent, and the lines at the prices charged with their totals.
 */
export function placedOrder(
  checkout: PricedCheckout,
  details: PlacedDetails,
  stores: readonly StoreChoice[],
  answer: { orderId: string; answers: readonly unknown[] },
  now: Date,
): LastOrder {
  const store = stores.find((choice) => choice.code === details.store);
  const charged = chargedLines(checkout);
  const confirmationSentTo = answeredConfirmation(answer.answers);
  return {
    orderId: answer.orderId,
    total: answeredTotal(answer.answers) ?? moneyToDollars(checkout.total),
    placedAt: now.toISOString(),
    store: store ? storeLabel(store) : details.store,
    customerPo: details.customerPo.trim(),
    ...(details.buyer ? { buyer: details.buyer } : {}),
    ...(confirmationSentTo ? { confirmationSentTo } : {}),
    lines: charged.map((line, index) => {
      // Every line of a placed order is priced: an unpriced line blocks the order (priceCheckout).
      const { lineTotal } = checkout.lines[index]!;
      return { ...line, lineTotal: lineTotal === undefined ? 0 : moneyToDollars(lineTotal) };
    }),
  };
}

/** Whether the bypass 'Checkout' may be pressed: bypass mode, a non-empty cart, every minimum kept. */
export function canPlaceBypassOrder(checkout: PricedCheckout, bypassMode: boolean): boolean {
  return bypassMode && checkout.lines.length > 0 && checkout.problems.length === 0;
}

/**
 * Whether PayPal may be offered (and its script loaded): the tenant offers it, the cart is
 * non-empty and orderable, there is something to pay (the API refuses a $0.00 PayPal order),
 * no line is priced on request (nor does it accept one), and no bypass code has been entered.
 */
export function canPayWithPayPal(checkout: PricedCheckout, options: { paypalOffered: boolean; bypassMode: boolean }): boolean {
  return (
    options.paypalOffered &&
    !options.bypassMode &&
    checkout.lines.length > 0 &&
    checkout.problems.length === 0 &&
    checkout.total > 0 &&
    checkout.onRequestLines === 0
  );
}
