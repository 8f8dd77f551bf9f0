import { describe, expect, it } from 'vitest';
import { formatMoney, moneyFromDollars } from './money.ts';
import type { Product } from './product.ts';
import { sizeFamily } from './size-labels.ts';
import { startingPrice, startingPriceText } from './starting-price.ts';

function product(type: Product['type'], sizes: Record<string, number>, discounts: [number, number][] = []): Pick<Product, 'type' | 'sizes' | 'discounts'> {
  return {
    type,
    sizes: Object.entries(sizes).map(([label, price]) => ({ label, family: sizeFamily(label) ?? 'unit', price: moneyFromDollars(price) })),
    discounts: discounts.map(([quantity, price]) => ({ quantity, price: moneyFromDollars(price) })),
  };
}

const shown = (p: Parameters<typeof startingPrice>[0]) => {
  const price = startingPrice(p);
  return price === undefined ? undefined : startingPriceText(price);
};

describe('startingPrice', () => {
  it('is the lowest price set, or a lower volume price the buyer can reach, naming the quantity a volume price takes', () => {
    expect(shown(product('tshirts', { Small: 9.99, '2XL': 11.99 }))).toBe('Starts at $9.99 each');
    expect(shown(product('mens', { Small: 38.77, '2XL': 40.77 }, [[500, 36.5]]))).toBe('Starts at $36.50 each for 500 or more');
    expect(
      shown(
        product('accessory', { '100': 0.79, '1500': 0.45 }, [
          [1000, 0.47],
          [1500, 0.43],
        ]),
      ),
    ).toBe('Starts at $0.43 each for 1,500 or more');
    expect(shown(product('accessory', { '100': 4.25, '1000': 3.35 }))).toBe('Starts at $3.35 each for 1,000 or more');
    expect(shown(product('mens', { Small: 0, Medium: 32.5 }))).toBe('Starts at $32.50 each');
    expect(formatMoney(startingPrice(product('mens', { Small: 38.77 }, [[500, 36.5]]))!.price)).toBe('$36.50');
  });

  it('is not named for customs products or products without a set price, whatever their volume prices', () => {
    expect(shown(product('customs', { '# each': 3.99 }, [[1000, 3.49]]))).toBeUndefined();
    expect(shown(product('office', { '# pads': 0 }, [[2000, 1.79]]))).toBeUndefined();
  });
});
