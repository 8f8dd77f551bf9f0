import { describe, expect, it } from 'vitest';
import { canonicalJson } from './idempotency.ts';

describe('canonicalJson', () => {
  it('is the same for the same body whatever the key order, and differs for a different body', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});
