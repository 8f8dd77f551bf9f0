import { describe, expect, it } from 'vitest';
import { swatchColor, UNKNOWN_SHADE } from './swatch-color.ts';

describe('swatchColor', () => {
  it('gives apparel colours that are no CSS colour a shade of their own: Graphite is dark, not blank like White', () => {
    expect(swatchColor('Graphite')).toBe('#4a4d52');
    expect(swatchColor('White')).toBe('white');
    expect(swatchColor('Heathered Charcoal')).toBe('#3b3d40');
    expect(swatchColor('Safety Green')).toBe('#c6e41c');
    expect(swatchColor('Royal Blue')).toBe('royalblue');
  });

  it('uses the CSS colour a name ends with, else a neutral grey', () => {
    expect(swatchColor('Deep Navy')).toBe('navy');
    expect(swatchColor('True Black')).toBe('black');
    expect(swatchColor('Sunset Mauve')).toBe(UNKNOWN_SHADE);
    expect(swatchColor('')).toBe(UNKNOWN_SHADE);
  });
});
