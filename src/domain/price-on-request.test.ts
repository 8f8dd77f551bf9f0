import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import { priceText, totalText } from './price-on-request.ts';

describe('prices on request', () => {
  it('never reads a price of 0 as $0.00', () => {
    expect(priceText(money(0))).toBe('Price on request');
    expect(priceText(money(387_700))).toBe('$38.77');
  });

  it('says when a total leaves lines out, and has no dollar figure when no line is priced', () => {
    expect(totalText(money(1_200_000), 0)).toBe('$120.00');
    expect(totalText(money(1_200_000), 1)).toBe('$120.00 + 1 line priced on request');
    expect(totalText(money(1_200_000), 3)).toBe('$120.00 + 3 lines priced on request');
    expect(totalText(money(0), 2)).toBe('Price on request');
  });
});
