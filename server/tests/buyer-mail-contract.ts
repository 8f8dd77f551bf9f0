import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { orderNumber } from '../../src/domain/order-number.ts';
import { contractWorld } from './helpers/contract-world.ts';
import { BYPASS_TENANT, bypassMotorsOrder, OTHER_TENANT, PAYPAL_TENANT, paypalMotorsOrder, POLO_LINE, SUPPLIER } from './helpers/order-fixture.ts';
import { mailParts, parseMail } from './helpers/parse-mail.ts';
import { MAIL_WAIT_MS, startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { startTestApi, type TestApi } from './helpers/test-api.ts';

/**
 * The buyer's confirmation e-mail: one per placed (bypass code) or paid (PayPal) order, to the
 * address typed at checkout, through the outbox with the staff e-mail; none for a replayed
 * request, an unpaid order, a tenant that turned them off, or past the tenant's hourly cap.
 * Run on SQLite and on PostgreSQL (sqlite.test.ts, postgres.test.ts).
 */
export function buyerMailContract(newDatabase: () => Promise<string | undefined>): void {
  const world = contractWorld(newDatabase);

  const polo = (quantity: number, size = 'Medium', color = 'Navy') => ({ ...POLO_LINE, quantity, size, color });
  const bypassOrder = <O extends object = object>(overrides: O = {} as O) =>
    bypassMotorsOrder({ store: 'Bypass Ford', customer_po: 'CPO-9', cart: [polo(10), polo(2, '2XL', 'Black')], ...overrides });
  const toBuyer = (sink: SmtpSink, email: string) => sink.received.filter((m) => m.to.includes(email));
  /** The first e-mail to `email` (the staff e-mail mentions the address too, but goes to the tenant). */
  const mailTo = async (email: string) => (await world.smtp.waitForMailTo(email))[0]!;
  /** Waits until the outbox has sent everything queued: the sink has every e-mail of the orders so far. */
  const settle = async (target: TestApi = world.api) => {
    const deadline = Date.now() + MAIL_WAIT_MS;
    while ((await target.api.database.outbox.unsentCount()) > 0) {
      if (Date.now() > deadline) throw new Error(`the outbox did not empty within ${MAIL_WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** The text an HTML part shows, tags dropped. */
  const shown = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');

  it('sends the buyer one confirmation of a bypass order, in HTML and plain text, replying to the supplier; a retried request sends no second', async () => {
    const body = bypassOrder();
    const key = { 'idempotency-key': randomUUID() };
    const created = await world.api.post('/v1/create-order', body, key);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ order_id: expect.any(String), total: 469.24, confirmation_sent_to: body.email });
    const replayed = await world.api.post('/v1/create-order', body, key);
    expect(replayed.body).toEqual(created.body);

    const mail = await mailTo(body.email);
    await settle();
    expect(toBuyer(world.smtp, body.email)).toHaveLength(1);
    expect(mail!.to).toEqual([body.email]);
    const number = orderNumber(created.body.order_id as string);
    expect(parseMail(mail!.raw).subject).toBe(`Your order ${number} with ${SUPPLIER.name} (${BYPASS_TENANT})`);
    const parts = mailParts(mail!.raw);
    expect(parts.replyTo).toBe(SUPPLIER.email);
    for (const part of [parts.text, shown(parts.html)]) {
      expect(part).toContain(`Order number: ${number}`);
      expect(part).toContain(`Dealership: ${BYPASS_TENANT}`);
      expect(part).toContain('Store: Bypass Ford, 1 Ford Road, Testville');
      expect(part).toContain('Customer PO: CPO-9');
      expect(part).toContain('Price each: $38.77');
      expect(part).toContain('Price each: $40.77');
      expect(part).toContain('Embroidery: Shield');
      expect(part).toContain('Placement: Left Chest');
      expect(part).toContain('Size: 2XL');
      expect(part).toContain('Line total: $387.70');
      expect(part).toContain('Line total: $81.54');
      expect(part).toContain('Total: $469.24');
      expect(part).toContain(SUPPLIER.phone);
      expect(part).toContain(SUPPLIER.email);
    }
  });

  it('sends nothing to the buyer of an unpaid PayPal order, then one confirmation once it is paid', async () => {
    const body = paypalMotorsOrder({ cart: [polo(2)] });
    const created = await world.api.post('/v1/create-order', body, { 'idempotency-key': randomUUID() });
    expect(created.status).toBe(200);
    expect(created.body.confirmation_sent_to).toBeUndefined();
    await settle();
    expect(toBuyer(world.smtp, body.email)).toEqual([]);

    const capture = () => world.api.post('/v1/capture-order', { order_id: created.body.order_id, companyName: PAYPAL_TENANT });
    const captured = await capture();
    expect(captured).toMatchObject({ status: 200, body: { paid: 1, confirmation_sent_to: body.email } });
    expect((await capture()).body).toEqual(captured.body);
    const mail = await mailTo(body.email);
    await settle();
    expect(toBuyer(world.smtp, body.email)).toHaveLength(1);
    const parts = mailParts(mail!.raw);
    for (const part of [parts.text, shown(parts.html)]) {
      expect(part).toContain(`Order number: ${orderNumber(created.body.order_id as string)}`);
      expect(part).toContain('Payment: Paid with PayPal');
      expect(part).toContain('Line total: $77.54');
      expect(part).toContain('Total: $77.54');
    }
  });

  it('sends no confirmation for a tenant that turned them off, and its answer claims none', async () => {
    const body = {
      ...bypassOrder({ companyName: OTHER_TENANT, code: 'OTHERCODE', store: '' }),
      cart: [{ code: 'ONLY-OTHER', size: 'OSFA', color: 'Black', quantity: 1 }],
    };
    const created = await world.api.post('/v1/create-order', body);
    expect(created.status).toBe(200);
    expect(created.body.confirmation_sent_to).toBeUndefined();
    await world.smtp.waitForMention(created.body.order_id as string);
    await settle();
    expect(toBuyer(world.smtp, body.email)).toEqual([]);
  });

  it("stops confirming past the tenant's hourly cap, still placing the orders", async () => {
    const sink = await startSmtpSink();
    const capped = await startTestApi({ dataRoot: world.fixture, databaseUrl: await newDatabase(), smtp: sink, env: { BUYER_CONFIRMATIONS_PER_HOUR: '2' } });
    try {
      const bodies = [bypassOrder(), bypassOrder(), bypassOrder()];
      const answers = [];
      for (const body of bodies) answers.push(await capped.post('/v1/create-order', body));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.map((a) => a.body.confirmation_sent_to)).toEqual([bodies[0]!.email, bodies[1]!.email, undefined]);
      await settle(capped);
      expect(bodies.map((b) => toBuyer(sink, b.email).length)).toEqual([1, 1, 0]);
      expect(capped.logs.some((l) => l.msg === 'buyer confirmation not sent: the tenant reached its hourly cap')).toBe(true);
    } finally {
      await capped.close();
      await sink.close();
    }
  });

  it('stops confirming to one address past its hourly cap, from every tenant together, still placing the orders', async () => {
    const sink = await startSmtpSink();
    const capped = await startTestApi({
      dataRoot: world.fixture,
      databaseUrl: await newDatabase(),
      smtp: sink,
      env: { BUYER_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR: '2' },
    });
    try {
      const victim = `${randomUUID()}@victim.example`;
      // As an attacker holding a bypass code would send them: in parallel, the address typed in two cases.
      const bodies = [
        bypassOrder({ email: victim }),
        bypassOrder({ email: victim }),
        bypassOrder({ email: victim.replace('victim.example', 'VICTIM.example') }),
      ];
      const answers = await Promise.all(bodies.map((body) => capped.post('/v1/create-order', body)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.filter((a) => a.body.confirmation_sent_to !== undefined).length).toBeLessThanOrEqual(2);
      const other = bypassOrder();
      expect((await capped.post('/v1/create-order', other)).body.confirmation_sent_to).toBe(other.email);
      await settle(capped);
      expect(sink.received.filter((m) => m.to.some((to) => to.toLowerCase() === victim)).length).toBeLessThanOrEqual(2);
      expect(toBuyer(sink, other.email)).toHaveLength(1);
      expect(capped.logs.some((l) => l.msg === 'buyer confirmation not sent: the address reached its hourly cap')).toBe(true);
    } finally {
      await capped.close();
      await sink.close();
    }
  });

  it("carries no link of the buyer's making: typed names, PO and note are inert text of bounded length", async () => {
    const body = bypassOrder({
      first_name: 'Prize at https://evil.example/win',
      last_name: 'www.evil.example',
      customer_po: 'prize@evil.example',
      supplier_note: `Go to evil.example now ${'and click '.repeat(40)}`,
    });
    const created = await world.api.post('/v1/create-order', body);
    expect(created.status).toBe(200);
    const parts = mailParts((await mailTo(body.email)).raw);
    const linkable = /[a-z]+:\/\/evil|[\w.-]@[\w-]*evil|evil\.example/i;
    expect(parts.text).not.toMatch(linkable);
    expect(shown(parts.html)).not.toMatch(linkable);
    expect([...parts.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]).filter((href) => href!.includes('evil'))).toEqual([]);
    // Read the same with the invisible breaks taken out, and the long note cut short.
    const plain = parts.text.replace(/\u200B/g, '');
    expect(plain).toContain('Ordered by: Prize at https://evil.example/win www.evil.example');
    expect(plain).toContain('Customer PO: prize@evil.example');
    const note = /Note to the supplier: (.*)/.exec(plain)![1]!;
    expect(note.startsWith('Go to evil.example now and click')).toBe(true);
    expect(note.length).toBeLessThanOrEqual(300);
  });

  it('sends no confirmation to an address that is not one plain mailbox', async () => {
    // One @, so the API takes it as an address; a mail program reading a To header would see two.
    const body = bypassOrder({ email: `stranger@victim.example,${randomUUID()}@dealer.example`.replace('@victim', '.victim') });
    const created = await world.api.post('/v1/create-order', body);
    expect(created.status).toBe(200);
    expect(created.body.confirmation_sent_to).toBeUndefined();
    await settle();
    expect(world.smtp.received.filter((m) => m.to.some((to) => to.includes('stranger')))).toEqual([]);
  });
}
