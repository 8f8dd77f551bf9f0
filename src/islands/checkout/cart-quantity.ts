import type { CartLine } from '../../domain/cart-line.ts';
import { entryProblem, MAX_LINE_QUANTITY } from '../../domain/order-rules.ts';
import type { Product } from '../../domain/product.ts';
import { overLineMessage, readCount } from '../../domain/quantity-text.ts';
import { isTierLabel } from '../../domain/size-labels.ts';

/** Pieces one typed count of the line stands for: its tier for a print-run line (the grid counts runs), else 1. */
function perCount(line: Pick<CartLine, 'size'>): number {
  return isTierLabel(line.size) ? Number(line.size) : 1;
}

/** What a cart line's quantity field counts, as the item grid counted it: runs of a tier, or pieces. */
export function cartQuantityLabel(line: Pick<CartLine, 'size'>): string {
  return isTierLabel(line.size) ? `Change runs of ${Number(line.size).toLocaleString('en-US')}` : 'Change quantity';
}

/** The field's text for the line as it is: its runs or its pieces. */
export function cartQuantityText(line: Pick<CartLine, 'size' | 'quantity'>): string {
  return String(line.quantity / perCount(line));
}

/**
 * A cart line's new quantity, in pieces, read from its field by the item grid's rules: the
 * text as typed (quantity-text.ts), the per-line bound, and the product's own rules (minimum,
 * multiples; order-rules.ts), which the order API applies again. Or what is wrong, said at the field.
 */
export function readCartQuantity(text: string, line: Pick<CartLine, 'size'>, product: Product): { quantity: number } | { problem: string } {
  const per = perCount(line);
  const reading = readCount(text, per > 1 ? 'number of runs' : 'quantity');
  if (reading.state === 'empty') return { problem: 'Type a quantity, or remove the line' };
  if (reading.state === 'problem') return { problem: reading.message };
  const quantity = reading.count * per;
  if (quantity > MAX_LINE_QUANTITY) return { problem: overLineMessage() };
  const problem = entryProblem(product, line.size, quantity);
  return problem ? { problem } : { quantity };
}
