import { describe, expect, it } from 'vitest';
import { checkDiscountTiers } from './discount-tiers.ts';
import { parseYamlSource } from './yaml-source.ts';

const problems = (product: string) => {
  const source = parseYamlSource('catalogs/x.yaml', `products:\n  - ${product}\n`);
  const [item] = (source.data as { products: Record<string, unknown>[] }).products;
  return checkDiscountTiers(source, item!, ['products', 0]).map((d) => `${d.path}  ${d.message}`);
};

describe('discount tiers, read as the cart reads them', () => {
  it('compares the first tier with the base size, the cheapest set price of the sizes that are not runs', () => {
    // Sizes in shelf order: 2XL is dearer, but Small is the base a discount price replaces.
    expect(problems('{ sizes: { 2XL: 12.99, Small: 9.99 }, discount: [{ quantity: 24, price: 9.49 }] }')).toEqual([]);
    expect(problems('{ sizes: { 2XL: 12.99, Small: 9.99 }, discount: [{ quantity: 24, price: 9.99 }] }')).toEqual([
      'products[0].discount[0].price  9.99 from 24 pieces is not below 9.99, the price of size Small it replaces; a discount must lower the price',
    ]);
  });

  it('compares a tier of a run-priced product with the run price in force at its quantity', () => {
    // The sample's click pen: 0.47 from 1000 replaces the 1000-run's 0.49, not the 1500-run's 0.45.
    expect(
      problems('{ sizes: { "100": 0.79, "1000": 0.49, "1500": 0.45 }, discount: [{ quantity: 1000, price: 0.47 }, { quantity: 1500, price: 0.43 }] }'),
    ).toEqual([]);
    expect(problems('{ sizes: { "100": 0.79, "1000": 0.49 }, discount: [{ quantity: 1000, price: 0.5 }] }')).toEqual([
      'products[0].discount[0].price  0.5 from 1000 pieces is not below 0.49, the price of size 1000 it replaces; a discount must lower the price',
    ]);
  });

  it('says a repeated quantity once, and compares no prices until the order is right', () => {
    expect(problems('{ sizes: { Small: 9.99 }, discount: [{ quantity: 24, price: 9.49 }, { quantity: 24, price: 9.99 }] }')).toEqual([
      'products[0].discount[1].quantity  quantity 24 is also the quantity of discount[0]; each tier needs its own quantity',
    ]);
  });
});
