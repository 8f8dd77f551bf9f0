import { describe, expect, it } from 'vitest';
import { formatMoney, moneyFromDollars } from '../../domain/money.ts';
import type { Product } from '../../domain/product.ts';
import { sizeFamily } from '../../domain/size-labels.ts';
import { tierCell } from './cart-entries.ts';
import { selectionPrice } from './selection-price.ts';

function product(code: string, type: Product['type'], sizes: Record<string, number>, discounts: [number, number][] = []): Product {
  return {
    code,
    name: code,
    fullname: code,
    description: '',
    type,
    colors: ['Navy', 'White'],
    halfColors: [],
    defaultColor: 'Navy',
    restricted: false,
    supportedStores: [],
    sizes: Object.entries(sizes).map(([label, price]) => ({ label, family: sizeFamily(label) ?? 'unit', price: moneyFromDollars(price) })),
    discounts: discounts.map(([quantity, price]) => ({ quantity, price: moneyFromDollars(price) })),
  };
}

const tee = product('PC54', 'tshirts', { Small: 9.99, '2XL': 11.99 }, [[500, 8.49]]);
const plate = product('PLT', 'customs', { '500': 1.29, '1000': 0.99 });
const shown = (price: ReturnType<typeof selectionPrice>) =>
  price && {
    lines: price.lines.map((l) => [l.line.size, l.line.color, l.line.quantity, formatMoney(l.unitPrice), formatMoney(l.lineTotal)]),
    pieces: price.pieces,
    total: formatMoney(price.total),
    inCart: price.inCart,
  };

describe('selectionPrice', () => {
  it('prices the typed quantities as the checkout will: at 500 pieces the base size at the break, 2XL with its upcharge', () => {
    expect(shown(selectionPrice(tee, { color: 'White', quantities: { Small: '300', '2XL': '200' } }, []))).toEqual({
      lines: [
        ['Small', 'White', 300, '$8.49', '$2,547.00'],
        ['2XL', 'White', 200, '$10.49', '$2,098.00'],
      ],
      pieces: 500,
      total: '$4,645.00',
      inCart: 0,
    });
    expect(shown(selectionPrice(tee, { color: 'White', quantities: { Small: '300', '2XL': '199' } }, []))?.total).toBe('$5,383.01');
  });

  it("counts this product's lines already in the cart toward the break, and no other product's", () => {
    const cart = [
      { code: 'PC54', size: 'Small', color: 'Navy', quantity: 450 },
      { code: 'OTHER', size: 'Small', color: 'Navy', quantity: 900 },
      { code: 'PC54', size: 'Gone', color: 'Navy', quantity: 900 },
    ];
    expect(shown(selectionPrice(tee, { color: 'White', quantities: { '2XL': '50' } }, cart))).toEqual({
      lines: [['2XL', 'White', 50, '$10.49', '$524.50']],
      pieces: 50,
      total: '$524.50',
      inCart: 450,
    });
  });

  it('prices print runs as pieces per colour, and is undefined with nothing typed', () => {
    const runs = selectionPrice(plate, { color: 'Navy', quantities: { [tierCell('500', 'White')]: '2', [tierCell('500', 'Navy')]: '1' } }, []);
    expect(shown(runs)?.lines).toEqual([
      ['500', 'Navy', 500, '$1.29', '$645.00'],
      ['500', 'White', 1000, '$0.99', '$990.00'],
    ]);
    expect(selectionPrice(tee, { color: 'Navy', quantities: { Small: '', '2XL': '0' } }, [])).toBeUndefined();
  });
});
