import { formatMoney, type Money } from './money.ts';
import type { Product } from './product.ts';
import { isTierLabel } from './size-labels.ts';

export interface StartingPrice {
  price: Money;
  /** The quantity the price starts at, when it is a volume price (a discount or a larger print run). */
  from?: number;
}

/**
 * The 'Starts at $X each' price: the lowest price a buyer can reach, a size's or a volume
 * price (the base size at its best price break; a tier product's largest run), with the
 * quantity it takes when that is more than one piece, so '$36.50' is never read as the price
 * of a single polo. It is named only when some size has a price (0 means not set), and never
 * for customs products, whose price depends on the print run.
 */
export function startingPrice(product: Pick<Product, 'type' | 'sizes' | 'discounts'>): StartingPrice | undefined {
  if (product.type === 'customs') return undefined;
  const priced = product.sizes.filter((size) => size.price > 0);
  if (priced.length === 0) return undefined;
  const candidates: StartingPrice[] = [
    ...priced.map((size) => (isTierLabel(size.label) ? { price: size.price, from: Number(size.label) } : { price: size.price })),
    ...product.discounts.filter((discount) => discount.price > 0).map((discount) => ({ price: discount.price, from: discount.quantity })),
  ];
  let best = candidates[0]!;
  for (const candidate of candidates) {
    if (candidate.price < best.price || (candidate.price === best.price && (candidate.from ?? 0) < (best.from ?? 0))) best = candidate;
  }
  return best.from !== undefined && best.from > 1 ? best : { price: best.price };
}

/** 'Starts at $36.50 each for 500 or more', or 'Starts at $9.99 each'. */
export function startingPriceText(starting: StartingPrice): string {
  const price = `Starts at ${formatMoney(starting.price)} each`;
  return starting.from === undefined ? price : `${price} for ${starting.from.toLocaleString('en-US')} or more`;
}
