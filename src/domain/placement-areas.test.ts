import { describe, expect, it } from 'vitest';
import { logoBoxInArea, mockupSide, placementAreaFor, placementAreasFor } from './placement-areas.ts';

const polo = { type: 'mens' };

describe('placementAreaFor', () => {
  it('gives an ordinary polo its type default', () => {
    expect(placementAreaFor(polo, 'Navy', 'Left Chest')).toMatchObject({ side: 'front' });
  });
  it('lets a colour framed differently win over the product, and the product over the type', () => {
    const own = { x: 0.5, y: 0.2, width: 0.1, height: 0.1, side: 'front' as const };
    const navy = { ...own, x: 0.6 };
    const product = { ...polo, placementAreas: { 'Left Chest': own }, colorPlacementAreas: { Navy: { 'Left Chest': navy } } };
    expect(placementAreaFor(product, 'Navy', 'Left Chest')).toBe(navy);
    expect(placementAreaFor(product, 'Black', 'Left Chest')).toBe(own);
  });
  it('knows no area for a type without defaults', () => {
    expect(placementAreaFor({ type: 'office' }, 'White', 'Left Chest')).toBeUndefined();
  });
});

describe('mockupSide', () => {
  it('draws a back placement only on a colour that has a back picture', () => {
    expect(mockupSide({ ...polo, backPictureColors: ['Navy'] }, 'Navy', 'Full Back')).toBe('back');
    expect(mockupSide({ ...polo, backPictureColors: ['Navy'] }, 'Black', 'Full Back')).toBeUndefined();
    expect(mockupSide(polo, 'Black', 'Left Chest')).toBe('front');
  });
});

describe('logoBoxInArea', () => {
  const area = { x: 0.5, y: 0.2, width: 0.2, height: 0.1, side: 'front' as const };
  it('keeps a wide logo as wide as the area and centres it vertically', () => {
    const box = logoBoxInArea(area, 4, 1);
    expect(box.width).toBeCloseTo(0.2);
    expect(box.height).toBeCloseTo(0.05);
    expect(box.y).toBeCloseTo(0.225);
  });
  it('keeps a square logo as tall as the area and centres it across', () => {
    const box = logoBoxInArea(area, 1, 1);
    expect(box).toMatchObject({ height: 0.1 });
    expect(box.width).toBeCloseTo(0.1);
    expect(box.x).toBeCloseTo(0.55);
  });
  it('measures against the picture, not a square, when the picture is not square', () => {
    // A 0.2 × 0.1 area of a 2:1 picture is 4:1 on screen: a 4:1 logo fills it.
    expect(logoBoxInArea(area, 4, 2)).toMatchObject({ width: 0.2, height: 0.1 });
  });
});

describe('placementAreasFor', () => {
  it("lists the type defaults under the product's own areas, under the colour's", () => {
    const own = { x: 0.5, y: 0.2, width: 0.1, height: 0.1, side: 'front' as const };
    const navy = { ...own, x: 0.6 };
    const product = {
      ...polo,
      placementAreas: { 'Left Chest': own, 'Full Back': { ...own, side: 'back' as const } },
      colorPlacementAreas: { Navy: { 'Left Chest': navy } },
    };
    const areas = placementAreasFor(product, 'Navy');
    expect(areas['Left Chest']).toBe(navy);
    expect(areas['Full Back']?.side).toBe('back');
    expect(Object.keys(areas)).toEqual(expect.arrayContaining(['Left Sleeve', 'Right Sleeve', 'Full Front', 'Yoke']));
    expect(placementAreasFor({ type: 'office' }, 'White')).toEqual({});
  });
});
