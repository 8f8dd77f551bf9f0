import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { handlerWorld, removeFixture, storedOrder, type HandlerWorld } from '../tests/helpers/handler-world.ts';
import { ADMIN_PASSWORD, BYPASS_TENANT, STAFF_PASSWORD } from '../tests/helpers/order-fixture.ts';
import { retrieveOrders } from './retrieve-orders.ts';
import { updateHistoricalOrder } from './update-historical-order.ts';

let world: HandlerWorld;
afterEach(() => world?.close());
afterAll(removeFixture);

/** One placed order of Bypass Motors, as the admin's orders screen has it (retrieve-orders), and the admin's session. */
async function withListedOrder() {
  world = await handlerWorld();
  const stored = await world.database.insertOrder(storedOrder());
  const admin = await world.signIn(BYPASS_TENANT, ADMIN_PASSWORD);
  const listed = await world.call(retrieveOrders, { companyName: BYPASS_TENANT }, { headers: admin });
  const [order] = listed.body.orders as { email: string; created_at: string; order: Record<string, unknown>[] }[];
  const edit = (lines: Record<string, unknown>[], extra: Record<string, unknown> = {}, headers: Record<string, string> = admin) =>
    world.call(updateHistoricalOrder, { companyName: BYPASS_TENANT, email: order!.email, created_at: order!.created_at, cart: lines, ...extra }, { headers });
  return { stored, lines: order!.order, edit };
}

describe('update-historical-order', () => {
  it("sets PO, Customer PO and Est. Ship Date of the order's lines, and stores them", async () => {
    const { stored, lines, edit } = await withListedOrder();
    const answer = await edit([{ ...lines[0], po: ' PO-77 ', customer_po: 'CPO-9', est_ship_date: '2026-04-01' }]);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      order: [expect.objectContaining({ po: 'PO-77', customer_po: 'CPO-9', est_ship_date: '2026-04-01', quantity: 12 })],
    });
    expect((await world.database.findOrder(stored.orderId))?.lines[0]).toMatchObject({
      po: 'PO-77',
      customerPo: 'CPO-9',
      estShipDate: '2026-04-01',
      quantity: 12,
    });
  });

  it('refuses a change to any other field, naming it, and a different number of lines; nothing is stored', async () => {
    const { stored, lines, edit } = await withListedOrder();
    expect(await edit([{ ...lines[0], quantity: 1 }])).toMatchObject({
      status: 400,
      body: { message: 'cart[0].quantity: cannot be changed (only po, customer_po and est_ship_date can); the order has 12, got 1' },
    });
    expect(await edit([{ ...lines[0], price: 0.01, po: 'PO-1' }])).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^cart\[0\]\.price: cannot be changed/) },
    });
    expect(await edit([lines[0]!, lines[0]!])).toMatchObject({ status: 400, body: { message: "cart: must hold the order's 1 line in their order, got 2" } });
    expect(await edit([{ ...lines[0], est_ship_date: 'next week' }])).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^cart\[0\]\.est_ship_date: /) },
    });
    expect((await world.database.findOrder(stored.orderId))?.lines).toEqual(stored.lines);
  });

  it('takes the admin password in the body instead of a session; a wrong one finds no order (404); a staff session may not edit (403)', async () => {
    const { lines, edit } = await withListedOrder();
    expect((await edit([{ ...lines[0], po: 'BY-PASSWORD' }], { admin_password: ADMIN_PASSWORD }, {})).status).toBe(200);
    expect(await edit([{ ...lines[0], po: 'X' }], { admin_password: 'wrong-password' }, {})).toMatchObject({
      status: 404,
      body: { message: expect.stringContaining('can be edited with this admin password') },
    });
    expect(await edit([{ ...lines[0], po: 'X' }], {}, await world.signIn(BYPASS_TENANT, STAFF_PASSWORD))).toMatchObject({ status: 403 });
  });
});
