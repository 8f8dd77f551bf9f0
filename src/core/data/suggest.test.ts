import { describe, expect, it } from 'vitest';
import { closestMatches, didYouMean, editDistance } from './suggest.ts';

describe('suggestions for a mistyped name', () => {
  it('measures edit distance without regard to case, and stops early only past the bound it was given', () => {
    expect(editDistance('colour', 'colors')).toBe(2);
    expect(editDistance('K500_Navy.jpg', 'k500_navy.jpg')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    // Within the bound: the true distance. Past it: bound + 1, never a smaller number.
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('FM-100_white.jpg', 'K500-0042_navy.jpg', 4)).toBe(5);
  });

  it('names the closest known words, best first, and words the typed one begins', () => {
    expect(didYouMean('servise', ['mens', 'service', 'sales'])).toBe(' (did you mean "service"?)');
    expect(closestMatches('shirts', ['tshirts', 'tshirt', 'hat'])).toEqual(['tshirts', 'tshirt']);
    expect(closestMatches('Solo', ['Solo Motors Crest', 'Guardian Shield'])).toEqual(['Solo Motors Crest']);
    expect(closestMatches('zzzzzz', ['mens', 'womens'])).toEqual([]);
  });

  it('finds the one image among thousands that a stray file was probably meant to be', () => {
    const names = Array.from({ length: 3000 }, (_, index) => `K${String(index).padStart(4, '0')}_navy.jpg`);
    expect(closestMatches('K1234_nvy.jpg', names, 1)).toEqual(['K1234_navy.jpg']);
  });
});
