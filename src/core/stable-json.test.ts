import { describe, expect, it } from 'vitest';
import { stableJson } from './stable-json.ts';

describe('stableJson', () => {
  it('is the same for the same value whatever the key order, and differs for a different value', () => {
    expect(stableJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(stableJson({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(stableJson({ a: [1, 2] })).not.toBe(stableJson({ a: [2, 1] }));
    expect(stableJson({ a: 1 })).not.toBe(stableJson({ a: '1' }));
  });
});
