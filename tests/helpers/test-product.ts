import { moneyFromDollars } from '../../src/domain/money.ts';
import type { Product } from '../../src/domain/product.ts';
import { sizeFamily } from '../../src/domain/size-labels.ts';

/**
 * A product for a unit test: `sizes` maps each size label to its price in dollars; one colour,
 * White, unless `extra` says otherwise.
 */
export function testProduct(code: string, type: Product['type'], sizes: Record<string, number>, extra: Partial<Product> = {}): Product {
  return {
    code,
    name: code,
    fullname: code,
    description: '',
    type,
    colors: ['White'],
    halfColors: [],
    defaultColor: 'White',
    sizes: Object.entries(sizes).map(([label, price]) => ({ label, family: sizeFamily(label) ?? 'unit', price: moneyFromDollars(price) })),
    restricted: false,
    supportedStores: [],
    discounts: [],
    ...extra,
  };
}
