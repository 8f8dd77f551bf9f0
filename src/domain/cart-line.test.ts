import { describe, expect, it } from 'vitest';
import { cartKey, cartLinesOf, mergeCartLines, recordedPlacements, type CartLine } from './cart-line.ts';
import { anOrderLine } from '../../tests/helpers/order-builders.ts';
import { recordsPlacement } from './logo-rules.ts';

const polo: CartLine = anOrderLine({ quantity: 2 });

describe('cartKey', () => {
  it('is the same for lines that differ only in quantity, price or placement', () => {
    const other: CartLine = { ...polo, quantity: 9, price: 1, placement: 'Yoke' };
    expect(cartKey(polo)).toBe(cartKey(other));
  });

  it.each([
    ['code', { code: 'K540' }],
    ['size', { size: 'Large' }],
    ['colour', { color: 'Black' }],
    ['embroidery', { embroidery: 'Guardian Script' }],
    ['second embroidery', { secondEmbroidery: 'Guardian Script' }],
  ])('differs when the %s differs', (_, change) => {
    expect(cartKey({ ...polo, ...change })).not.toBe(cartKey(polo));
  });

  it('cannot be confused by separators inside names', () => {
    expect(cartKey({ ...polo, color: 'a|b', embroidery: 'c' })).not.toBe(cartKey({ ...polo, color: 'a', embroidery: 'b|c' }));
  });

  it('treats a missing second embroidery like an empty one', () => {
    expect(cartKey({ ...polo, secondEmbroidery: '' })).toBe(cartKey(polo));
  });
});

describe('cartLinesOf', () => {
  it('accepts a list or the keyed map the browser stores', () => {
    expect(cartLinesOf([polo])).toEqual([polo]);
    expect(cartLinesOf({ 'any key': polo })).toEqual([polo]);
  });
});

describe('mergeCartLines', () => {
  it('adds quantities of lines with the same key, keeping first-seen order', () => {
    const black = { ...polo, color: 'Black', quantity: 1 };
    const merged = mergeCartLines([polo, black, { ...polo, quantity: 3 }]);
    expect(merged.map((l) => [l.color, l.quantity])).toEqual([
      ['Navy', 5],
      ['Black', 1],
    ]);
  });

  it('does not change the lines it was given', () => {
    const input = [polo, { ...polo }];
    mergeCartLines(input);
    expect(input[0]!.quantity).toBe(2);
  });
});

describe('recordsPlacement', () => {
  it('records placement only for mens, womens, tshirts and hat', () => {
    expect(['mens', 'womens', 'tshirts', 'hat'].every(recordsPlacement)).toBe(true);
    expect(['accessory', 'customs', 'office', 'service'].some(recordsPlacement)).toBe(false);
  });
});

describe('recordedPlacements', () => {
  const both = { embroidery: 'Guardian Shield', placement: 'Left Chest', secondEmbroidery: 'Guardian Script', secondPlacement: 'Yoke' };

  it('keeps both placements of a placement type beside their logos', () => {
    expect(recordedPlacements('mens', both)).toEqual({ placement: 'Left Chest', secondPlacement: 'Yoke' });
  });

  it('records no placement for a type that does not record placement', () => {
    expect(recordedPlacements('accessory', both)).toEqual({ placement: '' });
  });

  it('drops a placement whose logo is empty or missing', () => {
    expect(recordedPlacements('hat', { embroidery: '', placement: 'Left Chest' })).toEqual({ placement: '' });
    expect(recordedPlacements('hat', { placement: 'Left Chest', secondEmbroidery: null, secondPlacement: 'Yoke' })).toEqual({ placement: '' });
    expect(recordedPlacements('mens', { ...both, embroidery: null })).toEqual({ placement: '', secondPlacement: 'Yoke' });
  });

  it('gives an empty placement when a logo is sent without one', () => {
    expect(recordedPlacements('tshirts', { embroidery: 'Guardian Shield', secondEmbroidery: 'Guardian Script', secondPlacement: null })).toEqual({
      placement: '',
      secondPlacement: '',
    });
  });
});
