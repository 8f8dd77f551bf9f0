import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contractWorld } from './helpers/contract-world.ts';
import { STOREFRONT_ORIGIN } from './helpers/test-api.ts';
import { ADMIN_PASSWORDS, BYPASS_TENANT, bypassMotorsOrder, PAYPAL_TENANT, paypalMotorsOrder, STAFF_PASSWORD } from './helpers/order-fixture.ts';

/**
 * Order status with tracking (run on SQLite and PostgreSQL): only an admin session of the
 * order's tenant sets it, the server refuses changes that make no sense, every change is kept
 * with its time and shown to staff, a shipment carries its carrier's tracking link, and the
 * buyer gets one shipping e-mail per shipment when the tenant sends them.
 */
export function orderStatusContract(newDatabase: () => Promise<string | undefined>): void {
  const world = contractWorld(newDatabase);

  const admin = (companyName = BYPASS_TENANT) => world.api.signIn(companyName, ADMIN_PASSWORDS[companyName]!);
  const staff = () => world.api.signIn(BYPASS_TENANT, STAFF_PASSWORD);

  /** A bypass order of Bypass Motors (shipping e-mails on): its id and the buyer's address. */
  const placeOrder = async () => {
    const email = `${randomUUID()}@dealer.example`;
    const created = await world.api.post('/v1/create-order', bypassMotorsOrder({ email }));
    expect(created.status).toBe(200);
    return { orderId: created.body.order_id as string, email };
  };
  /** A PayPal order of PayPal Motors (shipping e-mails off), captured: paid. */
  const paidOrder = async () => {
    const email = `${randomUUID()}@dealer.example`;
    const created = await world.api.post('/v1/create-order', paypalMotorsOrder({ email }));
    expect(created.status).toBe(200);
    const orderId = created.body.order_id as string;
    expect((await world.api.post('/v1/capture-order', { order_id: orderId, companyName: PAYPAL_TENANT })).status).toBe(200);
    return { orderId, email };
  };
  const setStatus = async (orderId: string, change: Record<string, unknown>, session?: Record<string, string>, companyName = BYPASS_TENANT) =>
    world.api.post('/v1/set-order-status', { companyName, order_id: orderId, ...change }, session ?? (await admin(companyName)));
  const listed = async (orderId: string, session?: Record<string, string>, companyName = BYPASS_TENANT) => {
    const answer = await world.api.post('/v1/retrieve-orders', { companyName, limit: 500 }, session ?? (await staff()));
    expect(answer.status).toBe(200);
    return (answer.body.orders as Record<string, any>[]).find((o) => o.order_id === orderId)!;
  };

  describe('who may set it', () => {
    it("takes an admin session of the tenant only: none is 401, a staff session or another tenant's admin 403, and nothing changes", async () => {
      const { orderId } = await placeOrder();
      expect(await world.api.post('/v1/set-order-status', { companyName: BYPASS_TENANT, order_id: orderId, status: 'received' })).toMatchObject({
        status: 401,
      });
      expect(await setStatus(orderId, { status: 'received' }, await staff())).toMatchObject({ status: 403 });
      expect(await setStatus(orderId, { status: 'received' }, await admin(PAYPAL_TENANT))).toMatchObject({ status: 403 });
      expect(await setStatus(orderId, { status: 'received' }, { authorization: 'Bearer forged.token.here' })).toMatchObject({ status: 401 });
      expect(await listed(orderId)).toMatchObject({ status: 'placed', status_history: [] });
    });

    it("answers 404 for an order of another tenant, an unpaid PayPal order and one that does not exist, as the tenant's admin", async () => {
      const { orderId: othersOrder } = await paidOrder();
      expect(await setStatus(othersOrder, { status: 'received' })).toMatchObject({
        status: 404,
        body: { message: `order_id: ${BYPASS_TENANT} has no placed or paid order ${othersOrder}` },
      });
      const unpaid = await world.api.post('/v1/create-order', paypalMotorsOrder());
      expect(await setStatus(unpaid.body.order_id as string, { status: 'received' }, undefined, PAYPAL_TENANT)).toMatchObject({ status: 404 });
      expect(await setStatus('NO-SUCH-ORDER', { status: 'received' })).toMatchObject({ status: 404 });
      expect((await listed(othersOrder, await admin(PAYPAL_TENANT), PAYPAL_TENANT)).status_history).toEqual([]);
    });
  });

  describe('statuses and history', () => {
    it('starts as placed (bypass code) or paid (PayPal), with no history', async () => {
      const { orderId } = await placeOrder();
      expect(await listed(orderId)).toMatchObject({ status: 'placed', status_history: [] });
      const paid = await paidOrder();
      expect(await listed(paid.orderId, await admin(PAYPAL_TENANT), PAYPAL_TENANT)).toMatchObject({ status: 'paid', status_history: [] });
      expect(await setStatus(paid.orderId, { status: 'in_production' }, undefined, PAYPAL_TENANT)).toMatchObject({
        status: 200,
        body: { order: { status: 'in_production' } },
      });
    });

    it('goes received → in production → shipped → delivered, each change kept with its time and shown to staff with the tracking link', async () => {
      const { orderId } = await placeOrder();
      const before = Date.now();
      for (const change of [
        { status: 'received' },
        { status: 'in_production' },
        { status: 'shipped', carrier: 'UPS', tracking_number: '1z999aa10123456784' },
        { status: 'delivered' },
      ]) {
        const answer = await setStatus(orderId, change);
        expect(answer).toMatchObject({ status: 200, body: { order: { order_id: orderId, status: change.status } } });
      }
      const order = await listed(orderId, await staff());
      expect(order.status).toBe('delivered');
      expect(order.status_history).toEqual([
        { status: 'received', at: expect.any(String), by: 'admin' },
        { status: 'in_production', at: expect.any(String), by: 'admin' },
        {
          status: 'shipped',
          at: expect.any(String),
          by: 'admin',
          carrier: 'UPS',
          tracking_number: '1Z999AA10123456784',
          tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        },
        { status: 'delivered', at: expect.any(String), by: 'admin' },
      ]);
      const times = (order.status_history as { at: string }[]).map((c) => Date.parse(c.at));
      expect(times[0]).toBeGreaterThanOrEqual(before - 1000);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it('refuses what makes no sense with a clear message, and records nothing for it', async () => {
      const { orderId } = await placeOrder();
      expect(await setStatus(orderId, { status: 'shipped', carrier: 'UPS' })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('tracking_number: required to set an order shipped') },
      });
      expect(await setStatus(orderId, { status: 'shipped', tracking_number: '1Z999AA1' })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('carrier: required to set an order shipped') },
      });
      expect(await setStatus(orderId, { status: 'shipped', carrier: 'Pony Express', tracking_number: '1Z999AA1' })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('carrier:') },
      });
      expect(await setStatus(orderId, { status: 'shipped', carrier: 'UPS', tracking_number: '"><script>' })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('tracking_number: must be 4 to 40 letters, digits, spaces or dashes') },
      });
      expect(await setStatus(orderId, { status: 'cancelled' })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('reason: required to cancel an order') },
      });
      expect(await setStatus(orderId, { status: 'received', reason: 'why not' })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('reason: only for cancelled, not received') },
      });
      expect(await setStatus(orderId, { status: 'placed' })).toMatchObject({ status: 400 });

      expect((await setStatus(orderId, { status: 'shipped', carrier: 'FedEx', tracking_number: '123456789012' })).status).toBe(200);
      expect(await setStatus(orderId, { status: 'in_production' })).toMatchObject({
        status: 409,
        body: { message: 'status: an order that is shipped cannot become in production (it can become: delivered)' },
      });
      expect(await setStatus(orderId, { status: 'cancelled', reason: 'too late' })).toMatchObject({ status: 409 });
      expect((await setStatus(orderId, { status: 'delivered' })).status).toBe(200);
      expect(await setStatus(orderId, { status: 'in_production' })).toMatchObject({
        status: 409,
        body: { message: 'status: the order is delivered; its status cannot change any more' },
      });

      const cancelled = await placeOrder();
      expect(await setStatus(cancelled.orderId, { status: 'cancelled', reason: 'Dealer closed the account' })).toMatchObject({
        status: 200,
        body: { order: { status: 'cancelled', status_history: [{ status: 'cancelled', by: 'admin', reason: 'Dealer closed the account' }] } },
      });
      for (const next of [
        { status: 'received' },
        { status: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA1' },
        { status: 'cancelled', reason: 'again' },
      ]) {
        expect(await setStatus(cancelled.orderId, next)).toMatchObject({
          status: 409,
          body: { message: 'status: the order is cancelled; its status cannot change any more' },
        });
      }
      expect((await listed(orderId)).status_history.map((c: { status: string }) => c.status)).toEqual(['shipped', 'delivered']);
      expect((await listed(cancelled.orderId)).status_history).toHaveLength(1);
    });

    it("builds the tracking link from the carrier: UPS, FedEx, USPS and DHL have one, 'other' none", async () => {
      const links: Record<string, string | undefined> = {
        UPS: 'https://www.ups.com/track?tracknum=1Z12345E0205271688',
        FedEx: 'https://www.fedex.com/fedextrack/?trknbr=1Z12345E0205271688',
        USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=1Z12345E0205271688',
        DHL: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1Z12345E0205271688',
        other: undefined,
      };
      for (const [carrier, link] of Object.entries(links)) {
        const { orderId } = await placeOrder();
        const answer = await setStatus(orderId, { status: 'shipped', carrier, tracking_number: '1Z 12345 E020 5271688' });
        expect(answer.status).toBe(200);
        const [shipped] = answer.body.order.status_history as Record<string, unknown>[];
        expect(shipped).toMatchObject({ carrier, tracking_number: '1Z 12345 E020 5271688' });
        expect(shipped!.tracking_url).toBe(link);
      }
    });

    it('applies one of two admins shipping the same order at once and refuses the other', async () => {
      const { orderId } = await placeOrder();
      const session = await admin();
      const answers = await Promise.all(
        ['1Z0000000000000001', '1Z0000000000000002'].map((tracking_number) =>
          setStatus(orderId, { status: 'shipped', carrier: 'UPS', tracking_number }, session),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await listed(orderId)).status_history).toHaveLength(1);
      const mails = await world.smtp.waitForMention(`tracknum=1Z000000000000000`, 1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(world.smtp.received.filter((m) => m.text.includes('tracknum=1Z000000000000000'))).toHaveLength(mails.length);
      expect(mails).toHaveLength(1);
    });
  });

  describe('the shipping e-mail', () => {
    it('reaches the buyer once, with carrier, tracking number and link in the text and the HTML; a repeated request sends no second one', async () => {
      const { orderId, email } = await placeOrder();
      const shipment = { status: 'shipped', carrier: 'UPS', tracking_number: '1Z4TRACKMAIL0001' };
      expect((await setStatus(orderId, shipment)).status).toBe(200);
      expect((await setStatus(orderId, shipment)).status).toBe(409);
      const [mail] = await world.smtp.waitForMention('1Z4TRACKMAIL0001');
      expect(mail!.to).toEqual([email]);
      expect(mail!.raw).toMatch(/Content-Type: text\/plain/i);
      expect(mail!.raw).toMatch(/Content-Type: text\/html/i);
      expect(mail!.text).toContain('Carrier:         UPS');
      expect(mail!.text.match(/https:\/\/www\.ups\.com\/track\?tracknum=1Z4TRACKMAIL0001/g)).toHaveLength(2);
      expect(mail!.text).toMatch(/<a href="https:\/\/www\.ups\.com\/track\?tracknum=1Z4TRACKMAIL0001"/);
      // A later e-mail is sent after this one (the outbox goes in order): wait for it, then count.
      const later = await placeOrder();
      await setStatus(later.orderId, { status: 'shipped', carrier: 'USPS', tracking_number: '9400LATER0001' });
      await world.smtp.waitForMention('9400LATER0001');
      expect(world.smtp.received.filter((m) => m.text.includes('1Z4TRACKMAIL0001'))).toHaveLength(1);
      expect(world.smtp.received.filter((m) => m.to.includes(email) && m.text.includes('has shipped'))).toHaveLength(1);
    });

    it("carries the link to the order's page on the storefront it was shipped from, which opens that order read-only and no other", async () => {
      const { orderId } = await placeOrder();
      const other = await placeOrder();
      const shipment = { companyName: BYPASS_TENANT, order_id: orderId, status: 'shipped', carrier: 'FedEx', tracking_number: '777LINKMAIL01' };
      expect((await world.api.post('/v1/set-order-status', shipment, { ...(await admin()), origin: STOREFRONT_ORIGIN })).status).toBe(200);
      const [mail] = await world.smtp.waitForMention('777LINKMAIL01');
      const key = new RegExp(`${STOREFRONT_ORIGIN}/bypass/order/#order=${orderId}&key=([\\w.-]+)`).exec(mail!.text)?.[1];
      expect(key).toBeDefined();
      const view = (order_id: string, companyName = BYPASS_TENANT) => world.api.post('/v1/view-order', { companyName, order_id, key });
      const seen = await view(orderId);
      expect(seen.status).toBe(200);
      expect(seen.body.order).toMatchObject({ order_id: orderId, status: 'shipped', status_history: [{ carrier: 'FedEx', tracking_number: '777LINKMAIL01' }] });
      // Nothing of the buyer: a forwarded link passes on no name or address.
      expect(JSON.stringify(seen.body)).not.toMatch(/@dealer\.example|"first_name"|"email"/);
      expect(await view(other.orderId)).toMatchObject({ status: 403, body: { message: expect.stringMatching(/for another order/) } });
      expect(await view(orderId, PAYPAL_TENANT)).toMatchObject({ status: 403 });
    });

    it('sends none for a tenant without shipping_email, nor for statuses other than shipped', async () => {
      const paid = await paidOrder();
      expect((await setStatus(paid.orderId, { status: 'shipped', carrier: 'DHL', tracking_number: '5566778899' }, undefined, PAYPAL_TENANT)).status).toBe(200);
      const { orderId, email } = await placeOrder();
      await setStatus(orderId, { status: 'received' });
      await setStatus(orderId, { status: 'shipped', carrier: 'USPS', tracking_number: '9400MARKER0002' });
      await world.smtp.waitForMention('9400MARKER0002');
      const shippingMails = (to: string) => world.smtp.received.filter((m) => m.to.includes(to) && m.text.includes('has shipped'));
      expect(shippingMails(paid.email)).toEqual([]);
      expect(shippingMails(email)).toHaveLength(1);
    });
  });
}
