import { recordedPlacements, type CartLine } from '../../domain/cart-line.ts';
import { MUST_SELECT_AN_EMBROIDERY, requiresEmbroidery, samePlacementProblem, type LogoOffer } from '../../domain/logo-rules.ts';
import { moneyToDollars } from '../../domain/money.ts';
import { entryProblem, MAX_LINE_QUANTITY } from '../../domain/order-rules.ts';
import { productColors, type Product, type SizePrice } from '../../domain/product.ts';
import { overLineMessage, readCount } from '../../domain/quantity-text.ts';
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
  /** Grid cell → the text typed (quantity-text.ts reads it): a size label, or `${tier}|${colour}` for tier grids. */
  quantities: Record<string, string>;
}

export function tierCell(tier: string, color: string): string {
  return `${tier}|${color}`;
}

/** Why nothing can be added, and the grid cell it is about when it is about one. */
export interface EntryRefusal {
  problem: string;
  cell?: string;
}

/**
 * Turns a selection into cart lines, or the one message that says why nothing can be added.
 * For a tier product each filled cell is runs of that tier in that colour (pieces = tier × runs).
 * `storeCode`, the store whose catalog the page was opened from, goes on every line.
 */
export function cartEntries(product: Product, offer: LogoOffer, selection: ItemSelection, storeCode?: string): { lines: CartLine[] } | EntryRefusal {
  const unread = Object.entries(cellProblems(product, selection))[0];
  if (unread) return { problem: unread[1], cell: unread[0] };
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
    if (problem) return { problem, cell: cell.key };
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

interface GridCell {
  /** The key of its text in `ItemSelection.quantities`. */
  key: string;
  size: SizePrice;
  color: string;
  /** Pieces one typed count stands for: the tier for a tier cell, else 1. */
  perCount: number;
}

function gridCells(product: Product, color: string): GridCell[] {
  const tiered = product.sizes.some((size) => isTierLabel(size.label));
  return tiered
    ? product.sizes.flatMap((size) =>
        productColors(product).map((tierColor) => ({ key: tierCell(size.label, tierColor), size, color: tierColor, perCount: Number(size.label) })),
      )
    : product.sizes.map((size) => ({ key: size.label, size, color, perCount: 1 }));
}

/** A cell's count as pieces, or why it is none: its text is no quantity, or the pieces are over the order API's per-line bound. */
function readCell(cell: GridCell, text: string | undefined): { pieces: number } | { problem: string } | undefined {
  const reading = readCount(text ?? '', cell.perCount > 1 ? 'number of runs' : 'quantity');
  if (reading.state === 'empty') return undefined;
  if (reading.state === 'problem') return { problem: reading.message };
  const pieces = reading.count * cell.perCount;
  return pieces > MAX_LINE_QUANTITY ? { problem: overLineMessage() } : { pieces };
}

/**
 * Each cell whose text cannot be added, with the message said at it: not a quantity as typed
 * (quantity-text.ts), or over the per-line bound. Such a cell is neither priced nor added.
 */
export function cellProblems(product: Product, selection: Pick<ItemSelection, 'color' | 'quantities'>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const cell of gridCells(product, selection.color)) {
    const read = readCell(cell, selection.quantities[cell.key]);
    if (read && 'problem' in read) problems[cell.key] = read.problem;
  }
  return problems;
}

/**
 * The grid cells with a count, in grid order, each with its pieces: a size in the chosen
 * colour, or for a tier product runs of a tier in a colour (pieces = tier × runs). What
 * 'Add to Cart' adds, and what the item page prices as the buyer types; a cell with a problem
 * (`cellProblems`) is left out, so nothing unbounded is ever priced.
 */
export function filledCells(
  product: Product,
  selection: Pick<ItemSelection, 'color' | 'quantities'>,
): { key: string; size: SizePrice; color: string; quantity: number }[] {
  return gridCells(product, selection.color).flatMap((cell) => {
    const read = readCell(cell, selection.quantities[cell.key]);
    return read && 'pieces' in read && read.pieces > 0 ? [{ key: cell.key, size: cell.size, color: cell.color, quantity: read.pieces }] : [];
  });
}
