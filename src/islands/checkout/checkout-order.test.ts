import { describe, expect, it } from 'vitest';
import { cartKey, type CartLine } from '../../domain/cart-line.ts';
import { formatMoney, moneyFromDollars } from '../../domain/money.ts';
import { unpayableReason } from './payment-section.tsx';
import type { LogoLists } from '../../domain/logo-rules.ts';
import { APPAREL_MINIMUM_MESSAGE } from '../../domain/order-rules.ts';
import type { Product } from '../../domain/product.ts';
import {
  canPayWithPayPal,
  canPlaceBypassOrder,
  chargedLines,
  storeOfCart,
  createOrderBody,
  EMPTY_FORM,
  lineName,
  placedOrder,
  priceCheckout,
  productIndex,
  storeLabel,
  subtotalText,
} from './checkout-order.ts';
import { anOrderLine, aPlateLine } from '../../../tests/helpers/order-builders.ts';
import { testProduct } from '../../../tests/helpers/test-product.ts';

function product(code: string, name: string, type: Product['type'], sizes: Record<string, number>, extra: Partial<Product> = {}): Product {
  return testProduct(code, type, sizes, { name, fullname: name, colors: ['White', 'Navy'], halfColors: ['Black Red'], ...extra });
}

const polo = product('K500', 'Sport Polo', 'mens', { Medium: 38.77, '2XL': 40.77 });
const plate = product('PLT-AL', 'Aluminum Plate', 'customs', { '500': 1.29, '1000': 0.99, '2500': 0.79 });
const mats = product('FM-100', 'Floor Mats', 'service', { '# boxes': 76.44 }, { discounts: [{ quantity: 500, price: moneyFromDollars(71.5) }] });
const frame = product('MF-STR', 'Metal Frame', 'customs', { '500': 0.0279 });
const unpriced = product('NP-50', 'Note Pad', 'office', { '# pads': 0 });
const products = productIndex([polo, plate, mats, frame, unpriced]);

function line(code: string, name: string, size: string, quantity: number, color = 'White', extra: Partial<CartLine> = {}): CartLine {
  return { type: 'mens', name, price: 0, quantity, size, color, code, placement: '', embroidery: '', ...extra };
}

const NO_LOGOS: LogoLists = { embroideries: {}, logoPlacements: {} };
const GUARDIAN_LOGOS: LogoLists = { embroideries: { mens: ['Guardian Shield'], hat: ['Guardian Shield'] }, logoPlacements: { mens: ['Left Chest', 'Yoke'] } };

function rules(minimumApparelOrder: boolean, logos = NO_LOGOS) {
  return { minimumApparelOrder, logos };
}

function cart(...lines: CartLine[]): Record<string, CartLine> {
  return Object.fromEntries(lines.map((l) => [cartKey(l), l]));
}

describe('priceCheckout', () => {
  it('prices tier lines per product and colour from the whole cart, and shows the subtotal as the spec writes it', () => {
    const checkout = priceCheckout(
      cart(
        line('PLT-AL', 'Aluminum Plate', '500', 500),
        line('PLT-AL', 'Aluminum Plate', '1000', 1000),
        line('PLT-AL', 'Aluminum Plate', '500', 500, 'Black Red'),
      ),
      products,
      rules(false),
    );
    // White: 1500 pieces reach the 1000 tier (0.99) for both white lines; Black Red stays at 500 (1.29).
    expect(checkout.lines.map((l) => formatMoney(l.unitPrice!))).toEqual(['$0.99', '$0.99', '$1.29']);
    expect(checkout.total).toBe(moneyFromDollars(495 + 990 + 645));
    expect(subtotalText(checkout)).toBe('Subtotal (2,000 items): $2,130.00');
    expect(checkout.problems).toEqual([]);
  });

  it('crosses a discount threshold at exactly its quantity', () => {
    const below = priceCheckout(cart(line('FM-100', 'Floor Mats', '# boxes', 499)), products, rules(false));
    const at = priceCheckout(cart(line('FM-100', 'Floor Mats', '# boxes', 500)), products, rules(false));
    expect(subtotalText(below)).toBe('Subtotal (499 items): $38,143.56');
    expect(subtotalText(at)).toBe('Subtotal (500 items): $35,750.00');
  });

  it('keeps sub-cent unit prices exact and rounds only the line total', () => {
    const checkout = priceCheckout(cart(line('MF-STR', 'Metal Frame', '500', 500)), products, rules(false));
    expect(formatMoney(checkout.lines[0]!.unitPrice!)).toBe('$0.0279');
    expect(subtotalText(checkout)).toBe('Subtotal (500 items): $13.95');
  });

  it('reports the apparel minimum only for tenants that have it, and only between 1 and 11 pieces', () => {
    const six = cart(line('K500', 'Sport Polo', 'Medium', 6, 'Navy'));
    expect(priceCheckout(six, products, rules(true)).problems).toEqual([APPAREL_MINIMUM_MESSAGE]);
    expect(priceCheckout(six, products, rules(false)).problems).toEqual([]);
    expect(
      priceCheckout(cart(line('K500', 'Sport Polo', 'Medium', 6, 'Navy'), line('K500', 'Sport Polo', '2XL', 6, 'Navy')), products, rules(true)).problems,
    ).toEqual([]);
    expect(priceCheckout(cart(line('FM-100', 'Floor Mats', '# boxes', 2)), products, rules(true)).problems).toEqual([]);
  });

  it('keeps a line this catalog cannot price, unpriced, and names it in a problem', () => {
    const foreign = line('ZZ-9', 'Gone Hat', 'OSFA', 3);
    const checkout = priceCheckout(cart(line('K500', 'Sport Polo', 'Medium', 12, 'Navy'), foreign), products, rules(true));
    expect(checkout.lines).toHaveLength(2);
    expect(checkout.lines[1]!.unitPrice).toBeUndefined();
    expect(checkout.total).toBe(moneyFromDollars(12 * 38.77));
    expect(checkout.itemCount).toBe(15);
    expect(checkout.problems).toEqual(['Gone Hat OSFA White: product "ZZ-9" is not in this catalog']);
  });

  it('names a line breaking a quantity rule', () => {
    const checkout = priceCheckout(cart(line('PLT-AL', 'Aluminum Plate', '500', 700)), products, rules(false));
    expect(checkout.problems).toEqual(['Aluminum Plate 500 White: Must order in multiples of 500']);
  });

  it('names a line whose logo or placement the tenant does not offer for its type, as the order API would', () => {
    const shield = { placement: 'Left Chest', embroidery: 'Guardian Shield' };
    const good = line('K500', 'Sport Polo', 'Medium', 12, 'Navy', shield);
    expect(priceCheckout(cart(good), products, rules(true, GUARDIAN_LOGOS)).problems).toEqual([]);
    const checkout = priceCheckout(
      cart(
        good,
        line('K500', 'Sport Polo', '2XL', 1, 'Navy', { ...shield, embroidery: 'Hennessy Crest' }),
        line('K500', 'Sport Polo', '2XL', 1, 'White', { ...shield, placement: 'Full Back' }),
        line('K500', 'Sport Polo', 'Medium', 1, 'White'),
        line('PLT-AL', 'Aluminum Plate', '500', 500, 'White', { type: 'customs', embroidery: 'Guardian Shield' }),
      ),
      products,
      rules(true, GUARDIAN_LOGOS),
    );
    expect(checkout.problems).toEqual([
      'Sport Polo 2XL Navy: logo "Hennessy Crest" is not one of this store\'s mens logos (Guardian Shield)',
      'Sport Polo 2XL White: placement "Full Back" is not one of this store\'s mens placements (Left Chest, Yoke)',
      'Sport Polo Medium White: Must select an embroidery',
      'Aluminum Plate 500 White: customs products take no logo here, got "Guardian Shield"',
    ]);
  });

  it('has no problems and a zero subtotal for an empty cart', () => {
    const checkout = priceCheckout({}, products, rules(true));
    expect(checkout.problems).toEqual([]);
    expect(subtotalText(checkout)).toBe('Subtotal (0 items): $0.00');
    expect(subtotalText({ itemCount: 1, total: checkout.total, onRequestLines: 0 })).toBe('Subtotal (1 item): $0.00');
  });
});

describe('when checkout is possible', () => {
  const ok = priceCheckout(cart(line('K500', 'Sport Polo', 'Medium', 12, 'Navy')), products, rules(true));
  const short = priceCheckout(cart(line('K500', 'Sport Polo', 'Medium', 5, 'Navy')), products, rules(true));
  const empty = priceCheckout({}, products, rules(true));
  const free = priceCheckout(cart(line('NP-50', 'Note Pad', '# pads', 3)), products, rules(true));

  it('the bypass Checkout needs bypass mode, a non-empty cart and every minimum', () => {
    expect(canPlaceBypassOrder(ok, true)).toBe(true);
    expect(canPlaceBypassOrder(ok, false)).toBe(false);
    expect(canPlaceBypassOrder(empty, true)).toBe(false);
    expect(canPlaceBypassOrder(short, true)).toBe(false);
    expect(canPlaceBypassOrder(free, true)).toBe(true);
  });

  it('PayPal needs the tenant to offer it, no bypass code, an orderable cart and something to pay', () => {
    expect(canPayWithPayPal(ok, { paypalOffered: true, bypassMode: false })).toBe(true);
    expect(canPayWithPayPal(ok, { paypalOffered: false, bypassMode: false })).toBe(false);
    expect(canPayWithPayPal(ok, { paypalOffered: true, bypassMode: true })).toBe(false);
    expect(canPayWithPayPal(empty, { paypalOffered: true, bypassMode: false })).toBe(false);
    expect(canPayWithPayPal(short, { paypalOffered: true, bypassMode: false })).toBe(false);
    expect(canPayWithPayPal(free, { paypalOffered: true, bypassMode: false })).toBe(false);
  });

  it('a cart with a line priced on request is ordered with a bypass code, never paid with PayPal, and its subtotal says what it leaves out', () => {
    const mixed = priceCheckout(cart(line('K500', 'Sport Polo', 'Medium', 12, 'Navy'), line('NP-50', 'Note Pad', '# pads', 1)), products, rules(true));
    expect(mixed.onRequestLines).toBe(1);
    expect(mixed.lines.map((l) => l.onRequest)).toEqual([false, true]);
    expect(subtotalText(mixed)).toBe(`Subtotal (13 items): ${formatMoney(mixed.total)} + 1 line priced on request`);
    expect(subtotalText(free)).toBe('Subtotal (3 items): Price on request');
    expect(canPayWithPayPal(mixed, { paypalOffered: true, bypassMode: false })).toBe(false);
    expect(canPlaceBypassOrder(mixed, true)).toBe(true);
    expect(unpayableReason(mixed)).toBe(
      'One line is priced on request: the dealership confirms its price before invoicing, so PayPal cannot take this order. Enter your bypass code to place it as a request for a quote, or remove that line to pay.',
    );
  });
});

describe('createOrderBody', () => {
  const checkout = priceCheckout(
    cart(
      line('K500', 'Sport Polo', 'Medium', 12, 'Navy', { price: 1, placement: 'Left Chest', embroidery: 'Guardian Shield' }),
      line('FM-100', 'Floor Mats', '# boxes', 500, 'White', { type: 'service' }),
    ),
    products,
    rules(true, GUARDIAN_LOGOS),
  );
  const form = {
    firstName: ' Dana ',
    lastName: 'Reyes',
    email: ' dana@guardian.example ',
    customerPo: 'PO-77',
    store: 'GFORD1',
    code: 'net30guard ',
    inHandsDate: '',
    supplierNote: '',
  };

  it('carries the payload fields, the store by code and every line at the price shown', () => {
    const body = createOrderBody(form, checkout, { companyName: 'Guardian Automotive Group' });
    expect(body).toEqual({
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana@guardian.example',
      store: 'GFORD1',
      customer_po: 'PO-77',
      companyName: 'Guardian Automotive Group',
      cart: [
        anOrderLine({ price: 38.77 }),
        { type: 'service', name: 'Floor Mats', price: 71.5, quantity: 500, size: '# boxes', color: 'White', code: 'FM-100', placement: '', embroidery: '' },
      ],
    });
    expect(body).not.toHaveProperty('bypassPaypal');
    expect(body).not.toHaveProperty('store_tokens');
  });

  it('never sends the order lines a cart line came from by Order again: the order API takes only its own fields', () => {
    const reordered = line('FM-100', 'Floor Mats', '# boxes', 2, 'White', { type: 'service', orderedAgainFrom: ['ORD-1#0'] });
    const body = createOrderBody(form, priceCheckout(cart(reordered), products, rules(false)), { companyName: 'Guardian Automotive Group' });
    expect(body.cart).toHaveLength(1);
    expect(body.cart[0]).not.toHaveProperty('orderedAgainFrom');
  });

  it('sends the in-hands date and the note to the supplier only when the buyer gave them', () => {
    const body = createOrderBody({ ...form, inHandsDate: '2031-05-20', supplierNote: ' Deliver to the service door ' }, checkout, {
      companyName: 'Guardian Automotive Group',
    });
    expect(body.in_hands_date).toBe('2031-05-20');
    expect(body.supplier_note).toBe('Deliver to the service door');
  });

  it('asks for an order without payment when a bypass code is given, and sends no store for None', () => {
    const body = createOrderBody({ ...form, store: '' }, checkout, { companyName: 'Guardian Automotive Group' }, form.code);
    expect(body.bypassPaypal).toBe(true);
    expect(body.code).toBe('net30guard');
    expect(body.store).toBe('');
  });

  it('sends each customs line with the store it was added for, and the tokens of the password stores the lines are for', () => {
    const chevroletPlates = line('PLT-AL', 'Aluminum Plate', '500', 500, 'White', { type: 'customs', store: 'GCHEV1' });
    const fordFrames = line('MF-STR', 'Metal Frame', '500', 500, 'Chrome', { type: 'customs', store: 'GFORD1' });
    const mats = line('FM-100', 'Floor Mats', '# boxes', 2, 'White', { type: 'service' });
    const plates = priceCheckout(cart(chevroletPlates, fordFrames, mats), products, rules(false));
    // This browser gave the Chevrolet store's password (and another group's store's, which no line names).
    const tokens: Record<string, string> = { GCHEV1: 'token-chevrolet', HHONWS: 'token-elsewhere' };
    const body = createOrderBody({ ...form, store: '' }, plates, { companyName: 'Guardian Automotive Group', storeToken: (code) => tokens[code] });
    expect(body.store).toBe('');
    expect(body.cart.map((l) => [l.code, l.store])).toEqual([
      ['PLT-AL', 'GCHEV1'],
      ['MF-STR', 'GFORD1'],
      ['FM-100', undefined],
    ]);
    expect(body.store_tokens).toEqual(['token-chevrolet']);

    // A line without a store is for the order's store: its token goes too.
    const unbound = priceCheckout(cart({ ...chevroletPlates, store: undefined }), products, rules(false));
    expect(
      createOrderBody({ ...form, store: 'GCHEV1' }, unbound, { companyName: 'Guardian Automotive Group', storeToken: (code) => tokens[code] }).store_tokens,
    ).toEqual(['token-chevrolet']);
    expect(
      createOrderBody({ ...form, store: '' }, unbound, { companyName: 'Guardian Automotive Group', storeToken: (code) => tokens[code] }),
    ).not.toHaveProperty('store_tokens');
  });

  it('hands the success page the lines with the unit price charged, in dollars', () => {
    expect(chargedLines(checkout).map((l) => [l.code, l.price])).toEqual([
      ['K500', 38.77],
      ['FM-100', 71.5],
    ]);
  });
});

describe('placedOrder: what the success page is handed', () => {
  const checkout = priceCheckout(
    cart(
      line('K500', 'Sport Polo', 'Medium', 12, 'Navy', { placement: 'Left Chest', embroidery: 'Guardian Shield' }),
      line('PLT-AL', 'Aluminum Plate', '500', 1000, 'White', { type: 'customs' }),
    ),
    products,
    rules(true, GUARDIAN_LOGOS),
  );
  const stores = [
    { code: 'GCHEV1', name: 'Guardian Chevrolet', address: '100 Main St, Springfield' },
    { code: 'GFORD1', name: 'Guardian Ford', address: '' },
  ];
  const now = new Date('2025-03-04T15:04:05.123Z');

  it("takes the id and the total from the order API's answers, and the lines with their totals from the checkout", () => {
    // The browser adds up $465.24 + $990.00; the server's answer is what the page shows.
    expect(formatMoney(checkout.total)).toBe('$1,455.24');
    const placed = placedOrder(
      checkout,
      { store: 'GCHEV1', customerPo: ' PO-77 ' },
      stores,
      { orderId: 'ORDER-1', answers: [{ order_id: 'ORDER-1', total: 1455.25 }] },
      now,
    );
    expect(placed).toEqual({
      orderId: 'ORDER-1',
      total: 1455.25,
      placedAt: '2025-03-04T15:04:05.123Z',
      store: 'Guardian Chevrolet — 100 Main St, Springfield',
      customerPo: 'PO-77',
      lines: [
        { ...anOrderLine({ price: 38.77 }), lineTotal: 465.24 },
        { ...aPlateLine({ price: 0.99 }), lineTotal: 990 },
      ],
    });
  });

  it("keeps the checkout's total only when no answer carries one, and names no store for None", () => {
    const placed = placedOrder(checkout, { store: '', customerPo: '' }, stores, { orderId: 'ORDER-2', answers: [{ order_id: 'ORDER-2' }, undefined] }, now);
    expect(placed).toMatchObject({ orderId: 'ORDER-2', total: 1455.24, store: '', customerPo: '' });
    expect(placedOrder(checkout, { store: 'GFORD1', customerPo: '' }, stores, { orderId: 'ORDER-3', answers: [] }, now).store).toBe('Guardian Ford');
  });
});

describe('the store the Store select starts with', () => {
  const stores = [{ code: 'GCHEV1' }, { code: 'GFORD1' }];
  const plates = (store?: string) => line('PLT-AL', 'Aluminum Plate', '500', 500, 'White', { type: 'customs', store });
  const frames = (store?: string) => line('MF-STR', 'Metal Frame', '500', 500, 'Chrome', { type: 'customs', store });
  const mats = line('FM-100', 'Floor Mats', '# boxes', 2, 'White', { type: 'service' });
  const of = (...lines: CartLine[]) => storeOfCart(priceCheckout(cart(...lines), products, rules(false)), stores);

  it('is the store of the customs lines when they all agree, whatever else is in the cart', () => {
    expect(of(plates('GCHEV1'), frames('GCHEV1'), mats)).toBe('GCHEV1');
    expect(of(frames('GFORD1'), plates())).toBe('GFORD1');
  });

  it('is none when the lines name two stores, no store, or a store the tenant does not have', () => {
    expect(of(plates('GCHEV1'), frames('GFORD1'))).toBeUndefined();
    expect(of(plates(), mats)).toBeUndefined();
    expect(of()).toBeUndefined();
    expect(of(plates('HHONWS'))).toBeUndefined();
  });
});

describe('labels', () => {
  it('names stores with their address when they have one', () => {
    expect(storeLabel({ name: 'Guardian Chevrolet', address: '100 Main St, Springfield', code: 'GCHEV1' })).toBe(
      'Guardian Chevrolet — 100 Main St, Springfield',
    );
    expect(storeLabel({ name: 'Guardian Ford', address: '', code: 'GFORD1' })).toBe('Guardian Ford');
  });

  it('names a line by name, size and colour', () => {
    expect(lineName(line('K500', 'Sport Polo', 'Medium', 1, 'Navy'))).toBe('Sport Polo Medium Navy');
  });

  it('starts with an empty form', () => {
    expect(Object.values(EMPTY_FORM).every((v) => v === '')).toBe(true);
  });
});
