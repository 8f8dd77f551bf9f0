import type { Money } from './money.ts';
import { baseSizePrice, discountPrice, sizeUpcharge } from './pricing.ts';
import type { Product } from './product.ts';
import { isTierLabel } from './size-labels.ts';

/** One row of the item page's price-break table: from `from` pieces (up to `to`, if any), `price` each. */
export interface PriceBreakRow {
  /** 0 for the row below the first break: the base size's own price. */
  from: number;
  /** The last quantity of the row; absent on the last row ('500+'). */
  to?: number;
  price: Money;
}

export interface PriceBreaks {
  /** Ascending. Starts with the base size's price below the first break when the product has a base size. */
  rows: PriceBreakRow[];
  /** The sizes that keep an upcharge over the base size at every break, in catalog order. */
  upcharges: { label: string; upcharge: Money }[];
}

/**
 * What the item page shows of a product's volume prices, read through the same rules that
 * price the cart (`discountPrice`, `sizeUpcharge`), so the table cannot promise a price the
 * checkout and the order API would not charge. Undefined for a product without volume prices.
 */
export function priceBreaks(product: Pick<Product, 'sizes' | 'discounts'>): PriceBreaks | undefined {
  const quantities = [...new Set(product.discounts.map((discount) => discount.quantity))].sort((a, b) => a - b);
  if (quantities.length === 0) return undefined;
  const rows: PriceBreakRow[] = [];
  const base = baseSizePrice(product);
  if (base !== undefined && quantities[0]! > 1) rows.push({ from: 0, to: quantities[0]! - 1, price: base });
  quantities.forEach((quantity, index) => {
    const next = quantities[index + 1];
    const price = discountPrice(product, quantity)!;
    rows.push(next === undefined ? { from: quantity, price } : { from: quantity, to: next - 1, price });
  });
  const upcharges = product.sizes.map((size) => ({ label: size.label, upcharge: sizeUpcharge(product, size) })).filter((size) => size.upcharge > 0);
  return { rows, upcharges };
}

/**
 * The one line the item page says about what its price breaks count, as `priceCart` counts
 * them: a print-run tier is reached by the pieces of one colour (custom plates: 1,000 white and
 * 500 black are not 1,500), a `discount` by every size and colour of the product together
 * (pens: 500 of each of three colours are 1,500). A product with both counts both ways.
 * Undefined for a product with neither.
 */
export function breakCounting(product: Pick<Product, 'sizes' | 'discounts'>): string | undefined {
  const tiered = product.sizes.some((size) => isTierLabel(size.label) && size.price > 0);
  const volume = product.discounts.length > 0;
  if (tiered && volume)
    return 'Print-run prices count each colour on its own; the volume prices count every run and colour of this item in your cart together.';
  if (tiered) return 'Print-run prices count each colour on its own: runs of one colour add up, other colours do not.';
  if (volume) return 'Volume prices count every size and colour of this item in your cart together.';
  return undefined;
}
