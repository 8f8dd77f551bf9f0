import { recordedPlacements, type CartLine } from '../../domain/cart-line.ts';
import { MUST_SELECT_AN_EMBROIDERY, requiresEmbroidery, type LogoOffer } from '../../domain/logo-rules.ts';
import { moneyToDollars } from '../../domain/money.ts';
import { entryProblem } from '../../domain/order-rules.ts';
import { productColors, type Product } from '../../domain/product.ts';
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
  const tiered = product.sizes.some((size) => isTierLabel(size.label));
  const colors = productColors(product);
  const cells = tiered
    ? product.sizes.flatMap((size) => colors.map((color) => ({ size, color, count: Number(selection.quantities[tierCell(size.label, color)] || 0), perCount: Number(size.label) })))
    : product.sizes.map((size) => ({ size, color: selection.color, count: Number(selection.quantities[size.label] || 0), perCount: 1 }));
  const filled = cells.filter((cell) => cell.count > 0);

  if (filled.length === 0) return { problem: MUST_MAKE_A_SELECTION };
  if (selection.embroidery === '' && requiresEmbroidery(product.type, offer)) return { problem: MUST_SELECT_AN_EMBROIDERY };

  const { placement, secondPlacement } = recordedPlacements(product.type, selection);
  const lines: CartLine[] = [];
  for (const cell of filled) {
    const quantity = cell.count * cell.perCount;
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

/** Grid cells take whole non-negative numbers only; anything else is cleared and ignored. */
export function acceptQuantity(typed: string): string {
  return /^\d*$/.test(typed) ? typed.replace(/^0+(?=\d)/, '') : '';
}
