import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../domain/cart-line.ts';
import { handOverOrder, LAST_ORDER_KEY, readLastOrder } from './last-order.ts';

const polo: CartLine = {
  type: 'mens',
  name: 'Sport Polo',
  price: 38.77,
  quantity: 12,
  size: 'Medium',
  color: 'Navy',
  code: 'K500',
  placement: 'Left Chest',
  embroidery: 'Guardian Shield',
  secondEmbroidery: 'Guardian Script',
  secondPlacement: 'Full Back',
};
const plate: CartLine = { type: 'customs', name: 'Aluminum Plate', price: 0.99, quantity: 1000, size: '500', color: 'White', code: 'PLT-AL', placement: '', embroidery: '' };

function storage(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === LAST_ORDER_KEY ? value : null) };
}

afterEach(() => vi.restoreAllMocks());

describe('readLastOrder', () => {
  it("reads the lines the checkout handed over under 'last-order'", () => {
    expect(LAST_ORDER_KEY).toBe('last-order');
    expect(readLastOrder(storage(JSON.stringify([polo, plate])))).toEqual([polo, plate]);
  });

  it("also accepts the cart's keyed map", () => {
    expect(readLastOrder(storage(JSON.stringify({ a: polo, b: plate })))).toEqual([polo, plate]);
  });

  it('is none, silently, when nothing was handed over or no storage exists', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readLastOrder(storage(null))).toBeUndefined();
    expect(readLastOrder(undefined)).toBeUndefined();
    expect(readLastOrder(storage('[]'))).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('is none, with a warning, when unreadable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreadable = [
      '{not json',
      'null',
      '"Sport Polo"',
      '42',
      JSON.stringify([polo, { ...plate, quantity: 0 }]),
      JSON.stringify([{ ...polo, price: '38.77' }]),
      JSON.stringify([{ ...polo, name: undefined }]),
      JSON.stringify([{ ...polo, secondEmbroidery: 7 }]),
      JSON.stringify([null]),
    ];
    for (const raw of unreadable) expect(readLastOrder(storage(raw)), raw).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(unreadable.length);
  });

  it('is none, with a warning, when the storage throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken: Pick<Storage, 'getItem'> = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readLastOrder(broken)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('handOverOrder', () => {
  function memory(): Storage {
    const items = new Map<string, string>();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
      clear: () => items.clear(),
      key: (index) => [...items.keys()][index] ?? null,
      get length() {
        return items.size;
      },
    };
  }

  it('hands the lines over, replacing the last order', () => {
    const session = memory();
    handOverOrder(session, [polo]);
    expect(readLastOrder(session)).toEqual([polo]);
    handOverOrder(session, [plate]);
    expect(readLastOrder(session)).toEqual([plate]);
  });
});
