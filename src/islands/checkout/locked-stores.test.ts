import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../domain/cart-line.ts';
import { moneyFromDollars } from '../../domain/money.ts';
import type { Product } from '../../domain/product.ts';
import { sizeFamily } from '../../domain/size-labels.ts';
import type { CheckoutLine } from './checkout-order.ts';
import { lockedStores } from './locked-stores.ts';

function product(code: string, type: Product['type'], supportedStores: string[]): Product {
  return {
    code,
    name: code,
    fullname: code,
    description: '',
    type,
    colors: ['White'],
    halfColors: [],
    defaultColor: 'White',
    sizes: [{ label: '500', family: sizeFamily('500') ?? 'unit', price: moneyFromDollars(1) }],
    restricted: false,
    supportedStores,
    discounts: [],
  };
}

function entry(item: Product, store?: string): CheckoutLine {
  const line: CartLine = { type: item.type, name: item.name, price: 1, quantity: 500, size: '500', color: 'White', code: item.code, placement: '', embroidery: '', ...(store ? { store } : {}) };
  return { key: `${item.code}|${store ?? ''}`, line, product: item };
}

const STORES = [
  { code: 'SFRDDC', name: 'Stivers Ford of Decatur', hasPassword: true },
  { code: 'SSUBDC', name: 'Stivers Subaru', hasPassword: false },
  { code: 'SHYUND', name: 'Stivers Hyundai', hasPassword: true },
];
const plate = product('PLT-ST', 'customs', ['SFRDDC', 'SSUBDC', 'SHYUND']);
const open = product('PLT-ALL', 'customs', []);
const polo = product('K500', 'mens', ['SFRDDC']);

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
