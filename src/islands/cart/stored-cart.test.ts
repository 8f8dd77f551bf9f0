import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartKey } from '../../domain/cart-line.ts';
import { aFrameLine, anOrderLine } from '../../../tests/helpers/order-builders.ts';
import { readStoredCart } from './stored-cart.ts';

const line = anOrderLine({ quantity: 2, size: 'Small' });

describe('the stored cart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back a stored map, re-keying every line', () => {
    expect(readStoredCart(JSON.stringify({ 'whatever key': line }))).toEqual({ [cartKey(line)]: line });
  });

  it('keeps the store a customs line was added for apart from the same line for another store', () => {
    const plate = aFrameLine();
    const stored = { a: { ...plate, store: 'GCHEV1' }, b: { ...plate, store: 'GFORD1' }, c: { ...plate, store: 7 } };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(Object.values(readStoredCart(JSON.stringify(stored))).map((l) => l.store)).toEqual(['GCHEV1', 'GFORD1']);
  });

  it('is empty when nothing is stored', () => {
    expect(readStoredCart(null)).toEqual({});
  });

  it.each([
    ['not JSON', '{cart'],
    ['a list', JSON.stringify([line])],
    ['a number', '42'],
  ])('discards %s with a warning instead of failing', (_what, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readStoredCart(raw)).toEqual({});
    expect(warn).toHaveBeenCalledOnce();
  });

  it('drops foreign or broken lines and keeps the good ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stored = {
      a: line,
      b: { ...line, quantity: -1 },
      c: { ...line, quantity: 1.5 },
      d: { hello: 'world' },
      e: { ...line, code: 7 },
      f: { ...line, quantity: 99_999_999_999 },
    };
    expect(readStoredCart(JSON.stringify(stored))).toEqual({ [cartKey(line)]: line });
    expect(warn).toHaveBeenCalledWith('Discarded 5 unreadable cart lines from storage');
  });
});
