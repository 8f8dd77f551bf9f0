import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../domain/cart-line.ts';
import type { Product } from '../../domain/product.ts';
import { testProduct } from '../../../tests/helpers/test-product.ts';
import type { CheckoutLine } from './checkout-order.ts';
import { lockedStores } from './locked-stores.ts';

function entry(item: Product, store?: string): CheckoutLine {
  const line: CartLine = {
    type: item.type,
    name: item.name,
    price: 1,
    quantity: 500,
    size: '500',
    color: 'White',
    code: item.code,
    placement: '',
    embroidery: '',
    ...(store ? { store } : {}),
  };
  return { key: `${item.code}|${store ?? ''}`, line, product: item };
}

const STORES = [
  { code: 'SFRDDC', name: 'Stivers Ford of Decatur', hasPassword: true },
  { code: 'SSUBDC', name: 'Stivers Subaru', hasPassword: false },
  { code: 'SHYUND', name: 'Stivers Hyundai', hasPassword: true },
];
const plate = testProduct('PLT-ST', 'customs', { '500': 1 }, { supportedStores: ['SFRDDC', 'SSUBDC', 'SHYUND'] });
const open = testProduct('PLT-ALL', 'customs', { '500': 1 });
const polo = testProduct('K500', 'mens', { '500': 1 }, { supportedStores: ['SFRDDC'] });

describe('the password stores a checkout still has to ask for', () => {
  it("names each password store the cart's custom plates are for, once, until its password is given", () => {
    const checkout = { lines: [entry(plate, 'SFRDDC'), entry(plate, 'SFRDDC'), entry(plate, 'SSUBDC'), entry(open, 'SHYUND'), entry(polo, 'SFRDDC')] };
    expect(lockedStores(checkout, '', STORES, () => false).map((store) => store.code)).toEqual(['SFRDDC']);
    expect(lockedStores(checkout, '', STORES, (code) => code === 'SFRDDC')).toEqual([]);
  });

  it("takes the order's store for a line added without one, as the order API does", () => {
    const checkout = { lines: [entry(plate)] };
    expect(lockedStores(checkout, 'SHYUND', STORES, () => false).map((store) => store.code)).toEqual(['SHYUND']);
    expect(lockedStores(checkout, '', STORES, () => false)).toEqual([]);
  });
});
