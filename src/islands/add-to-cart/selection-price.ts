import { sumMoney, type Money } from '../../domain/money.ts';
import { priceCart, type PricedLine, type PricingLine } from '../../domain/pricing.ts';
import type { Product } from '../../domain/product.ts';
import { filledCells, type ItemSelection } from './cart-entries.ts';

export interface SelectionPrice {
  /** The grid's filled cells as lines, in grid order, priced as the checkout will price them. */
  lines: PricedLine[];
  /** Pieces entered in the grid. */
  pieces: number;
  /** Sum of the entered lines' totals. */
  total: Money;
  /** Pieces of this product already in the cart: they count toward its tiers and price breaks. */
  inCart: number;
}

/**
 * What the quantities typed in the item page's grid will cost, priced by `priceCart` (the
 * function the checkout and the order API price with) together with the lines of this product
 * already in the cart, since tiers and volume prices count the whole cart: a buyer who types
 * 300 Small and 200 2XL of a tee with a break at 500 sees $8.49 and $10.49 each before adding.
 * Undefined when no cell is filled.
 */
export function selectionPrice(
  product: Product,
  selection: Pick<ItemSelection, 'color' | 'quantities'>,
  cartLines: readonly PricingLine[],
): SelectionPrice | undefined {
  const entered: PricingLine[] = filledCells(product, selection).map((cell) => ({
    code: product.code,
    size: cell.size.label,
    color: cell.color,
    quantity: cell.quantity,
  }));
  if (entered.length === 0) return undefined;
  // Only this product's lines change its prices; a stale line naming a size it no longer has is the checkout's to report.
  const mine = cartLines.filter((line) => line.code === product.code && product.sizes.some((size) => size.label === line.size));
  const priced = priceCart([...mine, ...entered], (code) => (code === product.code ? product : undefined));
  const lines = priced.lines.slice(mine.length);
  return {
    lines,
    pieces: entered.reduce((sum, line) => sum + line.quantity, 0),
    total: sumMoney(lines.map((line) => line.lineTotal)),
    inCart: mine.reduce((sum, line) => sum + line.quantity, 0),
  };
}
