import { describe, expect, it } from 'vitest';
import { centsText, money, moneyFromDollars, moneyToDollars, multiplyMoney, roundToCents, sumMoney } from './money.ts';

describe('money arithmetic', () => {
  it('multiplies a price by a quantity exactly', () => {
    expect(multiplyMoney(moneyFromDollars(0.0279), 500)).toBe(moneyFromDollars(13.95));
    expect(() => multiplyMoney(moneyFromDollars(1), 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney(moneyFromDollars(1), -1)).toThrow(RangeError);
  });

  it('rounds to cents half up', () => {
    expect(roundToCents(money(279))).toBe(300); // $0.0279 → $0.03
    expect(roundToCents(money(249))).toBe(200); // $0.0249 → $0.02
    expect(roundToCents(money(250))).toBe(300); // exactly half a cent goes up
    expect(roundToCents(money(387_700))).toBe(387_700);
  });

  it('sums without float drift', () => {
    expect(sumMoney([moneyFromDollars(0.1), moneyFromDollars(0.2)])).toBe(moneyFromDollars(0.3));
    expect(sumMoney([])).toBe(0);
  });

  it('turns money into JSON dollars and payment-API text', () => {
    expect(moneyToDollars(moneyFromDollars(38.77))).toBe(38.77);
    expect(moneyToDollars(moneyFromDollars(0.0279))).toBe(0.0279);
    expect(centsText(moneyFromDollars(1234.5))).toBe('1234.50');
    expect(centsText(moneyFromDollars(0.05))).toBe('0.05');
    expect(centsText(money(0))).toBe('0.00');
    expect(() => centsText(moneyFromDollars(0.0279))).toThrow(/whole number of cents/);
  });
});
