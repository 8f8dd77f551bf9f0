import { describe, expect, it } from 'vitest';
import { orderNumber } from './order-number.ts';

describe('orderNumber', () => {
  it("is the start of the order API's id, upper case, in two groups of four", () => {
    expect(orderNumber('0b0c6f3e-9a1d-4c2b-8e7f-123456789abc')).toBe('0B0C-6F3E');
    expect(orderNumber('5O190127TN364715T')).toBe('5O19-0127');
  });

  it('is the same for the same id and differs for ids that start differently', () => {
    expect(orderNumber('0b0c6f3e-0000-4000-8000-000000000000')).toBe(orderNumber('0B0C6F3E-ffff-4fff-bfff-ffffffffffff'));
    expect(orderNumber('0b0c6f3f-0000-4000-8000-000000000000')).not.toBe(orderNumber('0b0c6f3e-0000-4000-8000-000000000000'));
  });

  it('keeps a short id whole', () => {
    expect(orderNumber('ab-12')).toBe('AB12');
    expect(orderNumber('abc12')).toBe('ABC1-2');
    expect(orderNumber('')).toBe('');
  });
});
