import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sameData } from './same-data.ts';

describe('sameData', () => {
  const pairs: [unknown, unknown][] = [
    [
      { a: 1, b: [1, 2] },
      { b: [1, 2], a: 1 },
    ],
    [{ a: 1 }, { a: 1, b: undefined }],
    [
      [1, { x: 'y' }],
      [1, { x: 'y' }],
    ],
    [
      [1, 2],
      [2, 1],
    ],
    [{ a: null }, { a: 0 }],
    [38.77, 38.77],
    [38.77, 38.7],
    ['1', 1],
    [[], {}],
    [{ sizes: { Small: 1 } }, { sizes: { Small: 1, Medium: 1 } }],
  ];
  it('agrees with node:util isDeepStrictEqual on data read from YAML', () => {
    for (const [a, b] of pairs) expect(sameData(a, b), JSON.stringify([a, b])).toBe(isDeepStrictEqual(a, b));
  });
});
