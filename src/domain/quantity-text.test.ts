import { describe, expect, it } from 'vitest';
import { readCount, refusedCharacter, refusedKeyHint } from './quantity-text.ts';

describe('a typed quantity', () => {
  it('takes digits and what a number is written with, and names the first character it does not take', () => {
    expect(refusedCharacter('1,000')).toBeUndefined();
    expect(refusedCharacter('2.5')).toBeUndefined();
    expect(refusedCharacter('-5')).toBeUndefined();
    expect(refusedCharacter('1a2')).toBe('a');
    expect(refusedCharacter('3e2')).toBe('e');
    expect(refusedKeyHint('a')).toBe('"a" is not a digit: type whole numbers only');
  });

  it('reads digits and comma-grouped thousands as the count, anything else as a problem, never another number', () => {
    expect(readCount('')).toEqual({ state: 'empty' });
    expect(readCount(' 12 ')).toEqual({ state: 'count', count: 12 });
    expect(readCount('007')).toEqual({ state: 'count', count: 7 });
    expect(readCount('1,000')).toEqual({ state: 'count', count: 1000 });
    expect(readCount('1,000,000')).toEqual({ state: 'count', count: 1_000_000 });
    expect(readCount('2.5')).toEqual({ state: 'problem', message: '2.5 is not a whole number: a quantity is a whole number' });
    expect(readCount('-5', 'number of runs')).toEqual({ state: 'problem', message: '-5 is below zero: a number of runs is 0 or more' });
    expect(readCount('1,00')).toEqual({ state: 'problem', message: '1,00 is not a quantity: type digits only, like 1000 or 1,000' });
    expect(readCount('1 000')).toMatchObject({ state: 'problem' });
  });

  it('refuses a count over the per-line bound without ever holding an inexact number', () => {
    expect(readCount('1000001')).toEqual({ state: 'problem', message: 'At most 1,000,000 pieces a line' });
    expect(readCount('99999999999999999999')).toEqual({ state: 'problem', message: 'At most 1,000,000 pieces a line' });
  });
});
