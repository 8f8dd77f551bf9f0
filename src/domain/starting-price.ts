import type { Money } from './money.ts';
import type { Product } from './product.ts';

/**
 * The 'Starts at $X each' price: the lowest price that is set (0 means not set). None for
 * customs products, whose price depends on the print run, or when no price is set.
 */
export function startingPrice(product: Pick<Product, 'type' | 'sizes'>): Money | undefined {
  if (product.type === 'customs') return undefined;
  const prices = product.sizes.map((size) => size.price).filter((price) => price > 0);
  return prices.length > 0 ? (Math.min(...prices) as Money) : undefined;
}
