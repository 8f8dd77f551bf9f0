import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../tests/helpers/fake-paypal.ts';
import { handlerWorld, removeFixture, type HandlerWorld } from '../tests/helpers/handler-world.ts';
import {
  BYPASS_CODE,
  BYPASS_RECIPIENTS,
  BYPASS_TENANT,
  OPEN_STORE,
  OTHER_MAX_ORDER_TOTAL,
  OTHER_TENANT,
  PAYPAL_TENANT,
} from '../tests/helpers/order-fixture.ts';
import { moneyFromDollars } from '../../src/domain/money.ts';
import { createOrder } from './create-order.ts';

// K500 (mens polo) is $38.77 in Medium; both tenants of the main catalog embroider Shield at Left Chest.
const polos = (quantity: number, extra: Record<string, unknown> = {}) => [
  { type: 'mens', name: 'K500', code: 'K500', size: 'Medium', color: 'Navy', quantity, price: 1, placement: 'Left Chest', embroidery: 'Shield', ...extra },
];
const bypassOrder = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@dealer.example',
  store: OPEN_STORE.name,
  customer_po: 'CPO-1',
  companyName: BYPASS_TENANT,
  cart: polos(12),
  bypassPaypal: true,
  code: BYPASS_CODE,
  ...overrides,
});
const paypalOrder = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Pat',
  last_name: 'Doe',
  email: 'pat@dealer.example',
  store: '',
  customer_po: '',
  companyName: PAYPAL_TENANT,
  cart: polos(2),
  ...overrides,
});

let world: HandlerWorld;
afterEach(() => world?.close());
afterAll(removeFixture);

describe('create-order with a bypass code', () => {
  it("places the order at the catalog's prices, stores it placed, and queues the staff e-mail and the buyer's confirmation", async () => {
    world = await handlerWorld();
    const answer = await world.call(createOrder, bypassOrder(), { clientIp: '203.0.113.7' });

    // 12 × $38.77, whatever price the browser sent.
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ order_id: expect.any(String), total: 465.24, confirmation_sent_to: 'ann@dealer.example' });
    expect(answer.headers?.['device-proof']).toEqual(expect.any(String));
    const stored = await world.database.findOrder(String(answer.body.order_id));
    expect(stored).toMatchObject({
      paid: 2,
      tenantId: 'bypass-motors',
      store: OPEN_STORE.name,
      customerPo: 'CPO-1',
      clientIp: '203.0.113.7',
      placedWith: 'bypass code 1 of 2',
    });
    expect(stored?.lines).toEqual([
      expect.objectContaining({ code: 'K500', quantity: 12, unitPrice: moneyFromDollars(38.77), lineTotal: moneyFromDollars(465.24) }),
    ]);
    expect(world.logs).toContainEqual(expect.objectContaining({ msg: 'client price differs from the catalog; charging the catalog price', code: 'K500' }));

    const mail = await world.outbox();
    expect(mail.map((m) => m.to)).toEqual([BYPASS_RECIPIENTS, ['ann@dealer.example']]);
    expect(mail.every((m) => m.orderId === answer.body.order_id)).toBe(true);
  });

  it("takes any of the tenant's codes in any case, and says which one placed the order", async () => {
    world = await handlerWorld();
    const answer = await world.call(createOrder, bypassOrder({ code: ' secondcode ' }));
    expect(answer.status).toBe(200);
    expect((await world.database.findOrder(String(answer.body.order_id)))?.placedWith).toBe('bypass code 2 of 2');
  });

  it('refuses a missing or wrong code with 403 and stores nothing; past the limit the client gets 429 even with the right code', async () => {
    world = await handlerWorld({ maxFailures: 3 });
    const guesser = { clientIp: '203.0.113.66' };
    expect(await world.call(createOrder, bypassOrder({ code: undefined }), guesser)).toMatchObject({
      status: 403,
      body: { message: 'A bypass code is required to order without payment' },
    });
    for (let i = 0; i < 3; i++) {
      expect(await world.call(createOrder, bypassOrder({ code: `WRONG${i}` }), guesser)).toMatchObject({
        status: 403,
        body: { message: 'That bypass code is not valid' },
      });
    }
    const locked = await world.call(createOrder, bypassOrder(), guesser);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers?.['retry-after'])).toBeGreaterThan(0);
    expect((await world.database.listPlacedOrders('bypass-motors', 10)).orders).toEqual([]);
    expect(await world.outbox()).toEqual([]);

    // Another client is not locked out by this one's guesses.
    expect((await world.call(createOrder, bypassOrder(), { clientIp: '203.0.113.67' })).status).toBe(200);
  });

  it('names the tenant, the line or the rule a refused order breaks, with 400 and nothing stored', async () => {
    world = await handlerWorld({ maxCartLines: 2 });
    expect(await world.call(createOrder, bypassOrder({ companyName: 'Nobody Motors' }))).toMatchObject({
      status: 400,
      body: { message: 'companyName: no storefront has the company name "Nobody Motors"' },
    });
    const unknownProduct = await world.call(
      createOrder,
      bypassOrder({ cart: [...polos(12), { ...polos(1)[0], code: 'ONLY-OTHER', name: 'ONLY-OTHER', type: 'hat', size: 'OSFA', color: 'Black' }] }),
    );
    expect(unknownProduct.status).toBe(400);
    expect(unknownProduct.body.message).toMatch(/^cart\[1\] \(ONLY-OTHER, OSFA, Black\): /);
    expect(await world.call(createOrder, bypassOrder({ cart: [...polos(12), ...polos(1, { color: 'Black' }), ...polos(1, { size: '2XL' })] }))).toMatchObject({
      status: 400,
      body: { message: 'cart: must have at most 2 lines, got 3; split the order' },
    });
    const invalid = await world.call(createOrder, bypassOrder({ email: 'not-an-address', first_name: '' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.problems).toEqual(expect.arrayContaining([expect.stringMatching(/^email: /), expect.stringMatching(/^first_name: /)]));
    expect((await world.database.listPlacedOrders('bypass-motors', 10)).orders).toEqual([]);
  });

  it('stores the in-hands date and the note to the supplier, shows them in both e-mails, and refuses a day that is over or does not exist', async () => {
    world = await handlerWorld();
    const note = '<b>Deliver</b> to the service door';
    const answer = await world.call(createOrder, bypassOrder({ in_hands_date: '2099-05-20', supplier_note: note }));
    expect(answer.status).toBe(200);
    expect(await world.database.findOrder(String(answer.body.order_id))).toMatchObject({ inHandsDate: '2099-05-20', supplierNote: note });
    const [staff, buyer] = await world.outbox();
    expect(staff?.text).toContain('In hands by:  2099-05-20');
    expect(staff?.text).toContain(`Buyer's note: ${note}`);
    expect(buyer?.text).toContain('In-hands date: 2099-05-20');
    // The note is text in the HTML, never markup.
    expect(buyer?.html).toContain('&lt;b&gt;Deliver&lt;/b&gt; to the service door');

    expect(await world.call(createOrder, bypassOrder({ in_hands_date: '2020-01-31' }))).toMatchObject({
      status: 400,
      body: { message: 'in_hands_date: In-hands date 2020-01-31 has passed: choose today or a later day' },
    });
    expect((await world.call(createOrder, bypassOrder({ in_hands_date: '2099-02-30' }))).body.message).toBe(
      'in_hands_date: In-hands date must be a date that exists, such as 2026-03-31',
    );
    expect((await world.call(createOrder, bypassOrder({ in_hands_date: 'next week' }))).body.problems).toEqual([
      'in_hands_date: must be a date (YYYY-MM-DD), got "next week"',
    ]);
    expect((await world.call(createOrder, bypassOrder({ supplier_note: 'x'.repeat(501) }))).status).toBe(400);
    expect((await world.database.listPlacedOrders('bypass-motors', 10)).orders).toHaveLength(1);
  });

  it("refuses an order over the tenant's ceiling", async () => {
    world = await handlerWorld();
    const hats = [
      {
        type: 'hat',
        name: 'ONLY-OTHER',
        code: 'ONLY-OTHER',
        size: 'OSFA',
        color: 'Black',
        quantity: OTHER_MAX_ORDER_TOTAL / 20 + 1,
        placement: '',
        embroidery: '',
      },
    ];
    const answer = await world.call(createOrder, bypassOrder({ companyName: OTHER_TENANT, store: '', code: 'OTHERCODE', cart: hats }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('$500.00');
    expect((await world.database.listPlacedOrders('other-group', 10)).orders).toEqual([]);
  });

  it('with an Idempotency-Key, a retry gets the first answer and places nothing more; the key with another body is 422', async () => {
    world = await handlerWorld();
    const key = { 'Idempotency-Key': randomUUID() };
    const first = await world.call(createOrder, bypassOrder(), { headers: key });
    const retry = await world.call(createOrder, bypassOrder(), { headers: key });
    expect(retry).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } });
    expect((await world.database.listPlacedOrders('bypass-motors', 10)).orders).toHaveLength(1);
    expect(await world.outbox()).toHaveLength(2);
    expect((await world.call(createOrder, bypassOrder({ customer_po: 'OTHER' }), { headers: key })).status).toBe(422);
  });
});

describe('create-order with PayPal', () => {
  let paypal: FakePayPal;
  beforeAll(async () => {
    paypal = await startFakePayPal();
  });
  afterAll(() => paypal?.close());

  it('is 503 when the API has no PayPal credentials, and stores nothing', async () => {
    world = await handlerWorld();
    const answer = await world.call(createOrder, paypalOrder());
    expect(answer).toMatchObject({ status: 503, body: { message: expect.stringMatching(/^PayPal checkout is not available/) } });
    expect(await world.database.countUnpaidOrdersFrom('198.51.100.1', 0)).toBe(0);
  });

  it("creates a PayPal order for the server's total and stores the order unpaid under PayPal's id", async () => {
    world = await handlerWorld({ paypal });
    const answer = await world.call(createOrder, paypalOrder(), { clientIp: '203.0.113.20' });
    expect(answer).toMatchObject({ status: 200, body: { total: 77.54 } });
    const orderId = String(answer.body.order_id);
    const unit = paypal.orders.get(orderId)?.body.purchase_units[0];
    expect(unit).toMatchObject({ reference_id: 'paypal-motors', amount: { currency_code: 'USD', value: '77.54' } });
    const stored = await world.database.findOrder(orderId);
    expect(stored).toMatchObject({ paid: 0, tenantId: 'paypal-motors', placedWith: `PayPal order ${orderId}`, paymentRef: unit?.custom_id });
    // An unpaid order is no order yet: no e-mail, not in the tenant's list.
    expect(await world.outbox()).toEqual([]);
    expect((await world.database.listPlacedOrders('paypal-motors', 10)).orders).toEqual([]);
  });

  it('refuses what PayPal cannot or may not pay before asking PayPal', async () => {
    world = await handlerWorld({ paypal, unpaidOrdersPerClient: 1 });
    const before = paypal.calls.length;
    expect(await world.call(createOrder, paypalOrder({ companyName: BYPASS_TENANT, store: OPEN_STORE.name, cart: polos(12) }))).toMatchObject({
      status: 400,
      body: { message: `PayPal checkout is not offered to ${BYPASS_TENANT}; enter your bypass code to place the order` },
    });
    // A $0 catalog price means "price on request": a quote, which only a bypass code can place.
    const onRequest = [{ type: 'office', name: 'FREE', code: 'FREE', size: '# pads', color: 'White', quantity: 1, placement: '', embroidery: '' }];
    expect(await world.call(createOrder, paypalOrder({ cart: onRequest }))).toMatchObject({
      status: 400,
      body: {
        message:
          '1 line priced on request, which PayPal cannot pay: enter your bypass code to place the order as a request for a quote, or remove that line (cart[0] (FREE, # pads, White))',
      },
    });
    expect(paypal.calls.length).toBe(before);

    const client = { clientIp: '203.0.113.30' };
    expect((await world.call(createOrder, paypalOrder(), client)).status).toBe(200);
    const second = await world.call(createOrder, paypalOrder(), client);
    expect(second.status).toBe(429);
    expect(second.headers?.['retry-after']).toBe('3600');
  });
});
