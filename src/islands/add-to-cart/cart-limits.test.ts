import { describe, expect, it } from 'vitest';
import { cartKey, type CartLine } from '../../domain/cart-line.ts';
import { moneyFromDollars } from '../../domain/money.ts';
import { testProduct } from '../../../tests/helpers/test-product.ts';
import { cartLimitProblem } from './cart-limits.ts';

const polo = testProduct('K500', 'mens', { Small: 40 }, { colors: ['Navy'], defaultColor: 'Navy' });
const order = { maxOrderTotal: moneyFromDollars(50_000), companyName: 'Guardian Automotive Group' };

function line(code: string, quantity: number, price = 40): CartLine {
  return { type: 'mens', name: code, price, quantity, size: 'Small', color: 'Navy', code, placement: '', embroidery: '' };
}
const cartOf = (...lines: CartLine[]) => Object.fromEntries(lines.map((l) => [cartKey(l), l]));

describe('the cart limits the item form holds an addition to', () => {
  it('refuses a line that would pass the per-line bound with what the cart holds of it, naming both', () => {
    expect(cartLimitProblem([line('K500', 1)], cartOf(line('K500', 1_000_000)), polo, { ...order, maxOrderTotal: moneyFromDollars(1e9) })).toEqual({
      line: line('K500', 1),
      problem: 'At most 1,000,000 pieces a line: 1,000,000 of these are in your cart already',
    });
  });

  it("refuses an addition that takes the cart over the tenant's ceiling, counting the other lines at their price", () => {
    // 1,000 × $40 here and 300 × $40 elsewhere: $52,000, over $50,000.
    const over = cartLimitProblem([line('K500', 1000)], cartOf(line('OTHER', 300)), polo, order);
    expect(over?.problem).toBe(
      "The order total $52,000.00 is over Guardian Automotive Group's limit of $50,000.00 for one order; split it into smaller orders or call us",
    );
    expect(cartLimitProblem([line('K500', 1000)], cartOf(line('OTHER', 200)), polo, order)).toBeUndefined();
  });
});
