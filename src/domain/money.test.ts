import { describe, expect, it } from 'vitest';
import { decimalsWritten, formatMoney, moneyFromDollars } from './money.ts';

describe('money', () => {
  it('holds catalog prices exactly as integer ten-thousandths', () => {
    expect(moneyFromDollars(38.77)).toBe(387_700);
    expect(moneyFromDollars(0.0279)).toBe(279);
    expect(moneyFromDollars(126.78)).toBe(1_267_800);
    expect(moneyFromDollars(0)).toBe(0);
  });

  it('adds exactly where floats would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(moneyFromDollars(0.1) + moneyFromDollars(0.2)).toBe(moneyFromDollars(0.3));
  });

  it('refuses negative prices and more than four decimals', () => {
    expect(() => moneyFromDollars(-1)).toThrow(RangeError);
    expect(() => moneyFromDollars(1.00001)).toThrow(/at most 4 decimals/);
  });

  it("shows two decimals, or all of a sub-cent price's decimals", () => {
    expect(formatMoney(moneyFromDollars(38.77))).toBe('$38.77');
    expect(formatMoney(moneyFromDollars(73.5))).toBe('$73.50');
    expect(formatMoney(moneyFromDollars(0.0279))).toBe('$0.0279');
    expect(formatMoney(moneyFromDollars(1234.5))).toBe('$1,234.50');
  });

  it('counts the decimals a price was written with', () => {
    expect(decimalsWritten('38.770')).toBe(3);
    expect(decimalsWritten('71.50125')).toBe(5);
    expect(decimalsWritten('12')).toBe(0);
  });
});
