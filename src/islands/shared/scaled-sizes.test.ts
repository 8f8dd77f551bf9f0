import { describe, expect, it } from 'vitest';
import { scaledSizes } from './scaled-sizes.ts';

describe('scaledSizes', () => {
  it('asks for a logo as wide as its part of the picture, at every width the picture is shown', () => {
    expect(scaledSizes('(min-width: 60em) 32rem, 90vw', 0.1)).toBe('(min-width: 60em) 3.2rem, 9vw');
    expect(scaledSizes('100vw', 0.25)).toBe('25vw');
  });
  it('scales a length it cannot read with calc()', () => {
    expect(scaledSizes('(min-width: 60em) min(32rem, 50vw)', 0.5)).toBe('(min-width: 60em) calc(min(32rem, 50vw) * 0.500)');
  });
});
