import { describe, expect, it } from 'vitest';
import { stableJson, stableJsonOfParts } from './stable-json.ts';

describe('stableJson', () => {
  it('is the same for the same value whatever the key order, and differs for a different value', () => {
    expect(stableJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(stableJson({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(stableJson({ a: [1, 2] })).not.toBe(stableJson({ a: [2, 1] }));
    expect(stableJson({ a: 1 })).not.toBe(stableJson({ a: '1' }));
  });

  it('gives the same text from parts written apart as from the whole, so digests recorded before still match', () => {
    const whole = { tenant: { name: 'Stivers', stores: [{ z: 1, a: null }] }, revision: 1, '10': 'ten', '9': 'nine', location: undefined };
    const parts = {
      tenant: stableJson(whole.tenant),
      revision: stableJson(whole.revision),
      '10': stableJson('ten'),
      '9': stableJson('nine'),
      location: undefined,
    };
    expect(stableJsonOfParts(parts)).toBe(stableJson(whole));
    expect(stableJsonOfParts({ ...parts, revision: stableJson(2) })).not.toBe(stableJson(whole));
  });
});
