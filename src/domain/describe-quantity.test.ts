import { describe, expect, it } from 'vitest';
import { describeQuantity } from './describe-quantity.ts';

describe('describeQuantity', () => {
  it('says how many runs of which tier a print-run line is, and the pieces', () => {
    expect(describeQuantity({ size: '500', quantity: 1000 })).toBe('2 runs of 500 (1,000 pieces)');
    expect(describeQuantity({ size: '500', quantity: 500 })).toBe('1 run of 500 (500 pieces)');
    expect(describeQuantity({ size: '1000', quantity: 12000 })).toBe('12 runs of 1,000 (12,000 pieces)');
    expect(describeQuantity({ size: '1', quantity: 1 })).toBe('1 run of 1 (1 piece)');
  });

  it('says pieces for a tier quantity that is not whole runs', () => {
    expect(describeQuantity({ size: '500', quantity: 1250 })).toBe('1,250 pieces');
  });

  it('is the plain count for every other size', () => {
    expect(describeQuantity({ size: 'Medium', quantity: 12 })).toBe('12');
    expect(describeQuantity({ size: '# boxes', quantity: 1500 })).toBe('1,500');
    expect(describeQuantity({ size: 'OSFA', quantity: 1 })).toBe('1');
  });
});
