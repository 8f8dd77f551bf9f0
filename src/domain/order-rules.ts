import type { Category } from './categories.ts';
import { logoProblem, type LogoChoice, type LogoOffer } from './logo-rules.ts';
import { productColors, type Product } from './product.ts';
import type { PricingLine, ProductLookup } from './pricing.ts';
import { isTierLabel } from './size-labels.ts';
import { formatMoney, type Money } from './money.ts';

/**
 * What makes a cart orderable (spec sections 5 and 9, plus the catalog's `min_quantity` and
 * `quantity_step`). The item page checks each entry with `entryProblem` before adding it, the
 * checkout button with `apparelMinimumProblem`, and the order API checks all of it again with
 * `cartProblems`, because a browser can be bypassed.
 */

/** Accessory type: at least this many units per line. */
export const ACCESSORY_MINIMUM = 12;
/** `minimum_apparel_order`: mens plus womens quantity must be 0 or at least this. */
export const APPAREL_MINIMUM = 12;
/** A sanity bound that keeps every amount an exact integer; far above any real order. */
export const MAX_LINE_QUANTITY = 1_000_000;

export function atLeastMessage(units: number): string {
  return `Must order at least ${units} units`;
}

export function multiplesMessage(step: number): string {
  return `Must order in multiples of ${step}`;
}

/**
 * A tenant's ceiling on one order's total (`max_order_total`): the checkout shows it before
 * the buyer pays, and the order API refuses such an order with the same words.
 */
export function orderTotalProblem(total: Money, ceiling: Money, companyName: string): string | undefined {
  if (total <= ceiling) return undefined;
  return `The order total ${formatMoney(total)} is over ${companyName}'s limit of ${formatMoney(ceiling)} for one order; split it into smaller orders or call us`;
}

export const APPAREL_MINIMUM_MESSAGE = `Must order at least ${APPAREL_MINIMUM} mens and womens items in total, or none`;

/**
 * The quantity rules of one entry (one cart line) of a product, first failing rule's message:
 * the accessory minimum, `min_quantity`, `quantity_step`, and for a tier size a whole number
 * of runs. `quantity` is in pieces (tier × runs for tier sizes).
 */
export function entryProblem(product: Product, size: string, quantity: number): string | undefined {
  const minimum = Math.max(product.type === 'accessory' ? ACCESSORY_MINIMUM : 1, product.minQuantity ?? 1);
  if (quantity < minimum) return atLeastMessage(minimum);
  if (product.quantityStep !== undefined && quantity % product.quantityStep !== 0) return multiplesMessage(product.quantityStep);
  if (isTierLabel(size) && quantity % Number(size) !== 0) return multiplesMessage(Number(size));
  return undefined;
}

/** With `minimum_apparel_order` on: mens plus womens quantity must be 0 or at least 12. */
export function apparelMinimumProblem(lines: readonly PricingLine[], findProduct: ProductLookup): string | undefined {
  const apparel = lines.reduce((sum, line) => {
    const type = findProduct(line.code)?.type;
    return type === 'mens' || type === 'womens' ? sum + line.quantity : sum;
  }, 0);
  return apparel === 0 || apparel >= APPAREL_MINIMUM ? undefined : APPAREL_MINIMUM_MESSAGE;
}

export interface CartProblem {
  /** The line's index in the list given; absent for a rule about the whole cart. */
  index?: number;
  message: string;
}

export interface CartRules {
  findProduct: ProductLookup;
  /** The tenant's `minimum_apparel_order` flag. */
  minimumApparelOrder: boolean;
  /** The tenant's logos and placements for a type (`logoOfferFor`). */
  logoOffer(type: Category): LogoOffer;
}

/**
 * Every reason the cart cannot be ordered, in line order; when every line is fine, the
 * cart-wide rule (`minimum_apparel_order`). An empty
 * list means every line names a product of the catalog, one of its sizes and colours, logos
 * the tenant offers for its type, a whole quantity that keeps the rules, and `priceCart` can
 * price it.
 */
export function cartProblems(lines: readonly (PricingLine & LogoChoice)[], rules: CartRules): CartProblem[] {
  const problems: CartProblem[] = [];
  if (lines.length === 0) return [{ message: 'The cart is empty' }];
  lines.forEach((line, index) => {
    const message = lineProblem(line, rules.findProduct(line.code), rules);
    if (message) problems.push({ index, message });
  });
  if (problems.length === 0 && rules.minimumApparelOrder) {
    const message = apparelMinimumProblem(lines, rules.findProduct);
    if (message) problems.push({ message });
  }
  return problems;
}

function lineProblem(line: PricingLine & LogoChoice, product: Product | undefined, rules: CartRules): string | undefined {
  if (!product) return `product "${line.code}" is not in this catalog`;
  if (!product.sizes.some((s) => s.label === line.size)) {
    return `size "${line.size}" is not a size of ${product.code} (${product.sizes.map((s) => s.label).join(', ')})`;
  }
  if (!product.colors.includes(line.color) && !product.halfColors.includes(line.color)) {
    return `colour "${line.color}" is not a colour of ${product.code} (${productColors(product).join(', ')})`;
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    return `quantity must be a positive whole number, got ${JSON.stringify(line.quantity)}`;
  }
  if (line.quantity > MAX_LINE_QUANTITY) return `quantity must be at most ${MAX_LINE_QUANTITY}, got ${line.quantity}`;
  return logoProblem(product.type, rules.logoOffer(product.type), line) ?? entryProblem(product, line.size, line.quantity);
}
