import { describe, expect, it } from 'vitest';
import type { Category } from './categories.ts';
import { logoOfferFor } from './logo-rules.ts';
import { APPAREL_MINIMUM_MESSAGE, apparelMinimumProblem, cartProblems, entryProblem } from './order-rules.ts';
import type { PricingLine } from './pricing.ts';
import type { Product } from './product.ts';
import { testProduct } from '../../tests/helpers/test-product.ts';

function product(code: string, type: Product['type'], sizes: Record<string, number>, extra: Partial<Product> = {}): Product {
  return testProduct(code, type, sizes, { colors: ['Navy', 'Black'], halfColors: ['Black Red'], defaultColor: 'Navy', ...extra });
}

const polo = product('K500', 'mens', { Small: 38.77, Medium: 38.77 });
const blouse = product('L500', 'womens', { Small: 38.77 });
const tumbler = product('TUM20', 'accessory', { OSFA: 18.99 });
const fob = product('KF-FRD', 'customs', { '# each': 3.99 }, { minQuantity: 250 });
const flags = product('CF-WIN', 'sales', { '# each': 8.95 }, { quantityStep: 3 });
const plate = product('PLT-AL', 'customs', { '500': 1.29, '1000': 0.99 });
const cap = product('C112', 'hat', { OSFA: 21.99 });
const catalog = new Map([polo, blouse, tumbler, fob, flags, plate, cap].map((p) => [p.code, p]));
const findProduct = (code: string) => catalog.get(code);
const line = (code: string, size: string, quantity: number, color = 'Navy'): PricingLine => ({ code, size, color, quantity });

describe('entryProblem', () => {
  it('asks for at least 12 units of an accessory per entry', () => {
    expect(entryProblem(tumbler, 'OSFA', 11)).toBe('Must order at least 12 units');
    expect(entryProblem(tumbler, 'OSFA', 12)).toBeUndefined();
  });

  it("enforces a product's min_quantity with the same message", () => {
    expect(entryProblem(fob, '# each', 249)).toBe('Must order at least 250 units');
    expect(entryProblem(fob, '# each', 250)).toBeUndefined();
  });

  it('enforces quantity_step', () => {
    expect(entryProblem(flags, '# each', 4)).toBe('Must order in multiples of 3');
    expect(entryProblem(flags, '# each', 6)).toBeUndefined();
  });

  it('takes the larger minimum when an accessory also has min_quantity', () => {
    const bigAccessory = product('X', 'accessory', { OSFA: 1 }, { minQuantity: 50 });
    expect(entryProblem(bigAccessory, 'OSFA', 20)).toBe('Must order at least 50 units');
    const smallAccessory = product('Y', 'accessory', { OSFA: 1 }, { minQuantity: 5 });
    expect(entryProblem(smallAccessory, 'OSFA', 6)).toBe('Must order at least 12 units');
  });

  it('wants whole runs of a tier size', () => {
    expect(entryProblem(plate, '500', 750)).toBe('Must order in multiples of 500');
    expect(entryProblem(plate, '500', 1500)).toBeUndefined();
  });

  it('lets any positive quantity of other types through', () => {
    expect(entryProblem(polo, 'Small', 1)).toBeUndefined();
    expect(entryProblem(cap, 'OSFA', 1)).toBeUndefined();
  });
});

describe('apparelMinimumProblem', () => {
  it('accepts no apparel at all, or at least 12 mens and womens together', () => {
    expect(apparelMinimumProblem([line('C112', 'OSFA', 3)], findProduct)).toBeUndefined();
    expect(apparelMinimumProblem([line('K500', 'Small', 6), line('L500', 'Small', 6)], findProduct)).toBeUndefined();
  });

  it('refuses between 1 and 11 mens and womens, however many other items', () => {
    expect(apparelMinimumProblem([line('K500', 'Small', 5), line('L500', 'Small', 6), line('C112', 'OSFA', 40)], findProduct)).toBe(APPAREL_MINIMUM_MESSAGE);
  });
});

describe('cartProblems', () => {
  // A tenant without logos: the logo rules are logo-rules.test.ts's, and one case below.
  const rules = { findProduct, minimumApparelOrder: false, logoOffer: () => ({ embroideries: [], placements: [] }) };

  it('finds nothing wrong with a good cart', () => {
    expect(cartProblems([line('K500', 'Small', 2), line('TUM20', 'OSFA', 12, 'Black'), line('PLT-AL', '500', 500, 'Black Red')], rules)).toEqual([]);
  });

  it('names each bad line by its index, with what is wrong', () => {
    const problems = cartProblems(
      [
        line('K500', 'Small', 2),
        line('NOPE', 'Small', 1),
        line('K500', 'XXL', 1),
        line('K500', 'Small', 1, 'Pink'),
        line('K500', 'Small', 0),
        line('K500', 'Small', 1.5),
        line('TUM20', 'OSFA', 3),
        line('K500', 'Small', 2_000_000),
      ],
      rules,
    );
    expect(problems).toEqual([
      { index: 1, message: 'product "NOPE" is not in this catalog' },
      { index: 2, message: 'size "XXL" is not a size of K500 (Small, Medium)' },
      { index: 3, message: 'colour "Pink" is not a colour of K500 (Navy, Black, Black Red)' },
      { index: 4, message: 'quantity must be a positive whole number, got 0' },
      { index: 5, message: 'quantity must be a positive whole number, got 1.5' },
      { index: 6, message: 'Must order at least 12 units' },
      { index: 7, message: 'quantity must be at most 1000000, got 2000000' },
    ]);
  });

  it('checks minimum_apparel_order only when the tenant has it', () => {
    const cart = [line('K500', 'Small', 5)];
    expect(cartProblems(cart, rules)).toEqual([]);
    expect(cartProblems(cart, { ...rules, minimumApparelOrder: true })).toEqual([{ message: APPAREL_MINIMUM_MESSAGE }]);
  });

  it('holds every line to the logos the tenant offers for its type', () => {
    const lists = { embroideries: { mens: ['Shield'] }, logoPlacements: { mens: ['Left Chest'] } };
    const shield = { ...rules, logoOffer: (type: Category) => logoOfferFor(lists, type) };
    expect(
      cartProblems([{ ...line('K500', 'Small', 2), embroidery: 'Shield', placement: 'Left Chest' }, line('PLT-AL', '500', 500, 'Black Red')], shield),
    ).toEqual([]);
    expect(cartProblems([line('K500', 'Small', 2), { ...line('PLT-AL', '500', 500, 'Black Red'), embroidery: 'Shield' }], shield)).toEqual([
      { index: 0, message: 'Must select an embroidery' },
      { index: 1, message: 'customs products take no logo here, got "Shield"' },
    ]);
  });

  it('refuses an empty cart', () => {
    expect(cartProblems([], rules)).toEqual([{ message: 'The cart is empty' }]);
  });
});
