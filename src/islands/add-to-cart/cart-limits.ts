import { cartKey, type CartLine } from '../../domain/cart-line.ts';
import { money, moneyFromDollars, multiplyMoney, roundToCents, sumMoney, type Money } from '../../domain/money.ts';
import { MAX_LINE_QUANTITY, orderTotalProblem } from '../../domain/order-rules.ts';
import { priceCart } from '../../domain/pricing.ts';
import type { Product } from '../../domain/product.ts';
import { overLineMessage } from '../../domain/quantity-text.ts';

/**
 * The order API's limits on the cart the item form's lines would join (order-rules.ts): a line
 * already in the cart takes the new quantity on top, so the sum is held to MAX_LINE_QUANTITY;
 * and the cart's total to the tenant's `max_order_total`. Checked before adding, so the buyer
 * hears it at the form, not at checkout.
 */
export function cartLimitProblem(
  lines: readonly CartLine[],
  cart: Readonly<Record<string, CartLine>>,
  product: Product,
  order: { maxOrderTotal: Money; companyName: string },
): { problem: string; line?: CartLine } | undefined {
  for (const line of lines) {
    const inCart = cart[cartKey(line)]?.quantity ?? 0;
    if (inCart + line.quantity > MAX_LINE_QUANTITY)
      return { line, problem: `${overLineMessage()}: ${inCart.toLocaleString('en-US')} of these are in your cart already` };
  }
  const total = cartTotalWith(lines, Object.values(cart), product);
  const over = total === undefined ? undefined : orderTotalProblem(total, order.maxOrderTotal, order.companyName);
  return over === undefined ? undefined : { problem: over };
}

/**
 * The cart's total with `lines` added: this product's lines priced as the checkout prices them
 * (its tiers and volume prices count them together), every other line at the price it was
 * added at, which the item page cannot check. Undefined when a stored line cannot be priced:
 * the checkout then says what is wrong with it, and the order API checks the total anyway.
 */
function cartTotalWith(lines: readonly CartLine[], cart: readonly CartLine[], product: Product): Money | undefined {
  try {
    const mine = cart.filter((line) => line.code === product.code && product.sizes.some((size) => size.label === line.size));
    const others = cart.filter((line) => !mine.includes(line));
    const priced = priceCart([...mine, ...lines], (code) => (code === product.code ? product : undefined)).total;
    return money(priced + sumMoney(others.map((line) => roundToCents(multiplyMoney(moneyFromDollars(line.price), line.quantity)))));
  } catch {
    return undefined;
  }
}
