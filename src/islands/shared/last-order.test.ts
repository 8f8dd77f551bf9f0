import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrderLine, aPlateLine } from '../../../tests/helpers/order-builders.ts';
import { answeredConfirmation, answeredTotal, handOverOrder, LAST_ORDER_KEY, readLastOrder, type LastOrder, type OrderedLine } from './last-order.ts';

const polo: OrderedLine = { ...anOrderLine({ secondEmbroidery: 'Guardian Script', secondPlacement: 'Full Back' }), lineTotal: 465.24 };
const plate: OrderedLine = { ...aPlateLine(), lineTotal: 990 };
const order: LastOrder = {
  orderId: '0b0c6f3e-9a1d-4c2b-8e7f-123456789abc',
  total: 1455.24,
  placedAt: '2025-03-04T15:04:05.123Z',
  store: 'Guardian Chevrolet — 100 Main St, Springfield',
  customerPo: 'PO-77',
  lines: [polo, plate],
};

function storage(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === LAST_ORDER_KEY ? value : null) };
}

afterEach(() => vi.restoreAllMocks());

describe('readLastOrder', () => {
  it("reads the order the checkout handed over under 'last-order'", () => {
    expect(LAST_ORDER_KEY).toBe('last-order');
    expect(readLastOrder(storage(JSON.stringify(order)))).toEqual(order);
    expect(readLastOrder(storage(JSON.stringify({ ...order, store: '', customerPo: '' })))).toEqual({ ...order, store: '', customerPo: '' });
  });

  it('is none, silently, when nothing was handed over or no storage exists', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readLastOrder(storage(null))).toBeUndefined();
    expect(readLastOrder(undefined)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('is none, with a warning, when unreadable: the success page never claims an order it cannot show', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreadable = [
      '{not json',
      'null',
      '"Sport Polo"',
      '42',
      // The lines alone, as an older checkout handed them over: no number, no total.
      JSON.stringify([polo, plate]),
      JSON.stringify({ ...order, orderId: '' }),
      JSON.stringify({ ...order, orderId: undefined }),
      JSON.stringify({ ...order, total: '1455.24' }),
      JSON.stringify({ ...order, total: -1 }),
      JSON.stringify({ ...order, placedAt: 'yesterday' }),
      JSON.stringify({ ...order, store: null }),
      JSON.stringify({ ...order, lines: [] }),
      JSON.stringify({ ...order, lines: [polo, { ...plate, quantity: 0 }] }),
      JSON.stringify({ ...order, lines: [{ ...polo, price: '38.77' }] }),
      JSON.stringify({ ...order, lines: [{ ...polo, lineTotal: undefined }] }),
      JSON.stringify({ ...order, lines: [null] }),
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

  it('hands the order over, replacing the last one', () => {
    const session = memory();
    handOverOrder(session, order);
    expect(readLastOrder(session)).toEqual(order);
    const next = { ...order, orderId: 'PAYPAL-2', lines: [plate], total: 990 };
    handOverOrder(session, next);
    expect(readLastOrder(session)).toEqual(next);
  });
});

describe('answeredTotal', () => {
  it("is the order API's total, the capture's over the creation's", () => {
    expect(answeredTotal([{ order_id: 'A', total: 465.24 }])).toBe(465.24);
    expect(
      answeredTotal([
        { order_id: 'A', total: 465.24 },
        { order_id: 'A', status: 'COMPLETED', total: 466 },
      ]),
    ).toBe(466);
    expect(answeredTotal([{ order_id: 'A', total: 0 }])).toBe(0);
  });

  it('is undefined when no answer carries a usable total', () => {
    expect(answeredTotal([])).toBeUndefined();
    expect(answeredTotal([undefined, null, { order_id: 'A' }, { total: '465.24' }, { total: Number.NaN }, { total: -1 }])).toBeUndefined();
    // A capture stored before `total` existed keeps the creation's.
    expect(
      answeredTotal([
        { order_id: 'A', total: 465.24 },
        { order_id: 'A', status: 'COMPLETED' },
      ]),
    ).toBe(465.24);
  });
});

describe('answeredConfirmation', () => {
  it("is where the order API says the buyer's confirmation went, the capture's answer over the creation's", () => {
    expect(answeredConfirmation([{ order_id: 'A', total: 1, confirmation_sent_to: 'ann@dealer.example' }])).toBe('ann@dealer.example');
    expect(
      answeredConfirmation([
        { order_id: 'A', total: 1 },
        { order_id: 'A', status: 'COMPLETED', confirmation_sent_to: 'pat@dealer.example' },
      ]),
    ).toBe('pat@dealer.example');
  });

  it('is undefined when no answer says one was sent (the tenant sends none)', () => {
    expect(answeredConfirmation([{ order_id: 'A', total: 1 }, undefined, null, { confirmation_sent_to: '' }, { confirmation_sent_to: 3 }])).toBeUndefined();
  });
});
