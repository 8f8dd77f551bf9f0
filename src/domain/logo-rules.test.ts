import { describe, expect, it } from 'vitest';
import {
  categoriesWithLogos,
  logoOfferFor,
  logoProblem,
  MUST_SELECT_AN_EMBROIDERY,
  offersSecondLogo,
  requiresEmbroidery,
  secondPlacementDefault,
  type LogoLists,
} from './logo-rules.ts';

const guardian: LogoLists = {
  embroideries: { mens: ['Guardian Shield', 'Guardian Script'], hat: ['Guardian Shield'], customs: ['Guardian Shield'] },
  logoPlacements: { mens: ['Left Chest', 'Yoke'], hat: ['Front Center'] },
};
const mens = logoOfferFor(guardian, 'mens');
const hat = logoOfferFor(guardian, 'hat');

describe('logoOfferFor', () => {
  it("offers the tenant's logos and placements of the type, and no logo on customs whatever the file says", () => {
    expect(mens).toEqual({ embroideries: ['Guardian Shield', 'Guardian Script'], placements: ['Left Chest', 'Yoke'] });
    expect(logoOfferFor(guardian, 'customs').embroideries).toEqual([]);
    expect(logoOfferFor(guardian, 'womens')).toEqual({ embroideries: [], placements: [] });
  });
});

describe('logoProblem', () => {
  it('accepts the offered logos at the offered placements, a second logo included', () => {
    expect(
      logoProblem('mens', mens, { embroidery: 'Guardian Shield', placement: 'Left Chest', secondEmbroidery: 'Guardian Script', secondPlacement: 'Yoke' }),
    ).toBeUndefined();
    expect(logoProblem('hat', hat, { embroidery: '' })).toBeUndefined();
    expect(logoProblem('womens', logoOfferFor(guardian, 'womens'), { embroidery: null, placement: null })).toBeUndefined();
  });

  it('asks for a logo on mens, womens and accessory lines only when the tenant offers some', () => {
    expect(logoProblem('mens', mens, { embroidery: '' })).toBe(MUST_SELECT_AN_EMBROIDERY);
    expect(requiresEmbroidery('hat', hat)).toBe(false);
    expect(requiresEmbroidery('accessory', { embroideries: ['X'], placements: [] })).toBe(true);
    expect(requiresEmbroidery('accessory', { embroideries: [], placements: [] })).toBe(false);
  });

  it('names a logo or placement the tenant does not offer for the type', () => {
    expect(logoProblem('mens', mens, { embroidery: 'Hennessy Crest' })).toBe(
      'logo "Hennessy Crest" is not one of this store\'s mens logos (Guardian Shield, Guardian Script)',
    );
    expect(logoProblem('mens', mens, { embroidery: 'Guardian Shield', secondEmbroidery: 'Other' })).toBe(
      'logo "Other" is not one of this store\'s mens logos (Guardian Shield, Guardian Script)',
    );
    expect(logoProblem('customs', logoOfferFor(guardian, 'customs'), { embroidery: 'Guardian Shield' })).toBe(
      'customs products take no logo here, got "Guardian Shield"',
    );
    expect(logoProblem('mens', mens, { embroidery: 'Guardian Shield', placement: 'Full Back' })).toBe(
      'placement "Full Back" is not one of this store\'s mens placements (Left Chest, Yoke)',
    );
    expect(
      logoProblem('mens', mens, { embroidery: 'Guardian Shield', placement: 'Left Chest', secondEmbroidery: 'Guardian Script', secondPlacement: 'Full Back' }),
    ).toBe('placement "Full Back" is not one of this store\'s mens placements (Left Chest, Yoke)');
  });

  it('refuses two logos at one placement, where placement is recorded', () => {
    const both = { embroidery: 'Guardian Shield', placement: 'Left Chest', secondEmbroidery: 'Guardian Script', secondPlacement: 'Left Chest' };
    expect(logoProblem('mens', mens, both)).toBe('Both logos are at Left Chest: pick a different placement for the second logo');
    expect(logoProblem('mens', mens, { ...both, secondPlacement: 'Yoke' })).toBeUndefined();
    // No second logo, or a type that records no placement: nothing to compare.
    expect(logoProblem('mens', mens, { ...both, secondEmbroidery: '' })).toBeUndefined();
    expect(logoProblem('office', { embroideries: ['Guardian Shield', 'Guardian Script'], placements: [] }, both)).toBeUndefined();
  });

  it('ignores placements where none is recorded: on types without placement, or without a logo', () => {
    const mugs = { embroideries: ['Guardian Shield'], placements: [] };
    expect(logoProblem('office', mugs, { embroidery: 'Guardian Shield', placement: 'Anywhere' })).toBeUndefined();
    expect(logoProblem('hat', hat, { embroidery: '', placement: 'Anywhere' })).toBeUndefined();
  });
});

describe('the second logo', () => {
  it('goes by default to the first placement offered that the first logo does not take', () => {
    expect(secondPlacementDefault(['Left Chest', 'Yoke', 'Full Back'], 'Left Chest')).toBe('Yoke');
    expect(secondPlacementDefault(['Left Chest', 'Yoke', 'Full Back'], 'Yoke')).toBe('Left Chest');
    expect(secondPlacementDefault(['Front Center'], 'Front Center')).toBe('');
  });

  it('is offered only where it can go somewhere else than the first', () => {
    expect(offersSecondLogo('mens', mens)).toBe(true);
    expect(offersSecondLogo('hat', hat)).toBe(false); // one placement: Front Center
    expect(offersSecondLogo('office', { embroideries: ['Guardian Shield'], placements: [] })).toBe(true);
    expect(offersSecondLogo('womens', logoOfferFor(guardian, 'womens'))).toBe(false);
  });
});

describe('categoriesWithLogos', () => {
  it('names the categories on the storefront whose products can carry a logo, never customs', () => {
    expect(categoriesWithLogos(guardian, ['mens', 'womens', 'hat', 'accessory', 'customs'])).toEqual(['mens', 'hat']);
    // A category with logos but no products is not promised.
    expect(categoriesWithLogos(guardian, ['hat', 'office'])).toEqual(['hat']);
    expect(categoriesWithLogos(guardian, ['office'])).toEqual([]);
  });
});
