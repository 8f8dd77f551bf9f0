import { describe, expect, it } from 'vitest';
import { itemHref } from '../../site/routes.ts';
import { itemStore } from './item-store.ts';

const stores = [
  { code: 'GCHEV1', name: 'Guardian Chevrolet' },
  { code: 'GFORD1', name: 'Guardian Ford' },
];

function searchOf(address: string): string {
  return new URL(address, 'http://localhost').search;
}

describe('the store an item page adds lines for', () => {
  it('is the store whose catalog linked to the page, when the product is made for it', () => {
    const address = itemHref('/guardian/', 'PLT-AL', 'GCHEV1');
    expect(address).toBe('/guardian/item/PLT-AL/?store=GCHEV1');
    expect(itemStore(searchOf(address), stores)).toEqual({ code: 'GCHEV1', name: 'Guardian Chevrolet' });
  });

  it('is none from a plain link, an empty or unknown store, or a store the product is not made for', () => {
    expect(itemHref('/guardian/', 'PLT-AL')).toBe('/guardian/item/PLT-AL/');
    expect(itemStore(searchOf(itemHref('/guardian/', 'PLT-AL')), stores)).toBeUndefined();
    expect(itemStore('?store=', stores)).toBeUndefined();
    expect(itemStore('?store=HHONWS', stores)).toBeUndefined();
    expect(itemStore('?store=GFORD1', stores.slice(0, 1))).toBeUndefined();
  });
});
