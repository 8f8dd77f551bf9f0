import { describe, expect, it } from 'vitest';
import { formatMoney, moneyFromDollars } from './money.ts';
import { breakCounting, priceBreaks } from './price-breaks.ts';
import type { Product } from './product.ts';
import { sizeFamily } from './size-labels.ts';

function product(sizes: Record<string, number>, discounts: [number, number][]): Pick<Product, 'sizes' | 'discounts'> {
  return {
    sizes: Object.entries(sizes).map(([label, price]) => ({ label, family: sizeFamily(label) ?? 'unit', price: moneyFromDollars(price) })),
    discounts: discounts.map(([quantity, price]) => ({ quantity, price: moneyFromDollars(price) })),
  };
}

const shown = (breaks: ReturnType<typeof priceBreaks>) => ({
  rows: breaks?.rows.map((row) => [row.from, row.to, formatMoney(row.price)]),
  upcharges: breaks?.upcharges.map((size) => [size.label, formatMoney(size.upcharge)]),
});

describe('priceBreaks', () => {
  it('lists the base size price below the first break, then each break in ascending order, and the sizes that keep an upcharge', () => {
    const tee = product({ Small: 9.99, Medium: 9.99, '2XL': 11.99, '3XL': 12.99 }, [
      [1500, 9.75],
      [500, 8.49],
      [1000, 9.25],
    ]);
    expect(shown(priceBreaks(tee))).toEqual({
      rows: [
        [0, 499, '$9.99'],
        [500, 999, '$8.49'],
        [1000, 1499, '$9.25'],
        [1500, undefined, '$9.75'],
      ],
      upcharges: [
        ['2XL', '$2.00'],
        ['3XL', '$3.00'],
      ],
    });
  });

  it('has no base row for a product sold only in print runs, and no upcharges', () => {
    const pens = product({ '100': 0.79, '500': 0.59, '1000': 0.49 }, [
      [1000, 0.47],
      [1500, 0.43],
    ]);
    expect(shown(priceBreaks(pens))).toEqual({
      rows: [
        [1000, 1499, '$0.47'],
        [1500, undefined, '$0.43'],
      ],
      upcharges: [],
    });
  });

  it('is absent for a product without volume prices', () => {
    expect(priceBreaks(product({ Small: 9.99 }, []))).toBeUndefined();
  });
});

describe('breakCounting', () => {
  it('says each colour on its own for print runs, all colours together for volume prices, and both for a product with both', () => {
    expect(breakCounting(product({ '500': 1.29, '1000': 0.99 }, []))).toMatch(/^Print-run prices count each colour on its own: /);
    expect(breakCounting(product({ Small: 9.99 }, [[500, 8.49]]))).toBe('Volume prices count every size and colour of this item in your cart together.');
    expect(breakCounting(product({ '100': 0.79, '1000': 0.49 }, [[1000, 0.47]]))).toMatch(
      /each colour on its own; the volume prices count every run and colour/,
    );
    expect(breakCounting(product({ Small: 9.99 }, []))).toBeUndefined();
  });
});
