import { describe, expect, it } from 'vitest';
import { resultHref, searchableFor, storeOfPage } from './search-index.ts';

describe('the store a page is for', () => {
  it("is the store of a store's customs catalog, or the store an address names", () => {
    expect(storeOfPage('/guardian/', '/guardian/catalog/GCHEV1/customs/', '')).toBe('GCHEV1');
    expect(storeOfPage('/guardian/', '/guardian/catalog/GCHEV1/customs/page/2/', '')).toBe('GCHEV1');
    expect(storeOfPage('/', '/catalog/A%20B/customs/', '')).toBe('A B');
    expect(storeOfPage('/guardian/', '/guardian/item/PLT-AL/', '?store=GFORD1')).toBe('GFORD1');
    expect(storeOfPage('/guardian/', '/guardian/search/', '?q=plate&store=GFORD1')).toBe('GFORD1');
  });

  it('is none elsewhere', () => {
    expect(storeOfPage('/guardian/', '/guardian/', '')).toBeUndefined();
    expect(storeOfPage('/guardian/', '/guardian/catalog/customs/', '')).toBeUndefined();
    expect(storeOfPage('/guardian/', '/guardian/catalog/mens/', '')).toBeUndefined();
    expect(storeOfPage('/guardian/', '/guardian/item/K500/', '?store=')).toBeUndefined();
    expect(storeOfPage('/guardian/', '/other/catalog/GCHEV1/customs/', '')).toBeUndefined();
  });
});

describe('a result', () => {
  const plate = { code: 'PLT-AL', general: false, stores: ['GCHEV1'] };
  const polo = { code: 'K500', general: true, stores: [] };
  const on = (storeCode: string | undefined, ...unlocked: string[]) => ({ storeCode, unlocked: new Set(unlocked) });

  it("of a store is shown and linked on that store's pages only, until the buyer unlocks it", () => {
    expect(searchableFor(plate, on(undefined))).toBe(false);
    expect(searchableFor(plate, on('GFORD1'))).toBe(false);
    expect(searchableFor(plate, on('GCHEV1'))).toBe(true);
    expect(resultHref('/guardian/', plate, on('GCHEV1'))).toBe('/guardian/item/PLT-AL/?store=GCHEV1');
  });

  it('of an unlocked password store is shown everywhere, linked for that store', () => {
    expect(searchableFor(plate, on(undefined, 'GCHEV1'))).toBe(true);
    expect(searchableFor(plate, on('GFORD1', 'GCHEV1'))).toBe(true);
    expect(resultHref('/guardian/', plate, on(undefined, 'GCHEV1'))).toBe('/guardian/item/PLT-AL/?store=GCHEV1');
  });

  it('of the general catalogs is shown everywhere, linked without a store', () => {
    expect(searchableFor(polo, on(undefined))).toBe(true);
    expect(searchableFor(polo, on('GCHEV1'))).toBe(true);
    expect(resultHref('/guardian/', polo, on('GCHEV1', 'GCHEV1'))).toBe('/guardian/item/K500/');
  });
});
