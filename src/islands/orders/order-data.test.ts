import { afterEach, describe, expect, it, vi } from 'vitest';
import { aListedOrderLine } from '../../../tests/helpers/order-builders.ts';
import {
  appendOrders,
  editsOf,
  linesAfterUpdate,
  nextCursorOf,
  orderKey,
  orderName,
  ordersFromResponse,
  REMOVED_NAME,
  sameEdits,
  UnreadableOrdersError,
  sharedEdits,
  updateBody,
  wholeOrderBody,
  type PlacedOrder,
} from './order-data.ts';

/** A line exactly as the order API's retrieve-orders gives it (server/app/order-lines.ts). */
const polo = aListedOrderLine({ customer_po: 'PO-77' });
const frame = {
  ...polo,
  code: 'MF-STR',
  quantity: 500,
  price: 0.0279,
  description: 'Metal Frame',
  size: '500',
  color: 'Chrome',
  embroidery: '',
  type: 'customs',
  placement: '',
  line_total: 13.95,
};

const wireOrder = {
  email: 'dana@guardian.example',
  created_at: '2024-01-05T15:04:05.123Z',
  first_name: 'Dana',
  last_name: 'Reyes',
  company_name: 'Guardian Automotive Group',
  store: 'Guardian Ford',
  paid: 2,
  order: [polo, frame],
  order_id: '0b0c6f3e',
  customer_po: 'PO-77',
  total: 479.19,
};

afterEach(() => vi.restoreAllMocks());

describe('ordersFromResponse', () => {
  it('keeps placed and paid orders in the order given, with their lines as received', () => {
    const paid = { ...wireOrder, created_at: '2024-01-06T10:00:00.000Z', paid: 1 };
    const orders = ordersFromResponse({ orders: [paid, wireOrder] });
    expect(orders.map((o) => o.created_at)).toEqual(['2024-01-06T10:00:00.000Z', '2024-01-05T15:04:05.123Z']);
    expect(orders[1]).toEqual({
      email: 'dana@guardian.example',
      created_at: '2024-01-05T15:04:05.123Z',
      first_name: 'Dana',
      last_name: 'Reyes',
      store: 'Guardian Ford',
      paid: 2,
      order: [polo, frame],
      order_id: '0b0c6f3e',
      total: 479.19,
    });
  });

  it('leaves out unpaid orders (paid 0)', () => {
    expect(ordersFromResponse({ orders: [{ ...wireOrder, paid: 0 }, wireOrder] })).toHaveLength(1);
  });

  it('drops line fields the order API does not know, so the lines can be sent back', () => {
    const [order] = ordersFromResponse({ orders: [{ ...wireOrder, order: [{ ...polo, surprise: 1 }] }] });
    expect(order?.order[0]).toEqual(polo);
  });

  it('reads missing names and store as empty, and skips unreadable orders with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const orders = ordersFromResponse({
      orders: [
        { email: 'a@b.example', created_at: '2024-01-05T00:00:00.000Z', paid: 2, order: [{ code: 'K500' }] },
        { ...wireOrder, created_at: 5 },
        { ...wireOrder, order: [{ quantity: 1 }] },
        null,
      ],
    });
    expect(orders).toEqual([
      {
        email: 'a@b.example',
        created_at: '2024-01-05T00:00:00.000Z',
        first_name: '',
        last_name: '',
        store: '',
        paid: 2,
        order: [{ code: 'K500' }],
        order_id: '',
      },
    ]);
    expect(warn).toHaveBeenCalledWith('Skipped 3 unreadable orders from retrieve-orders');
  });

  it('keeps the order id and total the order API sends, for the order number and the total shown', () => {
    const [order] = ordersFromResponse({ orders: [wireOrder] });
    expect(order).toMatchObject({ order_id: '0b0c6f3e', total: 479.19 });
    const [bare] = ordersFromResponse({ orders: [{ ...wireOrder, order_id: 7, total: '479.19' }] });
    expect(bare!.order_id).toBe('');
    expect(bare).not.toHaveProperty('total');
  });

  it("keeps how an order was placed and the client's address, which only an admin session gets", () => {
    const [order] = ordersFromResponse({ orders: [{ ...wireOrder, placed_with: 'bypass code 1 of 2', client_ip: '203.0.113.7' }] });
    expect(order).toMatchObject({ placed_with: 'bypass code 1 of 2', client_ip: '203.0.113.7' });
    const [staff] = ordersFromResponse({ orders: [wireOrder] });
    expect(staff).not.toHaveProperty('placed_with');
    expect(staff).not.toHaveProperty('client_ip');
  });

  it('throws when the answer has no orders list', () => {
    for (const answer of [undefined, null, {}, { orders: {} }, []]) expect(() => ordersFromResponse(answer)).toThrow(UnreadableOrdersError);
  });
});

describe('paging through the orders', () => {
  it('reads where the next page starts, and null after the last page or from an API that does not page', () => {
    expect(nextCursorOf({ orders: [], next_cursor: 'c2' })).toBe('c2');
    expect(nextCursorOf({ orders: [], next_cursor: null })).toBeNull();
    expect(nextCursorOf({ orders: [] })).toBeNull();
    expect(nextCursorOf(undefined)).toBeNull();
  });

  it('appends the next page after the orders listed, without listing an order twice', () => {
    const [first, second, third] = ['2024-01-03', '2024-01-02', '2024-01-01'].map(
      (day) => ordersFromResponse({ orders: [{ ...wireOrder, created_at: `${day}T00:00:00.000Z` }] })[0]!,
    );
    expect(appendOrders([first!, second!], [second!, third!]).map((o) => o.created_at)).toEqual([first!.created_at, second!.created_at, third!.created_at]);
  });
});

describe('order names and keys', () => {
  it('names an order by first and last name', () => {
    expect(orderName({ first_name: 'Dana', last_name: 'Reyes' })).toBe('Dana Reyes');
    expect(orderName({ first_name: '', last_name: 'Reyes' })).toBe('Reyes');
  });

  it('tells orders apart by e-mail and created_at, as update-historical-order does', () => {
    const a = orderKey(wireOrder);
    expect(orderKey({ ...wireOrder, created_at: '2024-01-05T15:04:05.124Z' })).not.toBe(a);
    expect(orderKey({ ...wireOrder, email: 'x@guardian.example' })).not.toBe(a);
    expect(orderKey({ email: 'a|b', created_at: 'c' })).not.toBe(orderKey({ email: 'a', created_at: 'b|c' }));
  });

  it('shows an order past the retention period as removed, and tells two such orders of one instant apart', () => {
    const removed = { ...wireOrder, email: '', first_name: '', last_name: '', personal_data_removed: true };
    const [first, second] = ordersFromResponse({ orders: [removed, { ...removed, order_id: '1c2d' }] });
    expect(first).toMatchObject({ email: '', personal_data_removed: true, total: 479.19 });
    expect(orderName(first!)).toBe(REMOVED_NAME);
    expect(orderKey(first!)).not.toBe(orderKey(second!));
    expect(appendOrders([first!], [second!])).toHaveLength(2);
    expect(ordersFromResponse({ orders: [wireOrder] })[0]).not.toHaveProperty('personal_data_removed');
  });
});

describe('edits', () => {
  it('start from the line, with missing values as empty text', () => {
    expect(editsOf({ code: 'K500', customer_po: 'PO-77', po: null, est_ship_date: undefined })).toEqual({ customer_po: 'PO-77', po: '', est_ship_date: '' });
  });

  it('compare trimmed', () => {
    expect(sameEdits({ customer_po: 'A ', po: '', est_ship_date: '' }, { customer_po: 'A', po: ' ', est_ship_date: '' })).toBe(true);
    expect(sameEdits({ customer_po: 'A', po: '', est_ship_date: '' }, { customer_po: 'A', po: '', est_ship_date: 'soon' })).toBe(false);
  });
});

describe('updateBody', () => {
  const [order] = ordersFromResponse({ orders: [wireOrder] }) as [PlacedOrder];

  it("sends the order's lines as received, with only the edited line's PO fields changed (trimmed)", () => {
    const body = updateBody(order, 1, { customer_po: ' CPO-9 ', po: 'PO-1', est_ship_date: '2024-02-01' }, 'Guardian Automotive Group');
    expect(body).toEqual({
      email: 'dana@guardian.example',
      created_at: '2024-01-05T15:04:05.123Z',
      cart: [polo, { ...frame, customer_po: 'CPO-9', po: 'PO-1', est_ship_date: '2024-02-01' }],
      companyName: 'Guardian Automotive Group',
    });
    // The order held in the page is not changed by building the body.
    expect(order.order[1]).toEqual(frame);
  });

  it('clears a value emptied by the admin', () => {
    const body = updateBody(order, 0, { customer_po: '', po: '', est_ship_date: '' }, 'Guardian Automotive Group');
    expect(body.cart[0]).toMatchObject({ customer_po: '', po: '', est_ship_date: '' });
  });

  it('refuses a line the order does not have', () => {
    expect(() => updateBody(order, 2, { customer_po: '', po: '', est_ship_date: '' }, 'x')).toThrow(RangeError);
  });
});

describe('wholeOrderBody', () => {
  const [order] = ordersFromResponse({ orders: [wireOrder] }) as [PlacedOrder];

  it('starts from the values every line shares, and empty where the lines differ', () => {
    expect(sharedEdits(order)).toEqual({ customer_po: 'PO-77', po: '', est_ship_date: '' });
    expect(sharedEdits({ order: [polo, { ...frame, customer_po: 'OTHER' }] })).toEqual({ customer_po: '', po: '', est_ship_date: '' });
  });

  it("sets the fields given on every line at once, keeps each line's own value of the others and every other field", () => {
    const body = wholeOrderBody(order, { po: ' PO-ALL ', est_ship_date: '2024-03-01' }, 'Guardian Automotive Group');
    expect(body.cart).toEqual([
      { ...polo, po: 'PO-ALL', est_ship_date: '2024-03-01' },
      { ...frame, po: 'PO-ALL', est_ship_date: '2024-03-01' },
    ]);
    expect(wholeOrderBody(order, { customer_po: '' }, 'x').cart.map((line) => line.customer_po)).toEqual(['', '']);
  });
});

describe('linesAfterUpdate', () => {
  const [order] = ordersFromResponse({ orders: [wireOrder] }) as [PlacedOrder];
  const body = updateBody(order, 0, { customer_po: 'C', po: 'P', est_ship_date: 'E' }, 'Guardian Automotive Group');

  it("takes the server's lines from its answer", () => {
    const saved = [{ ...polo, customer_po: 'C', po: 'P', est_ship_date: 'E (confirmed)' }, frame];
    expect(linesAfterUpdate(body, { order: { ...wireOrder, order: saved } })).toEqual(saved);
  });

  it('falls back to the lines sent when the answer does not carry them whole', () => {
    for (const answer of [undefined, {}, { order: null }, { order: { ...wireOrder, order: [polo] } }, { order: { order: 'x' } }]) {
      expect(linesAfterUpdate(body, answer)).toEqual(body.cart);
    }
  });
});
