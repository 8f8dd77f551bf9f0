import { MONEY_SCALE, money, moneyFromDollars, moneyToDollars, type Money } from '../../domain/money.ts';
import { UserError } from '../user-error.ts';
import type { ProductPlan } from './catalog-text-edit.ts';

/** What `npm run prices` does to each selected price, exactly: a percentage or an amount, then a rounding. */
export interface PriceRule {
  /** new = old × (1 + percent/100), as a fraction numerator/denominator. */
  percent?: { numerator: bigint; denominator: bigint };
  add?: Money;
  /**
   * Rounds to a multiple of this many 1/10000 dollars: to the nearest (halves up) or up. Without a
   * step each price keeps its own precision: cents, or the finer decimals it is written with (0.0279).
   */
  step?: bigint;
  up: boolean;
}

export interface PriceSelection {
  type?: string;
  subCategory?: string;
  codes?: string[];
  /** Products left out by code, even when the rest of the selection takes them. */
  skip?: string[];
  includeDiscounts: boolean;
}

/** What a price change left as it was, so the merchandiser is told rather than left to find out. */
export interface PricesLeftAlone {
  /** Prices at 0 ("no price shown"), which stay 0. */
  zero: number;
  /** Selected products with volume prices, kept without `includeDiscounts`. */
  discountProducts: number;
  /** Prices kept at their own finer-than-a-cent precision (no step given). */
  finer: number;
}

export interface PriceChangeRow {
  code: string;
  /** sizes.Small, discount[0].price */
  where: string;
  before: Money;
  after: Money;
}

/** "3", "-2.5", "0.05" as an exact fraction; anything else is an error naming the option. */
export function parseDecimal(text: string, option: string): { numerator: bigint; denominator: bigint } {
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new UserError(`${option} takes a number with a decimal point, like 3 or 2.5, got "${text}"`);
  const [, sign, whole, fraction = ''] = match;
  const numerator = BigInt(`${whole}${fraction}`) * (sign === '-' ? -1n : 1n);
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

/** An amount of dollars with at most 4 decimals, as 1/10000 dollars (may be negative, for --add). */
export function parseAmount(text: string, option: string): bigint {
  const { numerator, denominator } = parseDecimal(text.replace(/^([+-]?)\$/, '$1'), option);
  const scaled = numerator * BigInt(MONEY_SCALE);
  if (scaled % denominator !== 0n) throw new UserError(`${option} takes at most 4 decimals, got "${text}"`);
  return scaled / denominator;
}

export function changePrice(before: Money, rule: PriceRule): bigint {
  let numerator = BigInt(before);
  let denominator = 1n;
  if (rule.percent) {
    numerator *= 100n * rule.percent.denominator + rule.percent.numerator;
    denominator = 100n * rule.percent.denominator;
  }
  if (rule.add !== undefined) numerator += BigInt(rule.add) * denominator;
  const step = rule.step ?? ownStep(before);
  const unit = step * denominator;
  if (numerator < 0n) return -1n;
  const steps = rule.up ? (numerator + unit - 1n) / unit : (2n * numerator + unit) / (2n * unit);
  return steps * step;
}

/** The precision a price is written with, in 1/10000 dollars: a cent, or finer (0.0279 → 0.0001). */
function ownStep(price: Money): bigint {
  const units = BigInt(price);
  if (units % 100n === 0n) return 100n;
  return units % 10n === 0n ? 10n : 1n;
}

/**
 * The selected products' prices changed by the rule: every size price (and volume price with
 * `includeDiscounts`) except those at 0, which mean "no price shown" and stay 0. Returns the plans
 * for every product of the catalog (unselected ones unchanged) and a row per changed price.
 */
export function planPriceChange(
  products: readonly Record<string, unknown>[],
  selection: PriceSelection,
  rule: PriceRule,
): { plans: ProductPlan[]; rows: PriceChangeRow[]; selected: number; leftAlone: PricesLeftAlone } {
  for (const [option, codes] of [
    ['--codes', selection.codes],
    ['--skip', selection.skip],
  ] as const) {
    const unknown = (codes ?? []).filter((code) => !products.some((product) => product.code === code));
    if (unknown.length > 0) throw new UserError(`${option}: no product ${unknown.map((code) => `"${code}"`).join(', ')} in this catalog`);
  }
  const rows: PriceChangeRow[] = [];
  const leftAlone: PricesLeftAlone = { zero: 0, discountProducts: 0, finer: 0 };
  let selected = 0;
  const plans = products.map((product, index): ProductPlan => {
    if (!isSelected(product, selection)) return { data: product, original: index };
    selected += 1;
    const code = String(product.code);
    const reprice = (value: unknown, where: string): unknown => {
      if (value === 0) leftAlone.zero += 1;
      if (typeof value !== 'number' || value === 0) return value;
      let before: Money;
      try {
        before = moneyFromDollars(value);
      } catch {
        throw new UserError(`${code} ${where}: ${value} is not a valid price; fix it in the catalog first (npm run validate names it)`);
      }
      if (rule.step === undefined && ownStep(before) < 100n) leftAlone.finer += 1;
      const after = changePrice(before, rule);
      if (after < 0n) throw new UserError(`${code} ${where}: ${moneyToDollars(before)} would go below 0`);
      if (after === BigInt(before)) return value;
      rows.push({ code, where, before, after: money(Number(after)) });
      return moneyToDollars(money(Number(after)));
    };
    const data: Record<string, unknown> = { ...product };
    if (product.sizes && typeof product.sizes === 'object') {
      data.sizes = Object.fromEntries(Object.entries(product.sizes).map(([label, price]) => [label, reprice(price, `sizes.${label}`)]));
    }
    if (!selection.includeDiscounts && Array.isArray(product.discount) && product.discount.length > 0) leftAlone.discountProducts += 1;
    if (selection.includeDiscounts && Array.isArray(product.discount)) {
      data.discount = (product.discount as Record<string, unknown>[]).map((tier, tierIndex) => ({
        ...tier,
        price: reprice(tier.price, `discount[${tierIndex}].price`),
      }));
    }
    return { data, original: index };
  });
  return { plans, rows, selected, leftAlone };
}

export function isSelected(product: Record<string, unknown>, selection: PriceSelection): boolean {
  return (
    (selection.type === undefined || product.type === selection.type) &&
    (selection.subCategory === undefined || product.sub_category === selection.subCategory) &&
    (selection.codes === undefined || selection.codes.includes(String(product.code))) &&
    !(selection.skip ?? []).includes(String(product.code))
  );
}
