import { describe, expect, it } from 'vitest';
import { moneyFromDollars } from '../../domain/money.ts';
import type { Product } from '../../domain/product.ts';
import { sizeFamily } from '../../domain/size-labels.ts';
import { cartQuantityLabel, cartQuantityText, readCartQuantity } from './cart-quantity.ts';

function product(overrides: Partial<Product> & { prices: Record<string, number> }): Product {
  const { prices, ...rest } = overrides;
  return {
    code: 'K500',
    name: 'Sport Polo',
    fullname: 'Silk Touch Sport Polo',
    description: '',
    type: 'mens',
    colors: ['Navy'],
    halfColors: [],
    defaultColor: 'Navy',
    sizes: Object.entries(prices).map(([label, price]) => ({ label, family: sizeFamily(label) ?? 'unit', price: moneyFromDollars(price) })),
    restricted: false,
    supportedStores: [],
    discounts: [],
    ...rest,
  };
}

const polo = product({ prices: { Small: 38.77 } });
const mug = product({ code: 'MUG', type: 'accessory', prices: { OSFA: 6.5 } });
const plate = product({ code: 'PLT', type: 'customs', prices: { '500': 1.29 } });

describe("a cart line's quantity field", () => {
  it('counts what the item grid counted: runs of a print-run line, pieces otherwise', () => {
    expect(cartQuantityLabel({ size: '500' })).toBe('Change runs of 500');
    expect(cartQuantityText({ size: '500', quantity: 1500 })).toBe('3');
    expect(cartQuantityLabel({ size: 'Small' })).toBe('Change quantity');
    expect(cartQuantityText({ size: 'Small', quantity: 12 })).toBe('12');
    expect(readCartQuantity('4', { size: '500' }, plate)).toEqual({ quantity: 2000 });
    expect(readCartQuantity('1,000', { size: 'Small' }, polo)).toEqual({ quantity: 1000 });
  });

  it("holds the new quantity to the item grid's rules, with the message said at the field", () => {
    expect(readCartQuantity('', { size: 'Small' }, polo)).toEqual({ problem: 'Type a quantity, or remove the line' });
    expect(readCartQuantity('2.5', { size: 'Small' }, polo)).toEqual({ problem: '2.5 is not a whole number: a quantity is a whole number' });
    expect(readCartQuantity('0', { size: 'Small' }, polo)).toEqual({ problem: 'Must order at least 1 units' });
    expect(readCartQuantity('11', { size: 'OSFA' }, mug)).toEqual({ problem: 'Must order at least 12 units' });
    expect(readCartQuantity('999999999', { size: 'Small' }, polo)).toEqual({ problem: 'At most 1,000,000 pieces a line' });
    expect(readCartQuantity('2001', { size: '500' }, plate)).toEqual({ problem: 'At most 1,000,000 pieces a line' });
  });
});
