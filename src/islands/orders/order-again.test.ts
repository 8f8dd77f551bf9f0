import { describe, expect, it } from 'vitest';
import { cartKey, type CartLine } from '../../domain/cart-line.ts';
import { MUST_SELECT_AN_EMBROIDERY, type LogoLists } from '../../domain/logo-rules.ts';
import { MAX_LINE_QUANTITY } from '../../domain/order-rules.ts';
import { aFrameLine, aListedOrderLine, aNotePadsLine, anOrderLine } from '../../../tests/helpers/order-builders.ts';
import { testProduct } from '../../../tests/helpers/test-product.ts';
import { linesFromElsewhere, orderAgain, storeOfOrder, type Reorder, type ReorderRules, type ReorderStore } from './order-again.ts';
import type { OrderLine } from './order-data.ts';

// Today's catalog: the polo costs more than when it was ordered, and is now called 'Sport Polo II'.
const polo = testProduct('K500', 'mens', { Medium: 41.5, Large: 41.5 }, { name: 'Sport Polo II', colors: ['Navy', 'Black'], defaultColor: 'Navy' });
const plate = testProduct(
  'MF-STR',
  'customs',
  { '500': 0.0279 },
  { name: 'Metal Frame', colors: ['Chrome'], defaultColor: 'Chrome', supportedStores: ['GFORD1', 'GCHEV2'] },
);
const mug = testProduct('MUG', 'accessory', { OSFA: 6.5 }, { name: 'Mug' });
const pads = testProduct('NP-50', 'office', { '# pads': 0 }, { name: 'Note Pads' });
const catalog = new Map([polo, plate, mug, pads].map((p) => [p.code, p]));

const LOGOS: LogoLists = {
  embroideries: { mens: ['Guardian Shield', 'Guardian Script'], accessory: ['Guardian Shield'] },
  logoPlacements: { mens: ['Left Chest', 'Right Sleeve'] },
};
const FORD: ReorderStore = { code: 'GFORD1', name: 'Guardian Ford', address: '1 Main St' };
const CHEVY: ReorderStore = { code: 'GCHEV2', name: 'Guardian Chevrolet', address: '', hasPassword: true };

function rules(overrides: Partial<ReorderRules> = {}): ReorderRules {
  return { findProduct: (code) => catalog.get(code), logos: LOGOS, stores: [FORD, CHEVY], hasStoreSession: () => false, cart: {}, ...overrides };
}

const poloLine: OrderLine = aListedOrderLine({
  second_embroidery: 'Guardian Script',
  second_placement: 'Right Sleeve',
  customer_po: 'CPO-A',
  po: 'PO-1',
  est_ship_date: '2024-02-15',
});
const frameLine: OrderLine = {
  code: 'MF-STR',
  description: 'Metal Frame',
  quantity: 1000,
  price: 0.0279,
  size: '500',
  color: 'Chrome',
  type: 'customs',
  embroidery: '',
  placement: '',
  store: 'GFORD1',
};
const order = (lines: OrderLine[], store = '') => ({ order: lines, store, order_id: 'ORD-1', created_at: '2024-01-02T10:00:00.000Z' });
const linesOf = (result: Reorder) => result.added.map((entry) => entry.line);

describe('ordering a placed order again', () => {
  it('makes cart lines with the same size, colour, logos, placements and store, named and priced by today’s catalog', () => {
    const result = orderAgain(
      order([poloLine, frameLine, { code: 'NP-50', description: 'Note Pads', quantity: 5, price: 0, size: '# pads', color: 'White', embroidery: '' }]),
      rules(),
    );
    expect(result.refused).toEqual([]);
    expect(linesOf(result)).toEqual<CartLine[]>([
      // Today's name and price; the size, colour, logos and placements as ordered.
      anOrderLine({
        name: 'Sport Polo II',
        price: 41.5,
        secondEmbroidery: 'Guardian Script',
        secondPlacement: 'Right Sleeve',
        orderedAgainFrom: ['ORD-1#0'],
      }),
      aFrameLine({ quantity: 1000, store: 'GFORD1', orderedAgainFrom: ['ORD-1#1'] }),
      // Priced on request today: it goes in, and the checkout says so.
      aNotePadsLine({ orderedAgainFrom: ['ORD-1#2'] }),
    ]);
    // The polo cost $38.77 then and $41.50 now; the frame's price is unchanged; the pads are priced on request.
    expect(result.added.map((entry) => entry.changes)).toEqual([['$38.77 → $41.50 each'], [], []]);
  });

  it('names each line that cannot be ordered today with the reason, and still takes the others', () => {
    const lines: OrderLine[] = [
      { ...poloLine, code: 'K999', description: 'Retired Cap' },
      poloLine,
      { ...poloLine, size: 'Small' },
      { ...poloLine, color: 'Red' },
      { ...poloLine, embroidery: 'Old Logo' },
      { ...poloLine, placement: 'Back' },
      { ...frameLine, store: 'GONE9' },
      { ...poloLine, quantity: 'twelve' },
    ];
    const result = orderAgain(order(lines), rules());
    expect(result.added.map((entry) => entry.index)).toEqual([1, 4, 5]);
    expect(result.refused).toEqual([
      { index: 0, name: 'Retired Cap (K999, Medium, Navy)', reason: 'it is no longer in the catalog' },
      { index: 2, name: 'Sport Polo (K500, Small, Navy)', reason: 'size Small is no longer offered (Medium, Large)' },
      { index: 3, name: 'Sport Polo (K500, Medium, Red)', reason: 'colour Red is no longer offered (Navy, Black)', colors: ['Navy', 'Black'] },
      { index: 6, name: 'Metal Frame (MF-STR, 500, Chrome)', reason: 'its store GONE9 is no longer one of the stores' },
      { index: 7, name: 'Sport Polo (K500, Medium, Navy)', reason: 'its quantity cannot be read' },
    ]);
  });

  it('keeps each logo the product still offers where it was, and names each one left off', () => {
    const result = orderAgain(
      order([
        { ...poloLine, embroidery: 'Old Logo' },
        { ...poloLine, placement: 'Back' },
        { ...poloLine, second_placement: 'Yoke' },
      ]),
      rules(),
    );
    // The second logo, kept alone, takes the first one's place.
    expect(result.added.map(({ line }) => [line.embroidery, line.placement, line.secondEmbroidery ?? '', line.secondPlacement ?? ''])).toEqual([
      ['Guardian Script', 'Right Sleeve', '', ''],
      ['Guardian Script', 'Right Sleeve', '', ''],
      ['Guardian Shield', 'Left Chest', '', ''],
    ]);
    expect(result.added.map((entry) => entry.changes.slice(1))).toEqual([
      ['logo “Old Logo” is no longer offered: left off'],
      ['placement Back is no longer offered: logo “Guardian Shield” left off'],
      ['placement Yoke is no longer offered: logo “Guardian Script” left off'],
    ]);
    // A product that must carry a logo, whose only logo is gone, is not added without one.
    expect(orderAgain(order([{ ...poloLine, embroidery: 'Old Logo', second_embroidery: '' }]), rules()).refused[0]?.reason).toBe(
      `logo “Old Logo” is no longer offered: left off; then: ${MUST_SELECT_AN_EMBROIDERY}`,
    );
  });

  it('adds a line whose colour is gone in the colour the buyer picks, and says so', () => {
    const result = orderAgain(order([poloLine, { ...poloLine, color: 'Red' }]), rules(), 1, { color: 'Black' });
    expect(result.added).toHaveLength(1);
    expect(result.added[0]?.line).toMatchObject({ color: 'Black', quantity: 12, orderedAgainFrom: ['ORD-1#1'] });
    expect(result.added[0]?.changes).toContain('colour Red is no longer offered: Black instead');
  });

  it('never adds a line the cart holds from the same order again, and never changes a quantity', () => {
    const first = orderAgain(order([poloLine, frameLine]), rules());
    const cart = Object.fromEntries(linesOf(first).map((line) => [cartKey(line), { ...line, quantity: line.quantity + 3 }]));
    const second = orderAgain(order([poloLine, frameLine]), rules({ cart }));
    expect(second.added).toEqual([]);
    expect(second.already.map((line) => line.index)).toEqual([0, 1]);
    // Another order with the same polo adds its own line (the cart adds it to the same line, as the item page does).
    const other = orderAgain({ ...order([poloLine]), order_id: 'ORD-2' }, rules({ cart }));
    expect(other.added.map((entry) => entry.line.orderedAgainFrom)).toEqual([['ORD-2#0']]);
    expect(other.added[0]?.changes).toContain('joins the 15 in your cart: 27 in all');
    expect(linesFromElsewhere(cart, order([]))).toBe(0);
    expect(linesFromElsewhere(cart, { ...order([]), order_id: 'ORD-2' })).toBe(2);
  });

  it('orders a single line when asked for one', () => {
    const result = orderAgain(order([poloLine, frameLine]), rules(), 1);
    expect(linesOf(result).map((line) => line.code)).toEqual(['MF-STR']);
    expect(result.refused).toEqual([]);
  });

  it('refuses a line without a logo once the tenant requires one, and a line under today’s minimum', () => {
    const result = orderAgain(
      order([
        { ...poloLine, embroidery: '', second_embroidery: '' },
        { code: 'MUG', description: 'Mug', quantity: 6, size: 'OSFA', color: 'White', embroidery: 'Guardian Shield' },
      ]),
      rules(),
    );
    expect(linesOf(result)).toEqual([]);
    expect(result.refused.map((r) => r.reason)).toEqual([MUST_SELECT_AN_EMBROIDERY, 'Must order at least 12 units']);
  });

  it('holds a store-made product to the stores it is made for and to the password of its store', () => {
    const chevy = { ...frameLine, store: 'GCHEV2' };
    expect(orderAgain(order([chevy]), rules()).refused[0]).toMatchObject({
      reason: "it needs Guardian Chevrolet's store password",
      unlock: { code: 'GCHEV2', name: 'Guardian Chevrolet' },
    });
    expect(orderAgain(order([chevy]), rules({ hasStoreSession: (code) => code === 'GCHEV2' })).added[0]?.line.store).toBe('GCHEV2');
    const onlyChevy = { ...plate, supportedStores: ['GCHEV2'] };
    const narrowed = rules({ findProduct: (code) => (code === 'MF-STR' ? onlyChevy : catalog.get(code)) });
    expect(orderAgain(order([frameLine]), narrowed).refused[0]?.reason).toBe('it is no longer offered to Guardian Ford');
  });

  it('takes the store of the order for a store-made line that names none, as the order API did', () => {
    const { store: _none, ...unnamed } = frameLine;
    expect(orderAgain(order([unnamed], 'Guardian Ford, 1 Main St'), rules()).added[0]?.line.store).toBe('GFORD1');
    expect(orderAgain(order([unnamed], 'Guardian Toyota'), rules()).refused[0]?.reason).toBe('its store Guardian Toyota is no longer one of the stores');
    expect(orderAgain(order([unnamed]), rules()).refused[0]?.reason).toBe('it names no store, and it is made for some stores only');
  });

  it('keeps a line’s sum with the cart and with the order’s other lines under the per-line bound', () => {
    const inCart = anOrderLine({ quantity: MAX_LINE_QUANTITY - 12, secondEmbroidery: 'Guardian Script', secondPlacement: 'Right Sleeve' });
    const result = orderAgain(order([poloLine, poloLine]), rules({ cart: { [cartKey(inCart)]: inCart } }));
    expect(linesOf(result)).toHaveLength(1);
    expect(result.refused).toEqual([
      { index: 1, name: 'Sport Polo (K500, Medium, Navy)', reason: 'At most 1,000,000 pieces a line: 1,000,000 of these are in your cart already' },
    ]);
  });
});

describe('the store an order was placed for', () => {
  it('is found by the name or by name and address, as the order records it', () => {
    expect(storeOfOrder('Guardian Ford, 1 Main St', [FORD, CHEVY])).toBe(FORD);
    expect(storeOfOrder('Guardian Chevrolet', [FORD, CHEVY])).toBe(CHEVY);
    expect(storeOfOrder('', [FORD, CHEVY])).toBeUndefined();
  });
});
