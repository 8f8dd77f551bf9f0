import { describe, expect, it } from 'vitest';
import { placeholderColor } from './placeholder-color.ts';

describe('placeholderColor', () => {
  it('averages opaque pixels', () => {
    expect(placeholderColor(Uint8Array.from([255, 0, 0, 0, 0, 255]), 3)).toBe('#800080');
    expect(placeholderColor(Uint8Array.from([0x1f, 0x2a, 0x44]), 3)).toBe('#1f2a44');
  });

  it('counts transparent pixels as the white page behind them', () => {
    // Opaque black (0), fully transparent whatever its colour (255), black at alpha 128 (127): 382 / 3.
    expect(placeholderColor(Uint8Array.from([0, 0, 0, 255, 12, 34, 56, 0, 0, 0, 0, 128]), 4)).toBe('#7f7f7f');
  });

  it('refuses pixel data that does not fit the channel count', () => {
    expect(() => placeholderColor(Uint8Array.from([1, 2, 3, 4]), 3)).toThrow(RangeError);
    expect(() => placeholderColor(new Uint8Array(0), 4)).toThrow(RangeError);
  });
});
