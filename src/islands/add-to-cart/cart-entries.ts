import { recordedPlacements, type CartLine } from '../../domain/cart-line.ts';
import { MUST_SELECT_AN_EMBROIDERY, requiresEmbroidery, samePlacementProblem, type LogoOffer } from '../../domain/logo-rules.ts';
import { moneyToDollars } from '../../domain/money.ts';
import { entryProblem } from '../../domain/order-rules.ts';
import { productColors, type Product, type SizePrice } from '../../domain/product.ts';
import { isTierLabel } from '../../domain/size-labels.ts';

export const MUST_MAKE_A_SELECTION = 'Must make a selection';

/** What the item form holds when 'Add to Cart' is pressed. */
export interface ItemSelection {
  color: string;
  /** '' when no logo is picked. */
  embroidery: string;
  placement: string;
  secondEmbroidery: string;
  secondPlacement: string;
  /** Grid cell → digits typed: a size label, or `${tier}|${colour}` for tier grids. */
  quantities: Record<string, string>;
}

export function tierCell(tier: string, color: string): string {
  return `${tier}|${color}`;
}

/**
 * Turns a selection into cart lines, or the one message that says why nothing can be added.
 * For a tier product each filled cell is runs of that tier in that colour (pieces = tier × runs).
 * `storeCode`, the store whose catalog the page was opened from, goes on every line.
 */
export function cartEntries(product: Product, offer: LogoOffer, selection: ItemSelection, storeCode?: string): { lines: CartLine[] } | { problem: string } {
  const filled = filledCells(product, selection);

  if (filled.length === 0) return { problem: MUST_MAKE_A_SELECTION };
  if (selection.embroidery === '' && requiresEmbroidery(product.type, offer)) return { problem: MUST_SELECT_AN_EMBROIDERY };
  const samePlacement = samePlacementProblem(product.type, selection);
  if (samePlacement) return { problem: samePlacement };

  const { placement, secondPlacement } = recordedPlacements(product.type, selection);
  const lines: CartLine[] = [];
  for (const cell of filled) {
    const quantity = cell.quantity;
    const problem = entryProblem(product, cell.size.label, quantity);
    if (problem) return { problem };
    lines.push({
      type: product.type,
      name: product.name,
      price: moneyToDollars(cell.size.price),
      quantity,
      size: cell.size.label,
      color: cell.color,
      code: product.code,
      placement,
      embroidery: selection.embroidery,
      ...(selection.secondEmbroidery !== '' ? { secondEmbroidery: selection.secondEmbroidery } : {}),
      ...(secondPlacement !== undefined ? { secondPlacement } : {}),
      ...(storeCode ? { store: storeCode } : {}),
    });
  }
  return { lines };
}

/**
 * The grid cells with a count, in grid order, each with its pieces: a size in the chosen
 * colour, or for a tier product runs of a tier in a colour (pieces = tier × runs). What
 * 'Add to Cart' adds, and what the item page prices as the buyer types.
 */
export function filledCells(product: Product, selection: Pick<ItemSelection, 'color' | 'quantities'>): { size: SizePrice; color: string; quantity: number }[] {
  const tiered = product.sizes.some((size) => isTierLabel(size.label));
  const cells = tiered
    ? product.sizes.flatMap((size) => productColors(product).map((color) => ({ size, color, count: Number(selection.quantities[tierCell(size.label, color)] || 0), perCount: Number(size.label) })))
    : product.sizes.map((size) => ({ size, color: selection.color, count: Number(selection.quantities[size.label] || 0), perCount: 1 }));
  return cells.filter((cell) => cell.count > 0).map(({ size, color, count, perCount }) => ({ size, color, quantity: count * perCount }));
}

/** Grid cells take whole non-negative numbers only; anything else is cleared and ignored. */
export function acceptQuantity(typed: string): string {
  return /^\d*$/.test(typed) ? typed.replace(/^0+(?=\d)/, '') : '';
}
