import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from './helpers/fake-paypal.ts';
import { ADMIN_PASSWORDS, PAYPAL_RECIPIENTS, PAYPAL_TENANT, paypalMotorsOrder, POLO_LINE, writeOrderFixture } from './helpers/order-fixture.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { startTestApi, type TestApi } from './helpers/test-api.ts';

/**
 * "Payment verified": an order is paid only when PayPal captured exactly what the server
 * asked for, under this order's references; a PENDING capture is asked about again when the
 * buyer comes back; a declined one is final and the buyer pays with a new order; a capture
 * held by a request that died does not lock the buyer out for long. Run on SQLite and on
 * PostgreSQL (sqlite.test.ts, postgres.test.ts).
 */
export function paymentContract(newDatabase: () => Promise<string | undefined>): void {
  let paypal: FakePayPal;
  let smtp: SmtpSink;
  let api: TestApi;
  let fixture: string;

  // PayPal calls time out after 2 s here, so a capture waits 4 s for another request and a
  // capture claim is stale after 9 s (start-order-api.ts), and the tests need not wait minutes.
  const PAYPAL_TIMEOUT_MS = 2_000;
  const CAPTURE_WAIT_MS = PAYPAL_TIMEOUT_MS + 2_000;
  const CAPTURE_STALE_MS = 2 * PAYPAL_TIMEOUT_MS + 5_000;

  beforeAll(async () => {
    fixture = writeOrderFixture();
    paypal = await startFakePayPal();
    smtp = await startSmtpSink();
    api = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), paypal, smtp, env: { PAYPAL_TIMEOUT_MS: String(PAYPAL_TIMEOUT_MS) } });
  });
  afterAll(async () => {
    await api?.close();
    await paypal?.close();
    await smtp?.close();
    if (fixture) rmSync(fixture, { recursive: true, force: true });
  });

  // 2 × K500 Medium at the catalog's $38.77: the server's total is $77.54, whatever the browser says.
  const cart = [{ ...POLO_LINE, quantity: 2 }];
  const orderBody = (email = `${randomUUID()}@dealer.example`) => paypalMotorsOrder({ email, cart });
  const createOrder = async (email?: string) => {
    const body = orderBody(email);
    const created = await api.post('/v1/create-order', body, { 'idempotency-key': randomUUID() });
    expect(created.status).toBe(200);
    return { orderId: created.body.order_id as string, email: body.email };
  };
  const capture = (orderId: string) => api.post('/v1/capture-order', { order_id: orderId, companyName: PAYPAL_TENANT });

  let session: Promise<Record<string, string>> | undefined;
  /** What the tenant's orders screen lists for `email`: only paid and placed orders. */
  const listedFor = async (email: string) => {
    session ??= api.signIn(PAYPAL_TENANT, ADMIN_PASSWORDS[PAYPAL_TENANT]!);
    const answer = await api.post('/v1/retrieve-orders', { companyName: PAYPAL_TENANT }, await session);
    expect(answer.status).toBe(200);
    return (answer.body.orders as Record<string, any>[]).filter((o) => o.email === email);
  };
  const mailFor = (orderId: string) => smtp.received.filter((m) => m.text.includes(orderId));
  const waitForMail = async (orderId: string, count = 1) => {
    await smtp.waitForMention(orderId, count);
    // Give a second, wrong e-mail the time to show up before a test counts them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return mailFor(orderId);
  };
  const paypalGets = (orderId: string) => paypal.calls.filter((c) => c.method === 'GET' && c.path === `/v2/checkout/orders/${orderId}`).length;
  /** Marks the capture claimed `ageMs` ago by a request that has since died (or is still at PayPal). */
  const claimHeldFor = async (orderId: string, ageMs: number) => {
    const changed = await api.api.database.db.run(
      "UPDATE orders SET capture_state = 'capturing', capture_token = ?, capture_claimed_at = ?, capture_attempts = capture_attempts + 1 WHERE order_id = ?",
      [randomUUID(), Date.now() - ageMs, orderId],
    );
    expect(changed).toBe(1);
  };

  /** The buyer-facing refusal, the error log, the tenant's warning and no paid e-mail: what every mismatch must give. */
  const expectMismatch = async (orderId: string, email: string, answer: { status: number; body: Record<string, any> }, problem: RegExp) => {
    expect(answer).toEqual({
      status: 422,
      headers: expect.anything(),
      body: {
        issue: 'PAYMENT_MISMATCH',
        message: `Your payment could not be matched to this order; it was not accepted. Contact us before paying again; quote order ${orderId}.`,
      },
    });
    expect(await listedFor(email)).toEqual([]);
    const logged = api.logs.filter((l) => l.level === 'error' && l.orderId === orderId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ expected: { amount: '77.54', currency: 'USD' }, problems: [expect.stringMatching(problem)] });
    const mails = await waitForMail(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(PAYPAL_RECIPIENTS);
    expect(mails[0]!.text).toContain(`The PayPal payment for order ${orderId} did not match the order`);
    expect(mails[0]!.text).toMatch(/Check this payment in PayPal before shipping/);
    expect(mails[0]!.text).not.toContain('paid with PayPal');
  };

  describe('payment verification', () => {
    it("refuses a capture of another amount than the order's: 422 PAYMENT_MISMATCH, unpaid, logged, the tenant warned", async () => {
      const { orderId, email } = await createOrder();
      paypal.setAmount(orderId, '0.01');
      const refused = await capture(orderId);
      await expectMismatch(orderId, email, refused, /amount: expected 77\.54 USD, PayPal captured 0\.01 USD/);
      const [mail] = mailFor(orderId);
      expect(mail!.text).toContain('Expected:        $77.54 USD');
      expect(mail!.text).toContain('PayPal captured: $0.01 USD');

      // Recorded for good: a retry gets the same refusal without capturing at PayPal again.
      const attempts = paypal.captureAttempts;
      expect((await capture(orderId)).body).toEqual(refused.body);
      expect(paypal.captureAttempts).toBe(attempts);
    });

    it('refuses a capture of the right amount in another currency', async () => {
      const { orderId, email } = await createOrder();
      paypal.setAmount(orderId, '77.54', 'CAD');
      await expectMismatch(orderId, email, await capture(orderId), /PayPal captured 77\.54 CAD/);
    });

    it("refuses a capture whose custom_id is not this order's", async () => {
      const other = await createOrder();
      const { orderId, email } = await createOrder();
      // The PayPal order carries another order's reference, as a replayed or swapped approval would.
      paypal.setCustomId(orderId, paypal.orders.get(other.orderId)!.body.purchase_units[0]!.custom_id!);
      await expectMismatch(orderId, email, await capture(orderId), /custom_id: expected/);
    });

    it('verifies a capture recovered from PayPal after ORDER_ALREADY_CAPTURED too', async () => {
      const { orderId, email } = await createOrder();
      paypal.setAmount(orderId, '7.75');
      paypal.captureBehindTheScenes(orderId);
      await expectMismatch(orderId, email, await capture(orderId), /PayPal captured 7\.75 USD/);
    });

    it("sends PayPal this order's custom_id and the tenant as reference_id, and pays a matching capture", async () => {
      const { orderId, email } = await createOrder();
      const unit = paypal.orders.get(orderId)!.body.purchase_units[0]!;
      expect(unit.reference_id).toBe('paypal-motors');
      expect(unit.custom_id).toMatch(/^paypal-motors\/\S+$/);
      expect(await capture(orderId)).toMatchObject({ status: 200, body: { order_id: orderId, status: 'COMPLETED', paid: 1 } });
      expect(await listedFor(email)).toMatchObject([{ order_id: orderId, paid: 1, total: 77.54 }]);
      const mails = await waitForMail(orderId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('paid with PayPal');
    });
  });

  describe('a capture PayPal leaves PENDING', () => {
    it('answers 202 "payment processing", then 200 paid once PayPal completes it, asked when the buyer comes back', async () => {
      const { orderId, email } = await createOrder();
      paypal.outcomes.set(orderId, 'PENDING');
      const first = await capture(orderId);
      expect(first).toMatchObject({
        status: 202,
        body: { order_id: orderId, status: 'PENDING', paid: 0, message: expect.stringMatching(/^Payment processing: PayPal has not confirmed it yet\./) },
      });
      expect(await capture(orderId)).toMatchObject({ status: 202, body: { status: 'PENDING', paid: 0 } });
      expect(await listedFor(email)).toEqual([]);
      expect(mailFor(orderId)).toEqual([]);

      paypal.settle(orderId, 'COMPLETED');
      const gets = paypalGets(orderId);
      expect(await capture(orderId)).toMatchObject({ status: 200, body: { order_id: orderId, status: 'COMPLETED', paid: 1 } });
      expect(paypalGets(orderId)).toBe(gets + 1);
      expect(await listedFor(email)).toMatchObject([{ order_id: orderId, paid: 1 }]);
      const mails = await waitForMail(orderId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('paid with PayPal');
      // Settled: from now on the stored answer, without asking PayPal.
      expect(await capture(orderId)).toMatchObject({ status: 200, body: { paid: 1 } });
      expect(paypalGets(orderId)).toBe(gets + 1);
    });

    it('answers 422 CAPTURE_DECLINED once PayPal declines it, and a new order for the same cart then pays', async () => {
      const { orderId, email } = await createOrder();
      paypal.outcomes.set(orderId, 'PENDING');
      expect((await capture(orderId)).status).toBe(202);
      paypal.settle(orderId, 'DECLINED');
      const declined = await capture(orderId);
      expect(declined).toMatchObject({
        status: 422,
        body: { issue: 'CAPTURE_DECLINED', message: 'PayPal declined the payment (DECLINED); nothing was charged. Pay again with another funding source.' },
      });
      expect(await capture(orderId)).toMatchObject({ status: 422, body: { issue: 'CAPTURE_DECLINED' } });
      expect(await listedFor(email)).toEqual([]);
      expect(mailFor(orderId)).toEqual([]);

      // Paying again: the storefront creates a new order (a new Idempotency-Key) and captures that.
      const again = await createOrder(email);
      expect(again.orderId).not.toBe(orderId);
      expect(await capture(again.orderId)).toMatchObject({ status: 200, body: { order_id: again.orderId, status: 'COMPLETED', paid: 1 } });
      expect(await listedFor(email)).toMatchObject([{ order_id: again.orderId, paid: 1 }]);
      expect(await waitForMail(again.orderId)).toHaveLength(1);
      expect(await capture(orderId)).toMatchObject({ status: 422, body: { issue: 'CAPTURE_DECLINED' } });
    });

    it('answers a capture PayPal declines at once with 422 CAPTURE_DECLINED, for good', async () => {
      const { orderId, email } = await createOrder();
      paypal.outcomes.set(orderId, 'DECLINED');
      expect(await capture(orderId)).toMatchObject({
        status: 422,
        body: { issue: 'CAPTURE_DECLINED', message: expect.stringMatching(/\(DECLINED\); nothing was charged/) },
      });
      const attempts = paypal.captureAttempts;
      expect(await capture(orderId)).toMatchObject({ status: 422, body: { issue: 'CAPTURE_DECLINED' } });
      expect(paypal.captureAttempts).toBe(attempts);
      expect(await listedFor(email)).toEqual([]);
    });

    it('records a decline the poller finds, so the next capture call answers 422 without asking PayPal', async () => {
      const { orderId, email } = await createOrder();
      paypal.outcomes.set(orderId, 'PENDING');
      expect((await capture(orderId)).status).toBe(202);
      paypal.settle(orderId, 'DECLINED');
      expect(await api.api.pendingCaptures!.pollOnce()).toBeGreaterThanOrEqual(1);
      const gets = paypalGets(orderId);
      expect(await capture(orderId)).toMatchObject({ status: 422, body: { issue: 'CAPTURE_DECLINED' } });
      expect(paypalGets(orderId)).toBe(gets);
      expect(await listedFor(email)).toEqual([]);
    });

    it('verifies a capture the poller finds completed: another amount is a mismatch, not paid', async () => {
      const { orderId, email } = await createOrder();
      paypal.setAmount(orderId, '0.01');
      paypal.outcomes.set(orderId, 'PENDING');
      expect((await capture(orderId)).status).toBe(202);
      paypal.settle(orderId, 'COMPLETED');
      expect(await api.api.pendingCaptures!.pollOnce()).toBeGreaterThanOrEqual(1);
      await expectMismatch(orderId, email, await capture(orderId), /PayPal captured 0\.01 USD/);
    });
  });

  describe('a capture held by another request', () => {
    it('answers 202 PROCESSING rather than an error while another request holds the capture', async () => {
      const { orderId, email } = await createOrder();
      await claimHeldFor(orderId, 0);
      const attempts = paypal.captureAttempts;
      const busy = await capture(orderId);
      expect(busy).toMatchObject({
        status: 202,
        body: { order_id: orderId, status: 'PROCESSING', paid: 0, message: expect.stringMatching(/^Payment processing/) },
      });
      expect(paypal.captureAttempts).toBe(attempts);
      expect(await listedFor(email)).toEqual([]);
    });

    it('takes over the capture of a request that died at PayPal once its PayPal calls would have timed out, and records it paid once', async () => {
      const { orderId, email } = await createOrder();
      // The dead request got its capture through at PayPal, then died before storing it.
      paypal.captureBehindTheScenes(orderId);
      // Still young enough, even after the capture call has waited for it, to be a live request's.
      await claimHeldFor(orderId, CAPTURE_STALE_MS - CAPTURE_WAIT_MS - 2_000);
      expect(await capture(orderId)).toMatchObject({ status: 202, body: { status: 'PROCESSING' } });
      expect(await listedFor(email)).toEqual([]);

      // Ten seconds old (it used to take a minute): the request holding it has died.

      await claimHeldFor(orderId, CAPTURE_STALE_MS + 1_000);
      expect(await capture(orderId)).toMatchObject({ status: 200, body: { order_id: orderId, status: 'COMPLETED', paid: 1 } });
      expect(await listedFor(email)).toMatchObject([{ order_id: orderId, paid: 1 }]);
      expect(await waitForMail(orderId)).toHaveLength(1);
    });
  });
}
