import { money, multiplyMoney, roundToCents, sumMoney, type Money } from './money.ts';
import type { Product, SizePrice } from './product.ts';
import { isTierLabel } from './size-labels.ts';

/**
 * Prices a cart the way the spec (section 9) and the ordering issue say, from the WHOLE cart:
 * the browser shows these prices and the order API charges them, so both call this.
 *
 * - A line's unit price is its size's price.
 * - Tier sizes (`"500"`): the line's quantity is tier × runs; the unit price per piece is that of
 *   the product's highest tier not above the total pieces of that product AND colour in the cart.
 * - A product with `discount`: the price of the highest discount quantity not above the
 *   product's total quantity in the cart (all sizes and colours) is the price of its base size
 *   (`baseSizePrice`); every other size adds its upcharge over the base size (`sizeUpcharge`),
 *   so 2XL at $11.99 over a $9.99 base costs $8.49 + $2.00 at a $8.49 volume price. Tier sizes
 *   have no upcharge (their differences are run volumes): the volume price replaces theirs.
 * - A size priced 0 (the spec: "price not set or not shown") is priced on request: unit price
 *   and line total 0, `onRequest` set, whatever volume the cart reaches; the order total is that
 *   of the other lines, and `onRequestLines` says how many are left to quote.
 * - Line total = unit price × quantity, rounded to cents; order total = sum of line totals.
 */

/** What pricing needs of a line; a CartLine has it, and so does a stored order line. */
export interface PricingLine {
  code: string;
  size: string;
  color: string;
  quantity: number;
}

export type ProductLookup = (code: string) => Product | undefined;

export interface PricedLine<T extends PricingLine = PricingLine> {
  line: T;
  /** Per piece, exact (may be below a cent: $0.0279). */
  unitPrice: Money;
  /** unitPrice × quantity rounded to cents. */
  lineTotal: Money;
  /** The size has no price (0): the line is a request for a quote, never "$0.00". */
  onRequest: boolean;
}

export interface PricedCart<T extends PricingLine = PricingLine> {
  lines: PricedLine<T>[];
  /** Sum of the line totals: whole cents. */
  total: Money;
  /** Sum of the quantities. */
  itemCount: number;
  /** How many lines are priced on request (not in `total`). */
  onRequestLines: number;
}

/**
 * Prices every line. Lines must name a product `findProduct` knows and one of its sizes
 * (check them first with `cartProblems` from order-rules.ts); otherwise this throws.
 */
export function priceCart<T extends PricingLine>(lines: readonly T[], findProduct: ProductLookup): PricedCart<T> {
  const productTotals = new Map<string, number>();
  const tierPieces = new Map<string, number>();
  for (const line of lines) {
    productTotals.set(line.code, (productTotals.get(line.code) ?? 0) + line.quantity);
    if (isTierLabel(line.size)) {
      const key = productColorKey(line);
      tierPieces.set(key, (tierPieces.get(key) ?? 0) + line.quantity);
    }
  }

  const priced = lines.map((line): PricedLine<T> => {
    const product = findProduct(line.code);
    if (!product) throw new RangeError(`no product "${line.code}" to price`);
    const size = product.sizes.find((s) => s.label === line.size);
    if (!size) throw new RangeError(`product ${line.code} has no size "${line.size}"`);

    if (size.price === 0) return { line, unitPrice: money(0), lineTotal: money(0), onRequest: true };
    let unitPrice = size.price;
    if (isTierLabel(size.label)) unitPrice = tierPrice(product, tierPieces.get(productColorKey(line)) ?? 0) ?? unitPrice;
    const discount = discountPrice(product, productTotals.get(line.code) ?? 0);
    if (discount !== undefined) unitPrice = money(discount + sizeUpcharge(product, size));

    return { line, unitPrice, lineTotal: roundToCents(multiplyMoney(unitPrice, line.quantity)), onRequest: unitPrice === 0 };
  });

  return {
    lines: priced,
    total: sumMoney(priced.map((p) => p.lineTotal)),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    onRequestLines: priced.filter((p) => p.onRequest).length,
  };
}

/**
 * The price per piece the item page's grid shows for a size: what `priceCart` charges for that
 * size ordered on its own in the smallest amount the grid takes (one run of a tier, one piece
 * of any other size). A tier at or above a volume price shows the volume price (Click Pen's
 * 1000 run: $0.47, not the $0.49 its tier lists), so the grid never shows a price the checkout
 * would not charge. 0 when the size is priced on request.
 */
export function listedPrice(product: Product, size: SizePrice): Money {
  const quantity = isTierLabel(size.label) ? Number(size.label) : 1;
  return priceCart([{ code: product.code, size: size.label, color: product.defaultColor, quantity }], () => product).lines[0]!.unitPrice;
}

/** The price of the product's highest tier not above `pieces`; undefined below its lowest tier. */
export function tierPrice(product: Product, pieces: number): Money | undefined {
  let best: SizePrice | undefined;
  for (const size of product.sizes) {
    if (!isTierLabel(size.label) || Number(size.label) > pieces) continue;
    if (!best || Number(size.label) > Number(best.label)) best = size;
  }
  return best?.price;
}

/** The price of the product's highest discount quantity not above `quantity`, if any. */
export function discountPrice(product: Pick<Product, 'discounts'>, quantity: number): Money | undefined {
  let best: { quantity: number; price: Money } | undefined;
  for (const tier of product.discounts) {
    if (tier.quantity <= quantity && (!best || tier.quantity > best.quantity)) best = tier;
  }
  return best === undefined ? undefined : money(best.price);
}

/**
 * The base size's price: the lowest price set (above 0) among the sizes that are not print-run
 * tiers, the price 'Starts at' names. The catalogs list sizes in shelf order, not price order,
 * so the cheapest, not the first, is the base. Undefined for tier-only or unpriced products.
 */
export function baseSizePrice(product: Pick<Product, 'sizes'>): Money | undefined {
  const prices = product.sizes.filter((size) => !isTierLabel(size.label) && size.price > 0).map((size) => size.price);
  return prices.length > 0 ? money(Math.min(...prices)) : undefined;
}

/**
 * What a size costs above the base size, kept on top of a volume price. Never negative: a size
 * whose price is not set (0) or a tier size has none, and no set price is below the base.
 */
export function sizeUpcharge(product: Pick<Product, 'sizes'>, size: SizePrice): Money {
  const base = baseSizePrice(product);
  if (base === undefined || isTierLabel(size.label) || size.price <= base) return money(0);
  return money(size.price - base);
}

function productColorKey(line: PricingLine): string {
  return JSON.stringify([line.code, line.color]);
}
