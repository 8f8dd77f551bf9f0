import type { Money } from './money.ts';
import type { Product } from './product.ts';

/**
 * The 'Starts at $X each' price: the lowest price a buyer can reach, a size's or a volume
 * price (the base size at its best price break; a tier product's largest run already is). It
 * is named only when some size has a price (0 means not set), and never for customs products,
 * whose price depends on the print run.
 */
export function startingPrice(product: Pick<Product, 'type' | 'sizes' | 'discounts'>): Money | undefined {
  if (product.type === 'customs') return undefined;
  const prices = product.sizes.map((size) => size.price).filter((price) => price > 0);
  if (prices.length === 0) return undefined;
  const volumePrices = product.discounts.map((discount) => discount.price).filter((price) => price > 0);
  return Math.min(...prices, ...volumePrices) as Money;
}
