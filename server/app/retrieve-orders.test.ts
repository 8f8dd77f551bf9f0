import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { handlerWorld, removeFixture, storedOrder, type HandlerWorld } from '../tests/helpers/handler-world.ts';
import { ADMIN_PASSWORD, ADMIN_PASSWORDS, BYPASS_TENANT, OTHER_TENANT, STAFF_PASSWORD } from '../tests/helpers/order-fixture.ts';
import { retrieveOrders } from './retrieve-orders.ts';

let world: HandlerWorld;
afterEach(() => world?.close());
afterAll(removeFixture);

/** Bypass Motors' orders: placed on the 1st, paid on the 2nd, unpaid on the 3rd, placed on the 4th; one of Other Group's. */
async function withOrders() {
  world = await handlerWorld();
  const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
  const placed = await world.database.insertOrder(storedOrder({ createdAt: at(1) }));
  const paid = await world.database.insertOrder(storedOrder({ createdAt: at(2), paid: 1, placedWith: 'PayPal order P1' }));
  await world.database.insertOrder(storedOrder({ createdAt: at(3), paid: 0, placedWith: 'PayPal order P2' }));
  const latest = await world.database.insertOrder(storedOrder({ createdAt: at(4), email: 'bo@dealer.example' }));
  await world.database.insertOrder(storedOrder({ tenantId: 'other-group', companyName: OTHER_TENANT, createdAt: at(5) }));
  return { placed, paid, latest };
}

const idsOf = (answer: { body: Record<string, unknown> }) => (answer.body.orders as { order_id: string }[]).map((order) => order.order_id);

describe('retrieve-orders', () => {
  it("shows staff their tenant's placed and paid orders, newest first, with status and totals, without how they were placed or from where", async () => {
    const { placed, paid, latest } = await withOrders();
    const answer = await world.call(retrieveOrders, { companyName: BYPASS_TENANT }, { headers: await world.signIn(BYPASS_TENANT, STAFF_PASSWORD) });
    expect(answer.status).toBe(200);
    expect(idsOf(answer)).toEqual([latest.orderId, paid.orderId, placed.orderId]);
    const [first] = answer.body.orders as Record<string, unknown>[];
    expect(first).toMatchObject({ email: 'bo@dealer.example', company_name: BYPASS_TENANT, paid: 2, status: 'placed', total: 465.24, status_history: [] });
    expect(first).toMatchObject({ order: [expect.objectContaining({ code: 'K500', quantity: 12, price: 38.77 })] });
    expect(first).not.toHaveProperty('placed_with');
    expect(first).not.toHaveProperty('client_ip');
    expect(answer.body.next_cursor).toBeNull();
  });

  it('shows an admin how each order was placed and from which address', async () => {
    const { paid } = await withOrders();
    const answer = await world.call(retrieveOrders, { companyName: BYPASS_TENANT }, { headers: await world.signIn(BYPASS_TENANT, ADMIN_PASSWORD) });
    expect((answer.body.orders as Record<string, unknown>[])[1]).toMatchObject({
      order_id: paid.orderId,
      status: 'paid',
      placed_with: 'PayPal order P1',
      client_ip: '203.0.113.5',
    });
  });

  it('pages with next_cursor, and refuses a cursor it did not give', async () => {
    const { placed, paid, latest } = await withOrders();
    const staff = { headers: await world.signIn(BYPASS_TENANT, STAFF_PASSWORD) };
    const first = await world.call(retrieveOrders, { companyName: BYPASS_TENANT, limit: 2 }, staff);
    expect(idsOf(first)).toEqual([latest.orderId, paid.orderId]);
    const second = await world.call(retrieveOrders, { companyName: BYPASS_TENANT, limit: 2, cursor: first.body.next_cursor }, staff);
    expect(idsOf(second)).toEqual([placed.orderId]);
    expect(second.body.next_cursor).toBeNull();
    expect(await world.call(retrieveOrders, { companyName: BYPASS_TENANT, cursor: 'not-a-cursor' }, staff)).toMatchObject({
      status: 400,
      body: { message: 'cursor: must be a next_cursor retrieve-orders gave, unchanged' },
    });
  });

  it("needs a session of that tenant: none is 401, a bad token 401, another tenant's 403", async () => {
    await withOrders();
    expect(await world.call(retrieveOrders, { companyName: BYPASS_TENANT })).toMatchObject({
      status: 401,
      body: { message: `Sign in with the ${BYPASS_TENANT} password to see its orders` },
    });
    expect(await world.call(retrieveOrders, { companyName: BYPASS_TENANT }, { headers: { authorization: 'Bearer forged.token.here' } })).toMatchObject({
      status: 401,
    });
    expect(
      await world.call(retrieveOrders, { companyName: BYPASS_TENANT }, { headers: await world.signIn(OTHER_TENANT, ADMIN_PASSWORDS[OTHER_TENANT]!) }),
    ).toMatchObject({
      status: 403,
      body: { message: `This session is for another storefront, not ${BYPASS_TENANT}` },
    });
  });

  it('filters by buyer, PO, days and status, and pages through the matches only', async () => {
    const { placed, paid, latest } = await withOrders();
    const staff = { headers: await world.signIn(BYPASS_TENANT, STAFF_PASSWORD) };
    const poOrder = await world.database.insertOrder(
      storedOrder({ createdAt: '2026-03-06T10:00:00.000Z', customerPo: 'CPO-4471', firstName: 'Dana', lastName: 'Reyes', email: 'dana@dealer.example' }),
    );
    const list = (filter: Record<string, string>, more: Record<string, unknown> = {}) =>
      world.call(retrieveOrders, { companyName: BYPASS_TENANT, filter, ...more }, staff);

    expect(idsOf(await list({ po: '4471' }))).toEqual([poOrder.orderId]);
    expect(idsOf(await list({ po: 'cpo-4471', buyer: 'dana reyes' }))).toEqual([poOrder.orderId]);
    expect(idsOf(await list({ buyer: 'BO@' }))).toEqual([latest.orderId]);
    // Days of a desk in Chicago (UTC−6): the 2nd to the 4th there.
    expect(idsOf(await list({ placed_from: '2026-03-02T06:00:00.000Z', placed_before: '2026-03-05T06:00:00.000Z' }))).toEqual([latest.orderId, paid.orderId]);
    expect(idsOf(await list({ placed_from: '2026-03-04T10:00:00.001Z' }))).toEqual([poOrder.orderId]);
    expect(idsOf(await list({ status: 'paid' }))).toEqual([paid.orderId]);
    expect(idsOf(await list({ po: 'nothing like it' }))).toEqual([]);
    // An empty filter lists every order, as none does.
    expect(idsOf(await list({ po: '', buyer: ' ' }))).toEqual([poOrder.orderId, latest.orderId, paid.orderId, placed.orderId]);

    const first = await list({ buyer: 'ann' }, { limit: 1 });
    expect(idsOf(first)).toEqual([latest.orderId]);
    const second = await list({ buyer: 'ann' }, { limit: 1, cursor: first.body.next_cursor });
    expect(idsOf(second)).toEqual([paid.orderId]);
    expect(await list({ placed_from: 'yesterday' })).toMatchObject({
      status: 400,
      body: { problems: ['filter.placed_from: must be an ISO 8601 time with its zone (2026-03-01T06:00:00.000Z), got "yesterday"'] },
    });
  });
});
