// A catalog-wide price change, as a merchandiser's yearly increase makes one: every size price and
// volume price of a catalog file raised by a percentage, edited through the yaml package's
// document API so comments stay. Exact: prices are Money (ten-thousandths of a dollar), rounded
// half up to whole cents, or to the four decimals a price may have when it was finer than a cent.
import { readFileSync, writeFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, parseDocument, type Scalar } from 'yaml';
import { MONEY_SCALE, moneyFromDollars } from '../../src/domain/money.ts';

/** Raises every price in `file` by `percent` (a whole number: 3 for 3 %); answers how many prices changed. */
export function raiseCatalogPrices(file: string, percent: number): number {
  if (!Number.isInteger(percent) || percent <= -100) throw new RangeError(`percent must be a whole number above -100, got ${percent}`);
  const document = parseDocument(readFileSync(file, 'utf8'));
  const products = document.get('products');
  if (!isSeq(products)) throw new Error(`${file}: no products list`);
  let changed = 0;
  const raise = (scalar: Scalar) => {
    const price = moneyFromDollars(Number(scalar.value));
    const step = price % (MONEY_SCALE / 100) === 0 ? MONEY_SCALE / 100 : 1;
    // Half up, in whole steps: (price × (100 + percent) + 50 × step) / (100 × step).
    scalar.value = (Math.floor((price * (100 + percent) + 50 * step) / (100 * step)) * step) / MONEY_SCALE;
    changed += 1;
  };
  for (const product of products.items) {
    if (!isMap(product)) continue;
    const sizes = product.get('sizes');
    if (isMap(sizes)) for (const pair of sizes.items) if (isScalar(pair.value)) raise(pair.value);
    const discounts = product.get('discount');
    if (isSeq(discounts))
      for (const tier of discounts.items)
        if (isMap(tier)) {
          const price = tier.get('price', true);
          if (isScalar(price)) raise(price);
        }
  }
  writeFileSync(file, document.toString({ lineWidth: 0 }));
  return changed;
}
