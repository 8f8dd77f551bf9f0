import { describe, expect, it } from 'vitest';
import { moneyFromDollars } from '../../domain/money.ts';
import type { Product } from '../../domain/product.ts';
import { sizeFamily } from '../../domain/size-labels.ts';
import { MUST_SELECT_AN_EMBROIDERY, type LogoOffer } from '../../domain/logo-rules.ts';
import { anOrderLine } from '../../../tests/helpers/order-builders.ts';
import { cartEntries, cellProblems, MUST_MAKE_A_SELECTION, tierCell, type ItemSelection } from './cart-entries.ts';

const SHIELD: LogoOffer = { embroideries: ['Guardian Shield'], placements: ['Left Chest', 'Left Sleeve'] };
const NO_LOGOS: LogoOffer = { embroideries: [], placements: [] };

function product(overrides: Partial<Product> & { prices: Record<string, number> }): Product {
  const { prices, ...rest } = overrides;
  return {
    code: 'K500',
    name: 'Sport Polo',
    fullname: 'Silk Touch Sport Polo',
    description: '',
    type: 'mens',
    colors: ['Navy', 'Black'],
    halfColors: [],
    defaultColor: 'Navy',
    sizes: Object.entries(prices).map(([label, price]) => ({ label, family: sizeFamily(label) ?? 'unit', price: moneyFromDollars(price) })),
    restricted: false,
    supportedStores: [],
    discounts: [],
    ...rest,
  };
}

const polo = product({ prices: { Small: 38.77, '2XL': 40.77 } });
const plate = product({
  code: 'PLT-AL',
  name: 'Aluminum Plate',
  type: 'customs',
  colors: ['White'],
  halfColors: ['Black Red'],
  defaultColor: 'White',
  prices: { '500': 1.29, '1000': 0.99 },
});
const mug = product({ code: 'MUG', name: 'Mug', type: 'accessory', colors: ['White'], defaultColor: 'White', prices: { OSFA: 6.5 } });

const select = (quantities: Record<string, string>, extra: Partial<ItemSelection> = {}): ItemSelection => ({
  color: 'Navy',
  embroidery: 'Guardian Shield',
  placement: 'Left Chest',
  secondEmbroidery: '',
  secondPlacement: 'Left Chest',
  quantities,
  ...extra,
});

describe('adding an item to the cart', () => {
  it('makes one line per filled size, in the chosen colour, with the logo and placement', () => {
    const result = cartEntries(polo, SHIELD, select({ Small: '2', '2XL': '12' }));
    expect(result).toEqual({
      lines: [anOrderLine({ price: 38.77, quantity: 2, size: 'Small' }), anOrderLine({ price: 40.77, quantity: 12, size: '2XL' })],
    });
  });

  it('marks each line with the store whose catalog the item was opened from, and no line without one', () => {
    const forStore = cartEntries(
      plate,
      NO_LOGOS,
      select({ [tierCell('500', 'White')]: '1', [tierCell('1000', 'Black Red')]: '1' }, { embroidery: '' }),
      'GCHEV1',
    );
    expect('lines' in forStore && forStore.lines.map((l) => [l.size, l.color, l.store])).toEqual([
      ['500', 'White', 'GCHEV1'],
      ['1000', 'Black Red', 'GCHEV1'],
    ]);
    const plain = cartEntries(plate, NO_LOGOS, select({ [tierCell('500', 'White')]: '1' }, { embroidery: '' }));
    expect('lines' in plain && plain.lines.every((l) => !('store' in l))).toBe(true);
  });

  it('counts tier cells as runs: 2 runs of 500 in Black Red are 1000 pieces', () => {
    const result = cartEntries(plate, NO_LOGOS, select({ [tierCell('500', 'Black Red')]: '2', [tierCell('1000', 'White')]: '1' }, { embroidery: '' }));
    expect('lines' in result && result.lines.map((l) => [l.size, l.color, l.quantity, l.placement])).toEqual([
      ['500', 'Black Red', 1000, ''],
      ['1000', 'White', 1000, ''],
    ]);
  });

  it('asks for a selection when no cell is filled', () => {
    expect(cartEntries(plate, NO_LOGOS, select({}))).toEqual({ problem: MUST_MAKE_A_SELECTION });
    expect(cartEntries(polo, SHIELD, select({ Small: '0' }))).toEqual({ problem: MUST_MAKE_A_SELECTION });
  });

  it('asks for an embroidery on apparel and accessories when logos are offered, not otherwise', () => {
    expect(cartEntries(polo, SHIELD, select({ Small: '1' }, { embroidery: '' }))).toEqual({ problem: MUST_SELECT_AN_EMBROIDERY });
    expect('lines' in cartEntries(polo, NO_LOGOS, select({ Small: '1' }, { embroidery: '' }))).toBe(true);
  });

  it('holds accessories to 12 units per entry', () => {
    expect(cartEntries(mug, SHIELD, select({ OSFA: '11' }))).toEqual({ problem: 'Must order at least 12 units', cell: 'OSFA' });
    expect('lines' in cartEntries(mug, SHIELD, select({ OSFA: '12' }))).toBe(true);
  });

  it('enforces min_quantity and quantity_step', () => {
    const fob = product({ code: 'KF', type: 'customs', colors: ['Black'], defaultColor: 'Black', minQuantity: 250, prices: { '# each': 3.99 } });
    const flags = product({ code: 'FLAG', type: 'sales', colors: ['Red'], defaultColor: 'Red', quantityStep: 3, prices: { '# packs': 9 } });
    expect(cartEntries(fob, NO_LOGOS, select({ '# each': '249' }, { color: 'Black' }))).toEqual({ problem: 'Must order at least 250 units', cell: '# each' });
    expect(cartEntries(flags, NO_LOGOS, select({ '# packs': '4' }, { color: 'Red' }))).toEqual({ problem: 'Must order in multiples of 3', cell: '# packs' });
  });

  it('records the second logo, and placement only for apparel and hats', () => {
    const result = cartEntries(
      polo,
      { embroideries: ['Guardian Shield', 'Guardian Script'], placements: ['Left Chest', 'Yoke'] },
      select({ Small: '1' }, { secondEmbroidery: 'Guardian Script', secondPlacement: 'Yoke' }),
    );
    expect('lines' in result && result.lines[0]).toMatchObject({ secondEmbroidery: 'Guardian Script', secondPlacement: 'Yoke' });
    const mugResult = cartEntries(mug, SHIELD, select({ OSFA: '12' }));
    expect('lines' in mugResult && mugResult.lines[0]?.placement).toBe('');
  });

  it('refuses two logos at one placement, with the message the order API gives', () => {
    const offer = { embroideries: ['Guardian Shield', 'Guardian Script'], placements: ['Left Chest', 'Yoke'] };
    expect(cartEntries(polo, offer, select({ Small: '1' }, { secondEmbroidery: 'Guardian Script', secondPlacement: 'Left Chest' }))).toEqual({
      problem: 'Both logos are at Left Chest: pick a different placement for the second logo',
    });
  });

  it('reads a pasted "1,000" as 1000 and never turns "2.5" or "-5" into another number', () => {
    const added = cartEntries(polo, SHIELD, select({ Small: '1,000' }));
    expect('lines' in added && added.lines.map((l) => l.quantity)).toEqual([1000]);
    expect(cellProblems(polo, select({ Small: '2.5', '2XL': '-5' }))).toEqual({
      Small: '2.5 is not a whole number: a quantity is a whole number',
      '2XL': '-5 is below zero: a quantity is 0 or more',
    });
    expect(cartEntries(polo, SHIELD, select({ Small: '2.5' }))).toEqual({ problem: '2.5 is not a whole number: a quantity is a whole number', cell: 'Small' });
    expect(cellProblems(polo, select({ Small: '1,00' }))).toEqual({ Small: '1,00 is not a quantity: type digits only, like 1000 or 1,000' });
  });

  it('holds a cell to the per-line bound before anything is priced, however many digits are typed', () => {
    expect(cellProblems(polo, select({ Small: '99999999999' }))).toEqual({ Small: 'At most 1,000,000 pieces a line' });
    expect(cellProblems(polo, select({ Small: '99999999999999999999' }))).toEqual({ Small: 'At most 1,000,000 pieces a line' });
    // 2,001 runs of 500 are 1,000,500 pieces: over, though the count alone is small.
    expect(cellProblems(plate, select({ [tierCell('500', 'White')]: '2001' }, { color: 'White' }))).toEqual({
      [tierCell('500', 'White')]: 'At most 1,000,000 pieces a line',
    });
    expect(cellProblems(polo, select({ Small: '1000000' }))).toEqual({});
  });
});
