import { describe, expect, it } from 'vitest';
import { lineKey, statusKey, toggled, wholeOrderKey, withMember, without } from './keyed-state.ts';

describe('keys of an order', () => {
  it("keep a line's, the status editor's and the whole-order edit's state apart, within one order and across orders", () => {
    const keys = [lineKey('a', 0), lineKey('a', 1), statusKey('a'), wholeOrderKey('a'), lineKey('b', 0), statusKey('b'), wholeOrderKey('b')];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('toggled', () => {
  it('opens a closed order and closes an open one, leaving the others and the original set as they were', () => {
    const open = new Set(['a', 'b']);
    expect([...toggled(open, 'c')]).toEqual(['a', 'b', 'c']);
    expect([...toggled(open, 'a')]).toEqual(['b']);
    expect([...open]).toEqual(['a', 'b']);
  });
});

describe('withMember', () => {
  it('marks a key as saving and unmarks it, whether or not it was marked, without changing the original set', () => {
    const saving = new Set(['a']);
    expect([...withMember(saving, 'b', true)]).toEqual(['a', 'b']);
    expect([...withMember(saving, 'a', true)]).toEqual(['a']);
    expect([...withMember(saving, 'a', false)]).toEqual([]);
    expect([...withMember(saving, 'b', false)]).toEqual(['a']);
    expect([...saving]).toEqual(['a']);
  });
});

describe('without', () => {
  it("drops one line's draft and keeps the others, without changing the original record", () => {
    const drafts = { 'a#0': 1, 'a#1': 2 };
    expect(without(drafts, 'a#0')).toEqual({ 'a#1': 2 });
    expect(without(drafts, 'b#0')).toEqual(drafts);
    expect(drafts).toEqual({ 'a#0': 1, 'a#1': 2 });
  });
});
