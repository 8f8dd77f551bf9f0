import { describe, expect, it } from 'vitest';
import { DEFAULT_PLACEMENT_AREAS } from './placement-areas.ts';
import { lineMockup, mockupDescription } from './line-mockup.ts';

const polo = { type: 'mens', backPictureColors: ['Navy'] };
const pictures = { front: 'polo-front.jpg', back: 'polo-back.jpg' };
const pictureOf = (side: 'front' | 'back') => pictures[side];
const logos = { Shield: 'shield.png', Script: 'script.png' };
const { side: _side, ...leftChest } = DEFAULT_PLACEMENT_AREAS.mens!['Left Chest']!;

describe('lineMockup', () => {
  it('draws the logo at its placement on the front picture', () => {
    expect(lineMockup({ color: 'Black', embroidery: 'Shield', placement: 'Left Chest' }, polo, pictureOf, logos)).toEqual({
      picture: 'polo-front.jpg',
      side: 'front',
      logos: [{ name: 'Shield', placement: 'Left Chest', src: 'shield.png', area: leftChest }],
    });
  });

  it('draws the second logo beside the first only when it is on the same side', () => {
    const both = lineMockup(
      { color: 'Black', embroidery: 'Shield', placement: 'Left Chest', secondEmbroidery: 'Script', secondPlacement: 'Right Sleeve' },
      polo,
      pictureOf,
      logos,
    );
    expect(both?.logos.map((logo) => logo.placement)).toEqual(['Left Chest', 'Right Sleeve']);
    const back = lineMockup(
      { color: 'Navy', embroidery: 'Shield', placement: 'Left Chest', secondEmbroidery: 'Script', secondPlacement: 'Full Back' },
      polo,
      pictureOf,
      logos,
    );
    expect(back?.logos.map((logo) => logo.placement)).toEqual(['Left Chest']);
    expect(back?.picture).toBe('polo-front.jpg');
  });

  it('shows the back picture for a back placement on a colour that has one, and nothing on a colour without', () => {
    const line = { embroidery: 'Shield', placement: 'Full Back' };
    expect(lineMockup({ ...line, color: 'Navy' }, polo, pictureOf, logos)).toMatchObject({ picture: 'polo-back.jpg', side: 'back' });
    expect(lineMockup({ ...line, color: 'Black' }, polo, pictureOf, logos)).toBeUndefined();
  });

  it('draws nothing without a logo, a known area, a picture or the logo image', () => {
    expect(lineMockup({ color: 'Black' }, polo, pictureOf, logos)).toBeUndefined();
    expect(lineMockup({ color: 'White', embroidery: 'Shield', placement: 'Left Chest' }, { type: 'office' }, pictureOf, logos)).toBeUndefined();
    expect(lineMockup({ color: 'Black', embroidery: 'Shield', placement: 'Left Chest' }, polo, () => undefined, logos)).toBeUndefined();
    expect(lineMockup({ color: 'Black', embroidery: 'Unknown', placement: 'Left Chest' }, polo, pictureOf, logos)).toBeUndefined();
    expect(lineMockup({ color: 'Black', embroidery: 'Shield', placement: 'Left Chest' }, undefined, pictureOf, logos)).toBeUndefined();
  });

  it('takes a product’s own area over its type’s', () => {
    const own = { x: 0.1, y: 0.1, width: 0.2, height: 0.2, side: 'front' as const };
    const mockup = lineMockup(
      { color: 'Black', embroidery: 'Shield', placement: 'Left Chest' },
      { ...polo, placementAreas: { 'Left Chest': own } },
      pictureOf,
      logos,
    );
    expect(mockup?.logos[0]?.area).toEqual({ x: 0.1, y: 0.1, width: 0.2, height: 0.2 });
  });
});

describe('mockupDescription', () => {
  it('names the product, each logo and its placement', () => {
    const mockup = lineMockup(
      { color: 'Black', embroidery: 'Shield', placement: 'Left Chest', secondEmbroidery: 'Script', secondPlacement: 'Right Sleeve' },
      polo,
      pictureOf,
      logos,
    )!;
    expect(mockupDescription('Sport Polo', mockup)).toBe('Sport Polo with Shield at Left Chest and Script at Right Sleeve');
  });
});
