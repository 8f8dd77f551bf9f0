import { describe, expect, it } from 'vitest';
import { testProduct } from '../../../tests/helpers/test-product.ts';
import { cartQuantityLabel, cartQuantityText, readCartQuantity } from './cart-quantity.ts';

const polo = testProduct('K500', 'mens', { Small: 38.77 });
const mug = testProduct('MUG', 'accessory', { OSFA: 6.5 });
const plate = testProduct('PLT', 'customs', { '500': 1.29 });

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
