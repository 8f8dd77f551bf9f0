import { describe, expect, it } from 'vitest';
import { formatMoney, moneyFromDollars, type Money } from './money.ts';
import { baseSizePrice, listedPrice, priceCart, sizeUpcharge, type PricingLine } from './pricing.ts';
import type { Product } from './product.ts';
import { sizeFamily } from './size-labels.ts';

function product(code: string, sizes: Record<string, number>, extra: Partial<Product> = {}): Product {
  return {
    code,
    name: code,
    fullname: code,
    description: '',
    type: 'mens',
    colors: ['Navy', 'Black', 'White'],
    halfColors: ['Black Red'],
    defaultColor: 'Navy',
    restricted: false,
    supportedStores: [],
    discounts: [],
    sizes: Object.entries(sizes).map(([label, price]) => ({ label, family: sizeFamily(label) ?? 'unit', price: moneyFromDollars(price) })),
    ...extra,
  };
}

const polo = product('K500', { Small: 38.77, Medium: 38.77, '2XL': 40.77, '4XL': 43.32 });
const plate = product('PLT-AL', { '500': 1.29, '1000': 0.99, '1500': 0.89, '2500': 0.79 }, { type: 'customs' });
const mats = product('FM-100', { '# boxes': 76.44 }, { type: 'service', discounts: [{ quantity: 500, price: moneyFromDollars(71.5) }] });
const pens = product(
  'PEN-CS',
  { '100': 0.79, '500': 0.59, '1000': 0.49 },
  {
    type: 'accessory',
    discounts: [
      { quantity: 1500, price: moneyFromDollars(0.43) },
      { quantity: 1000, price: moneyFromDollars(0.47) },
    ],
  },
);
const frame = product('MF-STR', { '500': 0.0279, '1000': 0.0259 }, { type: 'customs' });
const tee = product(
  'PC54',
  { Small: 9.99, Medium: 9.99, '2XL': 11.99, '3XL': 12.99 },
  { type: 'tshirts', discounts: [{ quantity: 500, price: moneyFromDollars(8.49) }] },
);
// Listed out of price order, with a size whose price is not set (0).
const cap = product('6277', { L_XL: 26.99, S_M: 24.99, M_L: 0 }, { type: 'hat', discounts: [{ quantity: 100, price: moneyFromDollars(22.5) }] });
const catalog = new Map([polo, plate, mats, pens, frame, tee, cap].map((p) => [p.code, p]));
const find = (code: string) => catalog.get(code);

const line = (code: string, size: string, quantity: number, color = 'White'): PricingLine => ({ code, size, color, quantity });
const dollars = (amount: Money) => formatMoney(amount);

describe('priceCart', () => {
  it('prices a line at its size price and totals it in cents', () => {
    const cart = priceCart([line('K500', 'Small', 3, 'Navy'), line('K500', '4XL', 1, 'Navy')], find);
    expect(cart.lines.map((l) => dollars(l.unitPrice))).toEqual(['$38.77', '$43.32']);
    expect(cart.lines.map((l) => dollars(l.lineTotal))).toEqual(['$116.31', '$43.32']);
    expect(dollars(cart.total)).toBe('$159.63');
    expect(cart.itemCount).toBe(4);
  });

  it('prices every tier line at the highest tier reached by that product and colour in the whole cart', () => {
    // 500 + 1000 white pieces = 1500: both lines cost the 1500 tier's 0.89; black stays at its own 500 tier.
    const cart = priceCart([line('PLT-AL', '500', 500), line('PLT-AL', '1000', 1000), line('PLT-AL', '500', 500, 'Black Red')], find);
    expect(cart.lines.map((l) => dollars(l.unitPrice))).toEqual(['$0.89', '$0.89', '$1.29']);
    expect(cart.lines.map((l) => dollars(l.lineTotal))).toEqual(['$445.00', '$890.00', '$645.00']);
    expect(dollars(cart.total)).toBe('$1,980.00');
  });

  it('counts runs as pieces: two runs of 500 reach the 1000 tier', () => {
    const cart = priceCart([line('PLT-AL', '500', 1000)], find);
    expect(dollars(cart.lines[0]!.unitPrice)).toBe('$0.99');
  });

  it('reprices earlier lines when a later line crosses a tier, and back when it is removed', () => {
    const before = priceCart([line('PLT-AL', '1000', 2000)], find);
    const after = priceCart([line('PLT-AL', '1000', 2000), line('PLT-AL', '500', 500)], find);
    expect(dollars(before.lines[0]!.unitPrice)).toBe('$0.89');
    expect(after.lines.map((l) => dollars(l.unitPrice))).toEqual(['$0.79', '$0.79']);
  });

  it('applies a discount from the product total across sizes and colours, only once the threshold is reached', () => {
    const below = priceCart([line('FM-100', '# boxes', 499)], find);
    const at = priceCart([line('FM-100', '# boxes', 250), line('FM-100', '# boxes', 250, 'Navy')], find);
    expect(dollars(below.lines[0]!.unitPrice)).toBe('$76.44');
    expect(at.lines.map((l) => dollars(l.unitPrice))).toEqual(['$71.50', '$71.50']);
    expect(dollars(at.total)).toBe('$35,750.00');
  });

  it('uses the highest discount reached, whatever order the catalog lists them in', () => {
    expect(dollars(priceCart([line('PEN-CS', '1000', 1000)], find).lines[0]!.unitPrice)).toBe('$0.47');
    expect(dollars(priceCart([line('PEN-CS', '1000', 2000)], find).lines[0]!.unitPrice)).toBe('$0.43');
    // Below the first discount the tier price holds.
    expect(dollars(priceCart([line('PEN-CS', '500', 500)], find).lines[0]!.unitPrice)).toBe('$0.59');
  });

  it("prices the base size at a reached volume price and keeps each larger size's upcharge on top", () => {
    // 300 Small + 200 2XL = 500 tees: Small $8.49; 2XL $8.49 + ($11.99 − $9.99) = $10.49, not $8.49.
    const cart = priceCart([line('PC54', 'Small', 300), line('PC54', '2XL', 200, 'Navy'), line('PC54', '3XL', 1)], find);
    expect(cart.lines.map((l) => dollars(l.unitPrice))).toEqual(['$8.49', '$10.49', '$11.49']);
    expect(cart.lines.map((l) => dollars(l.lineTotal))).toEqual(['$2,547.00', '$2,098.00', '$11.49']);
    expect(dollars(cart.total)).toBe('$4,656.49');
    // One tee fewer and no line reaches the break: every size at its own price.
    const below = priceCart([line('PC54', 'Small', 299), line('PC54', '2XL', 200, 'Navy')], find);
    expect(below.lines.map((l) => dollars(l.unitPrice))).toEqual(['$9.99', '$11.99']);
  });

  it('takes the cheapest priced size as the base, wherever the catalog lists it, and gives an unset size no upcharge', () => {
    expect(dollars(baseSizePrice(cap)!)).toBe('$24.99');
    expect(cap.sizes.map((size) => dollars(sizeUpcharge(cap, size)))).toEqual(['$2.00', '$0.00', '$0.00']);
    const cart = priceCart([line('6277', 'L_XL', 40), line('6277', 'S_M', 40), line('6277', 'M_L', 20)], find);
    // The unset size counts toward the break but stays priced on request: the volume price does not set its price.
    expect(cart.lines.map((l) => dollars(l.unitPrice))).toEqual(['$24.50', '$22.50', '$0.00']);
    expect(cart.lines.map((l) => l.onRequest)).toEqual([false, false, true]);
    expect(cart.onRequestLines).toBe(1);
    expect(dollars(cart.total)).toBe('$1,880.00');
    // Print-run tiers are volumes, not larger sizes: no base size, no upcharge, the volume price replaces theirs.
    expect(baseSizePrice(pens)).toBeUndefined();
    expect(pens.sizes.every((size) => sizeUpcharge(pens, size) === 0)).toBe(true);
  });

  it('keeps sub-cent unit prices exact and rounds only the line total, half up', () => {
    const cart = priceCart([line('MF-STR', '500', 500, 'Navy')], find);
    expect(dollars(cart.lines[0]!.unitPrice)).toBe('$0.0279');
    expect(dollars(cart.lines[0]!.lineTotal)).toBe('$13.95');
    // 1500 × 0.0259 = 38.85 exactly; 0.0279 × 1 would be 0.0279 → $0.03.
    expect(dollars(priceCart([line('MF-STR', '1000', 1500)], find).total)).toBe('$38.85');
  });

  it('adds line totals exactly where float sums would drift', () => {
    const lines = Array.from({ length: 10 }, (_, i) => line('K500', 'Small', 1, ['Navy', 'Black', 'White'][i % 3]!));
    const cart = priceCart(lines, find);
    expect(38.77 * 10).not.toBe(387.7);
    expect(dollars(cart.total)).toBe('$387.70');
  });

  it('keeps each input line object with its price, in order', () => {
    const input = [line('K500', 'Medium', 2, 'Black'), line('FM-100', '# boxes', 1)];
    const cart = priceCart(input, find);
    expect(cart.lines.map((l) => l.line)).toEqual(input);
  });

  it('prices an empty cart at zero', () => {
    expect(priceCart([], find)).toEqual({ lines: [], total: 0, itemCount: 0, onRequestLines: 0 });
  });

  it('prices a size priced 0 on request: nothing in the total, counted apart, the other lines charged as before', () => {
    const cart = priceCart([line('6277', 'M_L', 12), line('K500', 'Small', 2, 'Navy')], find);
    expect(cart.lines.map((l) => [l.onRequest, dollars(l.unitPrice), dollars(l.lineTotal)])).toEqual([
      [true, '$0.00', '$0.00'],
      [false, '$38.77', '$77.54'],
    ]);
    expect(cart.onRequestLines).toBe(1);
    expect(dollars(cart.total)).toBe('$77.54');
    expect(cart.itemCount).toBe(14);
  });

  it('refuses a line it cannot price rather than guessing', () => {
    expect(() => priceCart([line('NOPE', 'Small', 1)], find)).toThrow(/no product "NOPE"/);
    expect(() => priceCart([line('K500', 'XXL', 1)], find)).toThrow(/no size "XXL"/);
  });
});

describe('listedPrice', () => {
  it('is what priceCart charges for the size ordered alone: a run at or over a volume price shows the volume price', () => {
    // The Click Pen lists $0.49 for its 1000 run and $0.45 for its 1500 run; one run of either reaches its volume price.
    expect(pens.sizes.map((size) => dollars(listedPrice(pens, size)))).toEqual(['$0.79', '$0.59', '$0.47']);
    for (const size of pens.sizes) {
      const charged = priceCart([line('PEN-CS', size.label, Number(size.label), 'Blue')], find).lines[0]!.unitPrice;
      expect(listedPrice(pens, size)).toBe(charged);
    }
    expect(tee.sizes.map((size) => dollars(listedPrice(tee, size)))).toEqual(['$9.99', '$9.99', '$11.99', '$12.99']);
    expect(dollars(listedPrice(cap, cap.sizes[2]!))).toBe('$0.00');
  });
});
