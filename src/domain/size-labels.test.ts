import { describe, expect, it } from 'vitest';
import { countedUnit, isTierLabel, sizeFamily } from './size-labels.ts';

describe('size labels', () => {
  it.each([
    ['XSmall', 'apparel'],
    ['10XL', 'apparel'],
    ['6XLarge', 'apparel'],
    ['LT', 'tall'],
    ['4XLT', 'tall'],
    ['OSFA', 'one-size'],
    ['L_XL', 'one-size'],
    ['500', 'tier'],
    ['10000', 'tier'],
    ['# boxes', 'unit'],
    ['1 box', 'unit'],
    ['5 boxes', 'unit'],
    ['10 boxes', 'unit'],
    ['# rolls', 'unit'],
  ])('%s is %s', (label, family) => {
    expect(sizeFamily(label)).toBe(family);
  });

  it.each(['XXL', 'xlarge', '11XL', '5XLT', '0', '0500', '5 box', '1 boxes', '# box', ''])('%j is not a known label', (label) => {
    expect(sizeFamily(label)).toBeUndefined();
  });

  it('treats only whole numbers as print-run tiers', () => {
    expect(isTierLabel('2500')).toBe(true);
    expect(isTierLabel('# boxes')).toBe(false);
  });
});

describe('countedUnit', () => {
  it('names the unit a typed quantity counts, for every form of unit label', () => {
    expect(countedUnit('# boxes')).toEqual({ singular: 'box', plural: 'boxes' });
    expect(countedUnit('1 box')).toEqual({ singular: 'box', plural: 'boxes' });
    expect(countedUnit('5 boxes')).toEqual({ singular: 'box', plural: 'boxes' });
    expect(countedUnit('# packs')).toEqual({ singular: 'pack', plural: 'packs' });
    expect(countedUnit('# each')).toEqual({ singular: 'piece', plural: 'pieces' });
    expect(countedUnit('Medium')).toBeUndefined();
    expect(countedUnit('500')).toBeUndefined();
  });
});
