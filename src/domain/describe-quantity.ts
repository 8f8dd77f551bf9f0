import { isTierLabel } from './size-labels.ts';

/**
 * How a line's quantity reads to people. A print-run line carries pieces (2 runs of 500 are
 * quantity 1000, cart-line.ts), which alone reads as "Size 500 · Quantity 1,000" and is easily
 * taken for 500 plates or 1,000 runs; so it says both: "2 runs of 500 (1,000 pieces)". Every
 * other line is its count ("12"). A tier quantity that is not whole runs (an order stored
 * before runs were enforced) is said in pieces, never as a fraction of a run.
 */
export function describeQuantity(line: { size: string; quantity: number }): string {
  const pieces = line.quantity.toLocaleString('en-US');
  if (!isTierLabel(line.size)) return pieces;
  const tier = Number(line.size);
  if (line.quantity <= 0 || line.quantity % tier !== 0) return `${pieces} pieces`;
  const runs = line.quantity / tier;
  return `${runs.toLocaleString('en-US')} ${runs === 1 ? 'run' : 'runs'} of ${tier.toLocaleString('en-US')} (${pieces} ${line.quantity === 1 ? 'piece' : 'pieces'})`;
}
