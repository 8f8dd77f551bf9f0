import { describe, expect, it } from 'vitest';
import { nestingPastLimit } from './json-depth.ts';

describe('nestingPastLimit', () => {
  it('finds the first level past the limit, in lists and objects alike', () => {
    expect(nestingPastLimit('{"cart":[{"code":"K500"}]}', 3)).toBe(-1);
    expect(nestingPastLimit('{"cart":[{"code":"K500"}]}', 2)).toBe(9);
    expect(nestingPastLimit('[[[]]]', 2)).toBe(2);
    expect(nestingPastLimit('[[],[],[]]', 2)).toBe(-1);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestingPastLimit('{"name":"[[[{{{"}', 1)).toBe(-1);
    expect(nestingPastLimit('{"name":"a\\"[[[[\\\\"}', 1)).toBe(-1);
    expect(nestingPastLimit('{"name":"a\\\\","x":[[1]]}', 2)).toBe(19);
  });

  it('measures a body 150,000 levels deep without a stack', () => {
    const deep = `${'['.repeat(150_000)}${']'.repeat(150_000)}`;
    expect(nestingPastLimit(deep, 32)).toBe(32);
    expect(nestingPastLimit(deep, 200_000)).toBe(-1);
  });
});
