import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { handlerWorld, removeFixture, storedOrder, type HandlerWorld } from '../tests/helpers/handler-world.ts';
import { ADMIN_PASSWORD, ADMIN_PASSWORDS, BYPASS_TENANT, OTHER_TENANT, PAYPAL_TENANT, STAFF_PASSWORD } from '../tests/helpers/order-fixture.ts';
import { retrieveOrders } from './retrieve-orders.ts';
import { setOrderStatus } from './set-order-status.ts';

let world: HandlerWorld;
afterEach(() => world?.close());
afterAll(removeFixture);

/** A world with one placed order of Bypass Motors (which e-mails buyers their shipments), and its admin's session. */
async function withPlacedOrder() {
  world = await handlerWorld();
  const order = await world.database.insertOrder(storedOrder());
  const admin = await world.signIn(BYPASS_TENANT, ADMIN_PASSWORD);
  const set = (status: string, extra: Record<string, unknown> = {}, headers = admin) =>
    world.call(setOrderStatus, { companyName: BYPASS_TENANT, order_id: order.orderId, status, ...extra }, { headers });
  return { order, admin, set };
}

describe('set-order-status', () => {
  it("lets the tenant's admin move an order forward; the change is stored with its time and shows in the orders list", async () => {
    const { order, admin, set } = await withPlacedOrder();
    const answer = await set('received');
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      order_id: order.orderId,
      status: 'received',
      status_history: [{ status: 'received', by: 'admin', at: expect.any(String) }],
    });

    const listed = await world.call(retrieveOrders, { companyName: BYPASS_TENANT }, { headers: admin });
    expect(listed.body.orders).toEqual([expect.objectContaining({ order_id: order.orderId, status: 'received' })]);
    expect(await world.outbox()).toEqual([]);
  });

  it('a shipment needs its carrier and tracking number, gets a tracking link, and e-mails the buyer once', async () => {
    const { order, set } = await withPlacedOrder();
    const missing = await set('shipped');
    expect(missing).toMatchObject({
      status: 400,
      body: { problems: ['carrier: required to set an order shipped (UPS, FedEx, USPS, DHL or other)', 'tracking_number: required to set an order shipped'] },
    });

    const shipped = await set('shipped', { carrier: 'UPS', tracking_number: '1z999aa10123456784' });
    expect(shipped.status).toBe(200);
    expect((shipped.body.order as { status_history: unknown[] }).status_history).toEqual([
      expect.objectContaining({
        status: 'shipped',
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        tracking_url: expect.stringContaining('1Z999AA10123456784'),
      }),
    ]);
    const mail = await world.outbox();
    expect(mail).toEqual([expect.objectContaining({ to: [order.email], orderId: order.orderId })]);

    // A retried "shipped" is refused, so the buyer gets no second e-mail.
    expect(await set('shipped', { carrier: 'UPS', tracking_number: '1Z999AA10123456784' })).toMatchObject({ status: 409, body: { current_status: 'shipped' } });
    expect(await world.outbox()).toHaveLength(1);
  });

  it("refuses a change the order's status does not allow (409, naming what it can become) and a cancellation without a reason (400)", async () => {
    const { set } = await withPlacedOrder();
    expect(await set('cancelled')).toMatchObject({ status: 400, body: { problems: ['reason: required to cancel an order; say why, staff see it'] } });
    expect(await set('delivered')).toMatchObject({
      status: 409,
      body: {
        message: 'status: an order that is placed cannot become delivered (it can become: received, in production, shipped, cancelled)',
        current_status: 'placed',
      },
    });
    expect((await set('cancelled', { reason: 'Dealer called' })).status).toBe(200);
    expect(await set('received')).toMatchObject({
      status: 409,
      body: { message: 'status: the order is cancelled; its status cannot change any more', current_status: 'cancelled' },
    });
  });

  it("needs an admin session of the order's own tenant: none is 401, staff is 403, another tenant's admin is 403", async () => {
    const { order, set } = await withPlacedOrder();
    expect(await set('received', {}, {})).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' } });
    expect(await set('received', {}, await world.signIn(BYPASS_TENANT, STAFF_PASSWORD))).toMatchObject({
      status: 403,
      body: { message: 'This needs the admin password; you are signed in as staff' },
    });
    expect(await set('received', {}, await world.signIn(OTHER_TENANT, ADMIN_PASSWORDS[OTHER_TENANT]!))).toMatchObject({ status: 403 });

    // Asking as the other tenant about this order: as if it did not exist.
    const otherAdmin = await world.signIn(OTHER_TENANT, ADMIN_PASSWORDS[OTHER_TENANT]!);
    expect(await world.call(setOrderStatus, { companyName: OTHER_TENANT, order_id: order.orderId, status: 'received' }, { headers: otherAdmin })).toMatchObject(
      {
        status: 404,
        body: { message: `order_id: ${OTHER_TENANT} has no placed or paid order ${order.orderId}` },
      },
    );
    expect((await world.database.statuses.historyOf([order.orderId])).get(order.orderId) ?? []).toEqual([]);
  });

  it('an unpaid PayPal order is no order yet: 404', async () => {
    world = await handlerWorld();
    const unpaid = await world.database.insertOrder(
      storedOrder({ tenantId: 'paypal-motors', companyName: PAYPAL_TENANT, paid: 0, placedWith: 'PayPal order X' }),
    );
    const admin = await world.signIn(PAYPAL_TENANT, ADMIN_PASSWORDS[PAYPAL_TENANT]!);
    expect(await world.call(setOrderStatus, { companyName: PAYPAL_TENANT, order_id: unpaid.orderId, status: 'received' }, { headers: admin })).toMatchObject({
      status: 404,
    });
  });
});
