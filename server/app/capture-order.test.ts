import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../tests/helpers/fake-paypal.ts';
import { handlerWorld, removeFixture, type HandlerWorld } from '../tests/helpers/handler-world.ts';
import { BYPASS_CODE, BYPASS_TENANT, OPEN_STORE, PAYPAL_RECIPIENTS, PAYPAL_TENANT } from '../tests/helpers/order-fixture.ts';
import { captureOrder } from './capture-order.ts';
import { createOrder } from './create-order.ts';

const polos = (quantity: number) => [
  { type: 'mens', name: 'K500', code: 'K500', size: 'Medium', color: 'Navy', quantity, placement: 'Left Chest', embroidery: 'Shield' },
];
const buyer = { first_name: 'Pat', last_name: 'Doe', email: 'pat@dealer.example', customer_po: '' };

let paypal: FakePayPal;
let world: HandlerWorld;
beforeAll(async () => {
  paypal = await startFakePayPal();
});
afterEach(async () => {
  await world?.close();
  paypal.defaultOutcome = 'COMPLETED';
});
afterAll(async () => {
  await paypal?.close();
  removeFixture();
});

/** A PayPal order of PayPal Motors (2 polos, $77.54), created through create-order. */
async function unpaidOrder(): Promise<string> {
  const created = await world.call(createOrder, { ...buyer, store: '', companyName: PAYPAL_TENANT, cart: polos(2) });
  expect(created.status).toBe(200);
  return String(created.body.order_id);
}

describe('capture-order refuses without asking PayPal', () => {
  it("an order that does not exist, or is another tenant's, is 404", async () => {
    world = await handlerWorld({ paypal });
    const orderId = await unpaidOrder();
    const before = paypal.captureAttempts;
    expect(await world.call(captureOrder, { order_id: 'NO-SUCH-ORDER', companyName: PAYPAL_TENANT })).toMatchObject({
      status: 404,
      body: { message: `There is no order NO-SUCH-ORDER for ${PAYPAL_TENANT}` },
    });
    expect(await world.call(captureOrder, { order_id: orderId, companyName: BYPASS_TENANT })).toMatchObject({
      status: 404,
      body: { message: `There is no order ${orderId} for ${BYPASS_TENANT}` },
    });
    expect(paypal.captureAttempts).toBe(before);
    expect((await world.database.findOrder(orderId))?.paid).toBe(0);
  });

  it('an order placed with a bypass code has nothing to capture: 409', async () => {
    world = await handlerWorld({ paypal });
    const placed = await world.call(createOrder, {
      ...buyer,
      store: OPEN_STORE.name,
      companyName: BYPASS_TENANT,
      cart: polos(12),
      bypassPaypal: true,
      code: BYPASS_CODE,
    });
    const orderId = String(placed.body.order_id);
    expect(await world.call(captureOrder, { order_id: orderId, companyName: BYPASS_TENANT })).toMatchObject({
      status: 409,
      body: { message: `Order ${orderId} was placed with a bypass code; there is no payment to capture` },
    });
  });

  it('without PayPal credentials it is 503 and the order stays unpaid', async () => {
    world = await handlerWorld({ paypal });
    const orderId = await unpaidOrder();
    const offline = await handlerWorld();
    await offline.database.insertOrder((await world.database.findOrder(orderId))!);
    try {
      expect(await offline.call(captureOrder, { order_id: orderId, companyName: PAYPAL_TENANT })).toMatchObject({
        status: 503,
        body: { message: 'PayPal checkout is not available: this order API has no PayPal credentials' },
      });
      expect((await offline.database.findOrder(orderId))?.paid).toBe(0);
    } finally {
      await offline.close();
    }
  });

  it('a body without order_id is 400 naming the field', async () => {
    world = await handlerWorld({ paypal });
    const answer = await world.call(captureOrder, { companyName: PAYPAL_TENANT });
    expect(answer).toMatchObject({ status: 400, body: { problems: ['order_id: missing required field "order_id"'] } });
  });
});

describe('capture-order with PayPal', () => {
  it('marks the order paid once PayPal completed the capture, e-mails the tenant, and answers a second capture the same without charging again', async () => {
    world = await handlerWorld({ paypal });
    const orderId = await unpaidOrder();
    const first = await world.call(captureOrder, { order_id: orderId, companyName: PAYPAL_TENANT });
    expect(first).toMatchObject({ status: 200, body: { order_id: orderId, status: 'COMPLETED', paid: 1, total: 77.54, confirmation_sent_to: buyer.email } });
    expect((await world.database.findOrder(orderId))?.paid).toBe(1);
    expect((await world.outbox()).map((mail) => mail.to)).toEqual([PAYPAL_RECIPIENTS, [buyer.email]]);

    const attempts = paypal.captureAttempts;
    expect(await world.call(captureOrder, { order_id: orderId, companyName: PAYPAL_TENANT })).toEqual(first);
    expect(paypal.captureAttempts).toBe(attempts);
    expect(await world.outbox()).toHaveLength(2);
  });

  it("a declined card is 422 with PayPal's issue and leaves the order capturable with another funding source", async () => {
    world = await handlerWorld({ paypal });
    const orderId = await unpaidOrder();
    paypal.defaultOutcome = 'INSTRUMENT_DECLINED';
    expect(await world.call(captureOrder, { order_id: orderId, companyName: PAYPAL_TENANT })).toMatchObject({
      status: 422,
      body: { message: 'The payment method was declined (INSTRUMENT_DECLINED); choose another way to pay', issue: 'INSTRUMENT_DECLINED' },
    });
    expect((await world.database.findOrder(orderId))?.paid).toBe(0);
    expect(await world.outbox()).toEqual([]);

    paypal.defaultOutcome = 'COMPLETED';
    expect(await world.call(captureOrder, { order_id: orderId, companyName: PAYPAL_TENANT })).toMatchObject({ status: 200, body: { paid: 1 } });
  });

  it("a capture of another amount than the order's is not accepted: 422 PAYMENT_MISMATCH, the order stays unpaid, the tenant is warned", async () => {
    world = await handlerWorld({ paypal });
    const orderId = await unpaidOrder();
    paypal.setAmount(orderId, '1.00');
    const answer = await world.call(captureOrder, { order_id: orderId, companyName: PAYPAL_TENANT });
    expect(answer).toMatchObject({ status: 422, body: { issue: 'PAYMENT_MISMATCH' } });
    expect(answer.body.message).toContain(orderId);
    expect((await world.database.findOrder(orderId))?.paid).toBe(0);
    expect((await world.outbox()).map((mail) => mail.to)).toEqual([PAYPAL_RECIPIENTS]);
  });
});
