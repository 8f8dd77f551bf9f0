import { describe, expect, it } from 'vitest';
import { isCartNews } from './cart-sync.ts';

const line = { type: 'bags', name: 'Tote', price: 6.5, quantity: 24, size: 'OSFA', color: 'Black', code: 'BG408', placement: '', embroidery: '' };
const oneLine = JSON.stringify({ k: line });

describe('what a tab tells the other tabs about its cart', () => {
  it('tells a changed cart, an emptied one included', () => {
    expect(isCartNews(oneLine, null)).toBe(true);
    expect(isCartNews(oneLine, '{}')).toBe(true);
    expect(isCartNews('{}', oneLine)).toBe(true);
  });

  it('keeps quiet about what it sent or took last, and about an empty cart after none (a new tab loading)', () => {
    expect(isCartNews(oneLine, oneLine)).toBe(false);
    expect(isCartNews('{}', null)).toBe(false);
    expect(isCartNews(null, oneLine)).toBe(false);
  });
});
