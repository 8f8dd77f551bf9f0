import { moneyFromDollars, type Money } from '../../domain/money.ts';
import { baseSizePrice } from '../../domain/pricing.ts';
import { isTierLabel, sizeFamily } from '../../domain/size-labels.ts';
import type { SizePrice } from '../../domain/product.ts';
import { asArray, asRecord } from './data-shape.ts';
import type { DataPath, Diagnostic } from './diagnostic.ts';
import { report } from './report-at.ts';
import type { YamlSource } from './yaml-source.ts';

interface Tier {
  index: number;
  quantity: number;
  price: Money;
}

/** A price as Money, or undefined for one that is not a valid price (its own error says so). */
function exactPrice(value: unknown): Money | undefined {
  if (typeof value !== 'number') return undefined;
  try {
    return moneyFromDollars(value);
  } catch {
    return undefined;
  }
}

/**
 * The size whose price a discount tier from `quantity` pieces replaces, as the cart reads it
 * (src/domain/pricing.ts): the base size, whose price a discount price replaces while every
 * other size keeps its upcharge, for the first tier (each further one must then be below the one
 * before); for a product of print-run tiers only, whose prices a discount price replaces
 * outright, the run price in force at that quantity (the lowest run's below it).
 */
function replacedSize(sizes: Record<string, unknown>, quantity: number, first: boolean): SizePrice | undefined {
  // A size with an unknown label or a price that is not one has its own error, and no part here.
  const priced = Object.entries(sizes).flatMap(([label, value]): SizePrice[] => {
    const price = exactPrice(value);
    const family = sizeFamily(label);
    return price === undefined || family === undefined ? [] : [{ label, family, price }];
  });
  const base = baseSizePrice({ sizes: priced });
  if (base !== undefined) return first ? priced.find(({ label, price }) => !isTierLabel(label) && price === base) : undefined;
  const runs = priced.filter(({ label, price }) => isTierLabel(label) && price > 0).sort((a, b) => Number(a.label) - Number(b.label));
  return [...runs].reverse().find(({ label }) => Number(label) <= quantity) ?? runs[0];
}

/**
 * A product's `discount` list read as the cart reads it: each tier, from the smallest quantity up,
 * must lower the price in force below its quantity (the base size's price for the first), or a
 * buyer who orders more pays more. Tiers out of quantity order are one error each and stop the
 * price comparison, whose "before" would then be a guess. Values the schema rejects are skipped.
 */
export function checkDiscountTiers(source: YamlSource, product: Record<string, unknown>, at: DataPath): Diagnostic[] {
  const tiers: Tier[] = [];
  asArray(product.discount).forEach((item, index) => {
    const { quantity, price } = asRecord(item);
    const exact = exactPrice(price);
    if (typeof quantity === 'number' && exact !== undefined) tiers.push({ index, quantity, price: exact });
  });
  const path = (tier: Tier, field: 'quantity' | 'price'): DataPath => [...at, 'discount', tier.index, field];
  const written = (tier: Tier) => source.sourceText(path(tier, 'price')) ?? String(tier.price);

  const out: Diagnostic[] = [];
  tiers.forEach((tier, i) => {
    const before = tiers[i - 1];
    if (before === undefined || tier.quantity > before.quantity) return;
    const why =
      tier.quantity === before.quantity
        ? `quantity ${tier.quantity} is also the quantity of discount[${before.index}]; each tier needs its own quantity`
        : `quantity ${tier.quantity} comes after ${before.quantity} (discount[${before.index}]); list the tiers from the smallest quantity up`;
    out.push(report(source, 'error', path(tier, 'quantity'), why));
  });
  if (out.length > 0) return out;

  const sizes = asRecord(product.sizes);
  tiers.forEach((tier, i) => {
    const before = tiers[i - 1];
    const replaced = replacedSize(sizes, tier.quantity, i === 0);
    if (before !== undefined && tier.price >= before.price) {
      out.push(
        report(
          source,
          'error',
          path(tier, 'price'),
          `${written(tier)} from ${tier.quantity} pieces is not below ${written(before)}, the price from ${before.quantity} (discount[${before.index}]); a larger quantity must cost less`,
        ),
      );
    } else if (replaced !== undefined && tier.price >= replaced.price) {
      const replacedText = source.sourceText([...at, 'sizes', replaced.label]) ?? String(replaced.price);
      out.push(
        report(
          source,
          'error',
          path(tier, 'price'),
          `${written(tier)} from ${tier.quantity} pieces is not below ${replacedText}, the price of size ${replaced.label} it replaces; a discount must lower the price`,
        ),
      );
    }
  });
  return out;
}
