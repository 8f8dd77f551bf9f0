import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aBypassOrderBody, aListedOrderLine, aPayPalOrderBody } from '../../tests/helpers/order-builders.ts';
import { aSessionToken, withSession } from '../../tests/helpers/session-builders.ts';
import { startFakePayPal, type FakePayPal } from './helpers/fake-paypal.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_PASSWORDS,
  BYPASS_CODE,
  BYPASS_RECIPIENTS,
  BYPASS_TENANT,
  OTHER_TENANT,
  PAYPAL_RECIPIENTS,
  PAYPAL_TENANT,
  STAFF_PASSWORD,
  writeOrderFixture,
} from './helpers/order-fixture.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { startTestApi, STOREFRONT_ORIGIN, TEST_SESSION_SECRET, type TestApi } from './helpers/test-api.ts';
import { loadProject } from '../../src/core/data/load-project.ts';
import { orderNumber } from '../../src/domain/order-number.ts';

/**
 * The order API's contract, every call and every error, run against real peers on loopback
 * (a fake PayPal REST server, an SMTP server) and whichever database `newDatabase` gives:
 * sqlite.test.ts and postgres.test.ts run this same suite, so both behave the same.
 */
export function orderApiContract(newDatabase: () => Promise<string | undefined>): void {
  let paypal: FakePayPal;
  let smtp: SmtpSink;
  let api: TestApi;
  let fixture: string;

  beforeAll(async () => {
    fixture = writeOrderFixture();
    paypal = await startFakePayPal();
    smtp = await startSmtpSink();
    api = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), paypal, smtp });
  });
  afterAll(async () => {
    await api?.close();
    await paypal?.close();
    await smtp?.close();
    rmSync(fixture, { recursive: true, force: true });
  });

  // Both tenants of the main catalog embroider 'Shield' on mens (K500), and nothing else.
  const logoOf = (code: string) => (code === 'K500' ? { placement: 'Left Chest', embroidery: 'Shield' } : { placement: '', embroidery: '' });
  const line = (code: string, size: string, color: string, quantity: number, extra: Record<string, unknown> = {}) => ({
    type: 'mens',
    name: code,
    price: 1,
    quantity,
    size,
    color,
    code,
    ...logoOf(code),
    ...extra,
  });
  const polos = (quantity = 12) => [line('K500', 'Medium', 'Navy', quantity)];
  // Bypass Ford is a store of Bypass Motors only: an order for another tenant names none.
  const bypassOrder = <O extends Record<string, unknown> = Record<never, never>>(overrides: O = {} as O) =>
    aBypassOrderBody(BYPASS_TENANT, BYPASS_CODE, polos(), {
      store: overrides.companyName === undefined || overrides.companyName === BYPASS_TENANT ? 'Bypass Ford' : '',
      customer_po: 'CPO-1',
      ...overrides,
    });
  const paypalOrder = <O extends object = object>(overrides: O = {} as O) => aPayPalOrderBody(PAYPAL_TENANT, polos(2), overrides);
  // One admin session per tenant: every test API signs with the same SESSION_SECRET.
  const sessions = new Map<string, Promise<Record<string, string>>>();
  const adminSession = (companyName: string) => {
    if (!sessions.has(companyName)) sessions.set(companyName, api.signIn(companyName, ADMIN_PASSWORDS[companyName]!));
    return sessions.get(companyName)!;
  };
  const listOrders = async (target: TestApi, companyName: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    target.post('/v1/retrieve-orders', { companyName, ...extra }, { ...(await adminSession(companyName)), ...headers });
  const ordersOf = async (companyName: string, email?: string) => {
    const answer = await listOrders(api, companyName, { limit: 500 });
    expect(answer.status).toBe(200);
    return (answer.body.orders as Record<string, any>[]).filter((o) => email === undefined || o.email === email);
  };
  const mailFor = (orderId: string) => smtp.received.filter((m) => m.text.includes(orderId));
  const waitForMail = (orderId: string, count = 1) => smtp.waitForMention(orderId, count);

  /** The first log line matching, once written: some are written just after the event a test waits for. */
  const waitForLog = async (matches: (line: Record<string, unknown>) => boolean) => {
    // Mail is logged from the API's mail thread, which a busy machine may start slowly.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const line = api.logs.find(matches);
      if (line) return line;
      if (Date.now() > deadline) throw new Error('no such log line within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  describe('create-order with a bypass code', () => {
    it("places the order as paid 2 at the server's prices, lists it and e-mails the tenant", async () => {
      const body = bypassOrder({ cart: [line('K500', 'Medium', 'Navy', 10, { price: 0.01 }), line('K500', '2XL', 'Black', 2, { price: 0.01 })] });
      const created = await api.post('/v1/create-order', body);
      expect(created.status).toBe(200);
      // The server's total, so the success page shows what is charged, not what the browser added up.
      expect(created.body).toEqual({ order_id: expect.any(String), total: 469.24, confirmation_sent_to: body.email });

      const [order] = await ordersOf(BYPASS_TENANT, body.email);
      expect(order).toMatchObject({
        email: body.email,
        first_name: 'Ann',
        last_name: 'Lee',
        company_name: BYPASS_TENANT,
        store: 'Bypass Ford',
        paid: 2,
        order_id: created.body.order_id,
        total: 469.24,
      });
      expect(Date.parse(order!.created_at)).toBeGreaterThan(Date.now() - 60_000);
      // The fixture's polos are named by their code; the prices are the catalog's, not the $1 sent.
      const listed = { description: 'K500 name', embroidery: 'Shield', customer_po: 'CPO-1' };
      expect(order!.order).toEqual([
        aListedOrderLine({ ...listed, quantity: 10, price: 38.77, line_total: 387.7 }),
        aListedOrderLine({ ...listed, quantity: 2, price: 40.77, size: '2XL', color: 'Black', line_total: 81.54 }),
      ]);

      const [mail] = await waitForMail(created.body.order_id);
      expect(mail!.to.sort()).toEqual([...BYPASS_RECIPIENTS].sort());
      expect(mail!.text).toContain('10 × $38.77 = $387.70');
      expect(mail!.text).toContain('2 × $40.77 = $81.54');
      expect(mail!.text).toContain('Total: $469.24');
      expect(mail!.text).toContain('to be invoiced');
      // The number the success page and the orders screen show, in the subject and the body, and the full id.
      const number = orderNumber(created.body.order_id);
      expect(number).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
      expect(mail!.text).toMatch(new RegExp(`^Subject: Order ${number} from Ann Lee \\(Bypass Motors\\), \\$469\\.24, to invoice`, 'm'));
      expect(mail!.text.replace(/\r\n/g, '\n')).toContain(`Order number: ${number}\nOrder id:     ${created.body.order_id}\n`);
    });

    it('e-mails a print-run line as runs of its tier and pieces', async () => {
      const body = bypassOrder({ cart: [line('PLT', '500', 'White', 1000), line('PLT', '500', 'Black', 500)] });
      const created = await api.post('/v1/create-order', body);
      expect(created.status).toBe(200);
      const [mail] = await waitForMail(created.body.order_id);
      const text = mail!.text.replace(/\r\n/g, '\n');
      expect(text).toContain('PLT  PLT name\n    2 runs of 500 (1,000 pieces), colour White\n    1000 × $0.99 = $990.00');
      expect(text).toContain('PLT  PLT name\n    1 run of 500 (500 pieces), colour Black\n    500 × $1.29 = $645.00');
      expect(text).not.toContain('size 500');
    });

    it("accepts the code in any case, and the browser's keyed-map cart", async () => {
      const cart = Object.fromEntries(polos().map((l) => [`["K500","Medium","Navy","Shield",""]`, l]));
      const created = await api.post('/v1/create-order', bypassOrder({ code: ' net30byp ', cart }));
      expect(created.status).toBe(200);
    });

    it('merges lines with the same cart key into one', async () => {
      const body = bypassOrder({ cart: [line('K500', 'Medium', 'Navy', 6), line('K500', 'Medium', 'Navy', 6)] });
      expect((await api.post('/v1/create-order', body)).status).toBe(200);
      const [order] = await ordersOf(BYPASS_TENANT, body.email);
      expect(order!.order).toHaveLength(1);
      expect(order!.order[0].quantity).toBe(12);
    });

    it('refuses a missing or wrong code with 403 and stores nothing', async () => {
      const missing = bypassOrder({ code: undefined });
      const wrong = bypassOrder({ code: 'NET30GUESS' });
      const otherTenants = bypassOrder({ code: 'PPBYPASS' });
      expect(await api.post('/v1/create-order', missing)).toMatchObject({
        status: 403,
        body: { message: 'A bypass code is required to order without payment' },
      });
      expect(await api.post('/v1/create-order', wrong)).toMatchObject({ status: 403, body: { message: 'That bypass code is not valid' } });
      expect((await api.post('/v1/create-order', otherTenants)).status).toBe(403);
      for (const body of [missing, wrong, otherTenants]) expect(await ordersOf(BYPASS_TENANT, body.email)).toEqual([]);
    });

    it('limits wrong codes per client: 429 with Retry-After, even for the right code then', async () => {
      const client = { 'x-forwarded-for': '203.0.113.7' };
      for (let i = 0; i < 3; i++) expect((await api.post('/v1/create-order', bypassOrder({ code: `WRONG${i}` }), client)).status).toBe(403);
      const limited = await api.post('/v1/create-order', bypassOrder(), client);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.body.message).toMatch(/Too many wrong passwords or codes/);
      // Another client is not affected.
      expect((await api.post('/v1/create-order', bypassOrder(), { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
    });

    it('counts only wrong codes: placed orders and refused carts with the right code give their attempt back', async () => {
      const client = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < 4; i++) expect((await api.post('/v1/create-order', bypassOrder(), client)).status).toBe(200);
      const refusedCart = bypassOrder({ cart: [...polos(), line('NOPE', 'OSFA', 'Black', 1)] });
      for (let i = 0; i < 4; i++) expect((await api.post('/v1/create-order', refusedCart, client)).status).toBe(400);
      for (let i = 0; i < 2; i++) expect((await api.post('/v1/create-order', bypassOrder({ code: `WRONG${i}` }), client)).status).toBe(403);
      expect((await api.post('/v1/create-order', bypassOrder(), client)).status).toBe(200);
      expect((await api.post('/v1/create-order', bypassOrder({ code: 'WRONG2' }), client)).status).toBe(403);
      expect((await api.post('/v1/create-order', bypassOrder(), client)).status).toBe(429);
    });
  });

  describe("create-order checks every line against the tenant's catalog", () => {
    const refused = async (cart: unknown[], message: string | RegExp, companyName = BYPASS_TENANT) => {
      const body = bypassOrder({ cart, companyName, code: companyName === OTHER_TENANT ? 'OTHERCODE' : BYPASS_CODE });
      const answer = await api.post('/v1/create-order', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
      expect(await ordersOf(companyName, body.email)).toEqual([]);
    };

    it('names an unknown product, a product of another catalog, an unknown size or colour', async () => {
      await refused([...polos(), line('NOPE', 'OSFA', 'Black', 1)], 'cart[1] (NOPE, OSFA, Black): product "NOPE" is not in this catalog');
      await refused([line('ONLY-OTHER', 'OSFA', 'Black', 1), ...polos()], 'cart[0] (ONLY-OTHER, OSFA, Black): product "ONLY-OTHER" is not in this catalog');
      await refused([line('K500', 'XXL', 'Navy', 12)], 'cart[0] (K500, XXL, Navy): size "XXL" is not a size of K500 (Small, Medium, 2XL)');
      await refused([line('K500', 'Medium', 'Pink', 12)], 'cart[0] (K500, Medium, Pink): colour "Pink" is not a colour of K500 (Navy, Black)');
    });

    it('wants positive whole quantities', async () => {
      await refused([line('C112', 'OSFA', 'Grey', 0)], 'cart[0] (C112, OSFA, Grey): quantity must be a positive whole number, got 0');
      await refused([line('C112', 'OSFA', 'Grey', -2)], 'quantity must be a positive whole number, got -2');
      await refused([line('C112', 'OSFA', 'Grey', 1.5)], 'quantity must be a positive whole number, got 1.5');
      await refused([line('C112', 'OSFA', 'Grey', '3' as unknown as number)], 'cart[0].quantity: must be a number, got "3"');
    });

    it('enforces the accessory minimum, min_quantity, quantity_step, whole tier runs and the apparel minimum', async () => {
      await refused([line('TUM20', 'OSFA', 'Black', 11)], 'cart[0] (TUM20, OSFA, Black): Must order at least 12 units');
      await refused([line('KF-FRD', '# each', 'Blue', 249)], 'cart[0] (KF-FRD, # each, Blue): Must order at least 250 units');
      await refused([line('CF-WIN', '# each', 'Red', 4)], 'cart[0] (CF-WIN, # each, Red): Must order in multiples of 3');
      await refused([line('PLT', '500', 'White', 700)], 'Must order in multiples of 500');
      await refused([line('K500', 'Medium', 'Navy', 5), line('L500', 'Small', 'Navy', 6)], 'Must order at least 12 mens and womens items in total, or none');
      // The apparel minimum is that tenant's rule only.
      const elsewhere = await api.post(
        '/v1/create-order',
        bypassOrder({ companyName: PAYPAL_TENANT, code: 'PPBYPASS', cart: [line('K500', 'Medium', 'Navy', 5)] }),
      );
      expect(elsewhere.status).toBe(200);
    });

    it("holds each line to the tenant's own logos and placements for its type", async () => {
      await refused(
        [line('K500', 'Medium', 'Navy', 12, { embroidery: 'Guardian Shield' })],
        'cart[0] (K500, Medium, Navy): logo "Guardian Shield" is not one of this store\'s mens logos (Shield, Script)',
      );
      await refused([line('K500', 'Medium', 'Navy', 12, { embroidery: '', placement: '' })], 'cart[0] (K500, Medium, Navy): Must select an embroidery');
      await refused(
        [line('K500', 'Medium', 'Navy', 12, { placement: 'Full Back' })],
        'placement "Full Back" is not one of this store\'s mens placements (Left Chest, Yoke)',
      );
      await refused(
        [line('K500', 'Medium', 'Navy', 12, { secondEmbroidery: 'Script', secondPlacement: 'Left Sleeve' })],
        'placement "Left Sleeve" is not one of this store\'s mens placements (Left Chest, Yoke)',
      );
      await refused(
        [line('K500', 'Medium', 'Navy', 12, { secondEmbroidery: 'Script', secondPlacement: 'Left Chest' })],
        'cart[0] (K500, Medium, Navy): Both logos are at Left Chest: pick a different placement for the second logo',
      );
      await refused(
        [line('PLT', '500', 'White', 500, { embroidery: 'Shield' })],
        'cart[0] (PLT, 500, White): customs products take no logo here, got "Shield"',
      );
      // The same logo is another tenant's to refuse or accept: PayPal Motors has only 'Shield'.
      const elsewhere = await api.post(
        '/v1/create-order',
        bypassOrder({ companyName: PAYPAL_TENANT, code: 'PPBYPASS', cart: [line('K500', 'Medium', 'Navy', 12, { secondEmbroidery: 'Script' })] }),
      );
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.message).toContain('logo "Script" is not one of this store\'s mens logos (Shield)');
      const both = bypassOrder({ cart: [line('K500', 'Medium', 'Navy', 12, { secondEmbroidery: 'Script', secondPlacement: 'Yoke' })] });
      expect((await api.post('/v1/create-order', both)).status).toBe(200);
      const [order] = await ordersOf(BYPASS_TENANT, both.email);
      expect(order!.order[0]).toMatchObject({ embroidery: 'Shield', placement: 'Left Chest', second_embroidery: 'Script', second_placement: 'Yoke' });
    });

    it('names a line of the keyed-map cart by its key', async () => {
      const answer = await api.post('/v1/create-order', bypassOrder({ cart: { 'tumbler key': line('TUM20', 'OSFA', 'Black', 2) } }));
      expect(answer.body.message).toBe('cart["tumbler key"] (TUM20, OSFA, Black): Must order at least 12 units');
    });

    it('lists several problems in one answer', async () => {
      const answer = await api.post('/v1/create-order', bypassOrder({ cart: [line('TUM20', 'OSFA', 'Black', 1), line('CF-WIN', '# each', 'Red', 1)] }));
      expect(answer.status).toBe(400);
      expect(answer.body.problems).toEqual([
        'cart[0] (TUM20, OSFA, Black): Must order at least 12 units',
        'cart[1] (CF-WIN, # each, Red): Must order in multiples of 3',
      ]);
    });

    it('prices tiers per product and colour and discounts per product from the whole cart', async () => {
      const body = bypassOrder({
        cart: [
          line('PLT', '500', 'White', 500, { type: 'customs' }),
          line('PLT', '1000', 'White', 1000, { type: 'customs' }),
          line('PLT', '500', 'Black Red', 500, { type: 'customs' }),
          line('FM-100', '# boxes', 'White', 500, { type: 'service', price: 76.44 }),
          line('MF-STR', '500', 'Chrome', 500, { type: 'customs' }),
        ],
      });
      expect((await api.post('/v1/create-order', body)).status).toBe(200);
      const [order] = await ordersOf(BYPASS_TENANT, body.email);
      expect(order!.order.map((l: any) => [l.code, l.color, l.price, l.line_total])).toEqual([
        ['PLT', 'White', 0.89, 445],
        ['PLT', 'White', 0.89, 890],
        ['PLT', 'Black Red', 1.29, 645],
        ['FM-100', 'White', 71.5, 35750],
        ['MF-STR', 'Chrome', 0.0279, 13.95],
      ]);
      expect(order!.total).toBe(37743.95);
      // Placement is kept only for mens, womens, tshirts and hat.
      expect(order!.order.every((l: any) => l.placement === '')).toBe(true);
    });

    it('charges a volume price for the base size and keeps the upcharge of larger sizes', async () => {
      const tees = (smalls: number) =>
        bypassOrder({ cart: [line('PC54', 'Small', 'Black', smalls, { type: 'tshirts' }), line('PC54', '2XL', 'White', 200, { type: 'tshirts' })] });
      const reached = tees(300);
      expect((await api.post('/v1/create-order', reached)).status).toBe(200);
      const [order] = await ordersOf(BYPASS_TENANT, reached.email);
      // 500 tees: Small $8.49, 2XL $8.49 + ($11.99 − $9.99) = $10.49.
      expect(order!.order.map((l: any) => [l.size, l.price, l.line_total])).toEqual([
        ['Small', 8.49, 2547],
        ['2XL', 10.49, 2098],
      ]);
      expect(order!.total).toBe(4645);
      const below = tees(299);
      expect((await api.post('/v1/create-order', below)).status).toBe(200);
      const [full] = await ordersOf(BYPASS_TENANT, below.email);
      expect(full!.order.map((l: any) => [l.size, l.price])).toEqual([
        ['Small', 9.99],
        ['2XL', 11.99],
      ]);
    });
  });

  describe('request bodies', () => {
    it('refuses unknown fields, naming them', async () => {
      const top = await api.post('/v1/create-order', { ...bypassOrder(), total: 0.01 });
      expect(top.status).toBe(400);
      expect(top.body.message).toMatch(/total: unknown field "total"/);
      const inLine = await api.post('/v1/create-order', bypassOrder({ cart: [{ ...polos()[0], discount: 99 }] }));
      expect(inLine.status).toBe(400);
      expect(inLine.body.message).toMatch(/cart\[0\]\.discount: unknown field "discount"/);
      for (const [call, body] of [
        ['/v1/capture-order', { order_id: 'X', companyName: PAYPAL_TENANT, paid: 1 }],
        ['/v1/retrieve-orders', { companyName: BYPASS_TENANT, all: true }],
        ['/v1/update-historical-order', { email: 'a@b', created_at: 'x', cart: [{ code: 'K500' }], admin_password: 'x', paid: 1 }],
      ] as const) {
        const answer = await api.post(call, body);
        expect(answer.status, call).toBe(400);
        expect(answer.body.message).toMatch(/unknown field/);
      }
    });

    it('names missing and mistyped fields', async () => {
      const { email: _, ...noEmail } = bypassOrder();
      expect((await api.post('/v1/create-order', noEmail)).body.message).toBe('Invalid create-order request: email: missing required field "email"');
      expect((await api.post('/v1/create-order', bypassOrder({ email: 'not-an-address' }))).body.message).toMatch(/email: must be an e-mail address/);
      expect((await api.post('/v1/create-order', bypassOrder({ cart: [] }))).body.message).toMatch(/cart: must not be empty/);
      expect((await api.post('/v1/create-order', bypassOrder({ bypassPaypal: 'yes' }))).body.message).toMatch(/bypassPaypal: must be true or false, got "yes"/);
      expect((await api.post('/v1/capture-order', { companyName: PAYPAL_TENANT })).body.message).toMatch(/order_id: missing required field "order_id"/);
    });

    it('refuses an unknown tenant', async () => {
      const answer = await api.post('/v1/retrieve-orders', { companyName: 'Nobody Motors' });
      expect(answer).toMatchObject({ status: 400, body: { message: 'companyName: no storefront has the company name "Nobody Motors"' } });
    });

    it('answers bad JSON, other content types, unknown calls and methods clearly', async () => {
      expect(await api.post('/v1/create-order', '{"first_name":')).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/^The body is not valid JSON/) },
      });
      expect((await api.post('/v1/create-order', '{}', { 'content-type': 'text/plain' })).status).toBe(415);
      expect(await api.post('/v1/delete-everything', {})).toMatchObject({
        status: 404,
        body: { message: expect.stringMatching(/There is no call \/v1\/delete-everything/) },
      });
      expect(await api.get('/v1/create-order')).toMatchObject({ status: 405, body: { message: 'Use POST /v1/create-order' } });
    });

    it('GET /healthz says the database answers', async () => {
      expect(await api.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok', paypal: 'configured', tenants: 3 } });
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the same key and body with the first answer and creates nothing', async () => {
      const body = bypassOrder();
      const key = { 'idempotency-key': randomUUID() };
      const first = await api.post('/v1/create-order', body, key);
      const second = await api.post('/v1/create-order', body, key);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await ordersOf(BYPASS_TENANT, body.email)).toHaveLength(1);
      await waitForMail(first.body.order_id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailFor(first.body.order_id)).toHaveLength(1);
    });

    it('refuses the same key with another body with 422', async () => {
      const key = { 'idempotency-key': randomUUID() };
      expect((await api.post('/v1/create-order', bypassOrder(), key)).status).toBe(200);
      const other = await api.post('/v1/create-order', bypassOrder(), key);
      expect(other.status).toBe(422);
      expect(other.body.message).toMatch(/already used for a different request/);
    });

    it('makes one order of ten concurrent requests with one key (a double click)', async () => {
      const body = bypassOrder();
      const key = { 'idempotency-key': randomUUID() };
      const answers = await Promise.all(Array.from({ length: 10 }, () => api.post('/v1/create-order', body, key)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.body.order_id)).size).toBe(1);
      expect(await ordersOf(BYPASS_TENANT, body.email)).toHaveLength(1);
    });

    it('lets a request that failed be retried with its key', async () => {
      const key = { 'idempotency-key': randomUUID() };
      const body = bypassOrder({ cart: [line('TUM20', 'OSFA', 'Black', 1)] });
      expect((await api.post('/v1/create-order', body, key)).status).toBe(400);
      expect((await api.post('/v1/create-order', body, key)).status).toBe(400);
    });
  });

  describe('create-order through PayPal', () => {
    it("creates a PayPal order for the server's total with an item breakdown, stored unpaid", async () => {
      const body = paypalOrder({ cart: [line('K500', 'Medium', 'Navy', 2, { price: 0.01 }), line('MF-STR', '500', 'Chrome', 500, { price: 0 })] });
      const created = await api.post('/v1/create-order', body);
      expect(created.status).toBe(200);
      const fake = paypal.orders.get(created.body.order_id)!;
      expect(fake).toBeDefined();
      const unit = fake.body.purchase_units[0]!;
      expect(unit.amount.value).toBe('91.49');
      expect(unit.amount.breakdown?.item_total.value).toBe('91.49');
      expect(unit.items!.map((i) => [i.sku, i.quantity, i.unit_amount.value])).toEqual([
        ['K500', '2', '38.77'],
        ['MF-STR', '1', '13.95'],
      ]);
      const call = paypal.calls.find((c) => c.path === '/v2/checkout/orders' && c.requestId)!;
      expect(call.requestId).toBeTruthy();
      // Unpaid: not an order the orders screen lists.
      expect(await ordersOf(PAYPAL_TENANT, body.email)).toEqual([]);
    });

    it('makes one PayPal order of a retried create with the same key', async () => {
      const body = paypalOrder();
      const key = { 'idempotency-key': randomUUID() };
      const before = paypal.orders.size;
      const [a, b] = await Promise.all([api.post('/v1/create-order', body, key), api.post('/v1/create-order', body, key)]);
      expect(a.body.order_id).toBe(b.body.order_id);
      expect(paypal.orders.size).toBe(before + 1);
    });

    it('answers 502 and stores nothing when PayPal fails', async () => {
      paypal.failCreates = true;
      try {
        const body = paypalOrder();
        const answer = await api.post('/v1/create-order', body);
        expect(answer.status).toBe(502);
        expect(answer.body.message).toMatch(/PayPal could not start the payment/);
      } finally {
        paypal.failCreates = false;
      }
    });

    it('refuses PayPal for a tenant whose storefront does not offer it, and a $0 total', async () => {
      const refused = await api.post('/v1/create-order', { ...bypassOrder(), bypassPaypal: undefined, code: undefined });
      expect(refused).toMatchObject({ status: 400, body: { message: expect.stringMatching(/PayPal checkout is not offered to Bypass Motors/) } });
      const free = await api.post('/v1/create-order', paypalOrder({ cart: [line('FREE', '# pads', 'White', 3)] }));
      expect(free).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/^1 line priced on request, which PayPal cannot pay: enter your bypass code/) },
      });
    });
  });

  describe('prices on request', () => {
    // FREE's only size is priced 0: the spec's "price not set or not shown".
    const mixed = () => [line('K500', 'Medium', 'Navy', 12), line('FREE', '# pads', 'White', 3, { price: 0 })];

    it('refuses PayPal for a cart holding a line priced on request, naming it, and creates no PayPal order', async () => {
      const before = paypal.orders.size;
      const refused = await api.post('/v1/create-order', paypalOrder({ cart: mixed() }));
      expect(refused).toMatchObject({
        status: 400,
        body: {
          message: expect.stringMatching(/^1 line priced on request, which PayPal cannot pay: .*remove that line \(cart\[1\] \(FREE, # pads, White\)\)$/),
        },
      });
      expect(paypal.orders.size).toBe(before);
    });

    it('places it with a bypass code as a request for a quote: price 0 stored, the total of the priced lines, and the e-mail says "Price on request"', async () => {
      const body = bypassOrder({ cart: mixed() });
      const created = await api.post('/v1/create-order', body);
      expect(created).toMatchObject({ status: 200, body: { total: 465.24 } });
      const [order] = await ordersOf(BYPASS_TENANT, body.email);
      expect(order!.order.map((l: any) => [l.code, l.quantity, l.price, l.line_total])).toEqual([
        ['K500', 12, 38.77, 465.24],
        ['FREE', 3, 0, 0],
      ]);
      const [mail] = await waitForMail(created.body.order_id);
      const text = mail!.text.replace(/\r\n/g, '\n');
      expect(text).toContain('    3 × Price on request: to be quoted');
      expect(text).toContain('Total: $465.24 + 1 line priced on request');
      expect(text).not.toContain('$0.00');
      // A long subject is folded onto a second header line.
      expect(text.replace(/\n[ \t]+/g, ' ')).toMatch(/^Subject: Order .* \$465\.24 \+ 1 line priced on request, to invoice/m);
    });
  });

  describe('capture-order', () => {
    const newPayPalOrder = async () => {
      const body = paypalOrder();
      const created = await api.post('/v1/create-order', body);
      expect(created.status).toBe(200);
      return { orderId: created.body.order_id as string, email: body.email as string };
    };
    const capture = (orderId: string, companyName = PAYPAL_TENANT) => api.post('/v1/capture-order', { order_id: orderId, companyName });

    it('marks the order paid 1 when the capture is COMPLETED, lists it and e-mails the tenant', async () => {
      const { orderId, email } = await newPayPalOrder();
      const captured = await capture(orderId);
      expect(captured).toMatchObject({ status: 200, body: { order_id: orderId, status: 'COMPLETED', paid: 1, capture_id: expect.any(String), total: 77.54 } });
      const [order] = await ordersOf(PAYPAL_TENANT, email);
      expect(order).toMatchObject({ paid: 1, order_id: orderId, total: 77.54 });
      const [mail] = await waitForMail(orderId);
      expect(mail!.to).toEqual(PAYPAL_RECIPIENTS);
      expect(mail!.text).toContain('paid with PayPal');
    });

    it('captures once: a second capture gets the first answer without calling PayPal', async () => {
      const { orderId } = await newPayPalOrder();
      const first = await capture(orderId);
      const attempts = paypal.captureAttempts;
      const second = await capture(orderId);
      expect(second.body).toEqual(first.body);
      expect(paypal.captureAttempts).toBe(attempts);
    });

    it('captures once under concurrent double captures', async () => {
      const { orderId, email } = await newPayPalOrder();
      paypal.delayMs = 300;
      const attempts = paypal.captureAttempts;
      try {
        const answers = await Promise.all(Array.from({ length: 5 }, () => capture(orderId)));
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
        expect(new Set(answers.map((a) => a.body.capture_id)).size).toBe(1);
        expect(paypal.captureAttempts).toBe(attempts + 1);
      } finally {
        paypal.delayMs = 0;
      }
      expect(await ordersOf(PAYPAL_TENANT, email)).toHaveLength(1);
      await waitForMail(orderId);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailFor(orderId)).toHaveLength(1);
    });

    it("answers a declined instrument with 422 and PayPal's issue, and captures on the retry", async () => {
      const { orderId, email } = await newPayPalOrder();
      paypal.outcomes.set(orderId, 'INSTRUMENT_DECLINED');
      const declined = await capture(orderId);
      expect(declined.status).toBe(422);
      expect(declined.body).toMatchObject({ issue: 'INSTRUMENT_DECLINED', message: expect.stringMatching(/declined/) });
      expect(await ordersOf(PAYPAL_TENANT, email)).toEqual([]);

      // The buyer picks another card; the buttons capture again.
      paypal.outcomes.set(orderId, 'COMPLETED');
      expect(await capture(orderId)).toMatchObject({ status: 200, body: { paid: 1, status: 'COMPLETED' } });
      expect(await ordersOf(PAYPAL_TENANT, email)).toHaveLength(1);
    });

    it('leaves a PENDING capture unpaid, then records it paid when PayPal completes it', async () => {
      const { orderId, email } = await newPayPalOrder();
      paypal.outcomes.set(orderId, 'PENDING');
      expect(await capture(orderId)).toMatchObject({
        status: 202,
        body: { status: 'PENDING', paid: 0, message: expect.stringMatching(/^Payment processing/) },
      });
      expect(await capture(orderId)).toMatchObject({ status: 202, body: { status: 'PENDING', paid: 0 } });
      expect(await ordersOf(PAYPAL_TENANT, email)).toEqual([]);
      expect(mailFor(orderId)).toEqual([]);

      expect(await api.api.pendingCaptures!.pollOnce()).toBe(0);
      paypal.settle(orderId, 'COMPLETED');
      expect(await api.api.pendingCaptures!.pollOnce()).toBeGreaterThanOrEqual(1);
      expect(await ordersOf(PAYPAL_TENANT, email)).toMatchObject([{ paid: 1 }]);
      expect(await capture(orderId)).toMatchObject({ status: 200, body: { status: 'COMPLETED', paid: 1 } });
      await waitForMail(orderId);
    });

    it("recovers a capture PayPal already made (ORDER_ALREADY_CAPTURED) from PayPal's order", async () => {
      const { orderId, email } = await newPayPalOrder();
      paypal.captureBehindTheScenes(orderId);
      expect(await capture(orderId)).toMatchObject({ status: 200, body: { status: 'COMPLETED', paid: 1 } });
      expect(await ordersOf(PAYPAL_TENANT, email)).toHaveLength(1);
    });

    it("refuses unknown orders, other tenants' orders and bypass orders", async () => {
      expect(await capture('NO-SUCH-ORDER')).toMatchObject({ status: 404, body: { message: `There is no order NO-SUCH-ORDER for ${PAYPAL_TENANT}` } });
      const { orderId } = await newPayPalOrder();
      expect((await capture(orderId, BYPASS_TENANT)).status).toBe(404);
      const placed = await api.post('/v1/create-order', bypassOrder());
      expect(await capture(placed.body.order_id, BYPASS_TENANT)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/bypass code/) } });
    });
  });

  describe('retrieve-orders', () => {
    it("lists the tenant's placed and paid orders only, newest first, with the spec's fields", async () => {
      const api2 = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), paypal, smtp });
      try {
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          ids.push((await api2.post('/v1/create-order', bypassOrder())).body.order_id);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await api2.post('/v1/create-order', paypalOrder()); // unpaid
        await api2.post('/v1/create-order', bypassOrder({ companyName: OTHER_TENANT, code: 'OTHERCODE', cart: [line('ONLY-OTHER', 'OSFA', 'Black', 1)] }));
        const answer = await listOrders(api2, BYPASS_TENANT);
        expect(answer.status).toBe(200);
        const orders = answer.body.orders as Record<string, any>[];
        expect(orders.map((o) => o.order_id)).toEqual([...ids].reverse());
        expect(Object.keys(orders[0]!)).toEqual(
          expect.arrayContaining(['email', 'created_at', 'first_name', 'last_name', 'company_name', 'store', 'paid', 'order']),
        );
        expect(Object.keys(orders[0]!.order[0])).toEqual(
          expect.arrayContaining(['code', 'quantity', 'price', 'description', 'size', 'color', 'embroidery', 'customer_po', 'po', 'est_ship_date']),
        );
        expect((await listOrders(api2, PAYPAL_TENANT)).body.orders).toEqual([]);
        expect((await listOrders(api2, BYPASS_TENANT, { limit: 2 })).body.orders).toHaveLength(2);
      } finally {
        await api2.close();
      }
    });
  });

  describe('update-historical-order', () => {
    const placeOne = async () => {
      const body = bypassOrder({ cart: [line('K500', 'Medium', 'Navy', 12), line('C112', 'OSFA', 'Grey', 2, { type: 'hat' })] });
      expect((await api.post('/v1/create-order', body)).status).toBe(200);
      const [order] = await ordersOf(BYPASS_TENANT, body.email);
      return order!;
    };
    const update = (order: Record<string, any>, cart: unknown[], admin_password = ADMIN_PASSWORD, headers?: Record<string, string>) =>
      api.post('/v1/update-historical-order', { email: order.email, created_at: order.created_at, cart, admin_password }, headers);

    it('changes po, customer_po and est_ship_date of the lines, as the orders screen sends them', async () => {
      const order = await placeOne();
      const cart = order.order.map((l: any, i: number) => ({ ...l, po: `PO-${i}`, customer_po: `CPO-${i}`, est_ship_date: '2025-03-01' }));
      const answer = await update(order, cart);
      expect(answer.status).toBe(200);
      const [after] = await ordersOf(BYPASS_TENANT, order.email);
      expect(after!.order.map((l: any) => [l.po, l.customer_po, l.est_ship_date])).toEqual([
        ['PO-0', 'CPO-0', '2025-03-01'],
        ['PO-1', 'CPO-1', '2025-03-01'],
      ]);
      expect(after!.order.map((l: any) => [l.code, l.quantity, l.price])).toEqual([
        ['K500', 12, 38.77],
        ['C112', 2, 21.99],
      ]);
      expect(after!.total).toBe(order.total);
    });

    it('sets one PO, customer PO and Est. Ship Date on every line of an order in a single call, as the whole-order edit sends them', async () => {
      const body = bypassOrder({ cart: Array.from({ length: 6 }, (_, i) => line('K500', ['Small', 'Medium', '2XL'][i % 3]!, i < 3 ? 'Navy' : 'Black', 12)) });
      expect((await api.post('/v1/create-order', body)).status).toBe(200);
      const [order] = await ordersOf(BYPASS_TENANT, body.email);
      const whole = order!.order.map((l: any) => ({ ...l, po: 'PO-ALL', customer_po: 'CPO-ALL', est_ship_date: '2025-04-01' }));
      const answer = await api.post(
        '/v1/update-historical-order',
        { email: order!.email, created_at: order!.created_at, cart: whole, companyName: BYPASS_TENANT },
        await adminSession(BYPASS_TENANT),
      );
      expect(answer.status).toBe(200);
      const [after] = await ordersOf(BYPASS_TENANT, body.email);
      expect(after!.order).toHaveLength(6);
      expect(new Set(after!.order.map((l: any) => `${l.po}|${l.customer_po}|${l.est_ship_date}`))).toEqual(new Set(['PO-ALL|CPO-ALL|2025-04-01']));
    });

    it('takes a new est_ship_date only as a day YYYY-MM-DD (or empty); a legacy free-text one may come back unchanged', async () => {
      const order = await placeOne();
      const withShipDate = (first: string, second = '') => order.order.map((l: any, i: number) => ({ ...l, est_ship_date: i === 0 ? first : second }));
      for (const typed of ['next week', '03/01/2025', '2025-02-30']) {
        expect(await update(order, withShipDate(typed))).toMatchObject({
          status: 400,
          body: { message: `cart[0].est_ship_date: Est. Ship Date must be a date (YYYY-MM-DD), got ${JSON.stringify(typed)}` },
        });
      }
      expect((await ordersOf(BYPASS_TENANT, order.email))[0]!.order.map((l: any) => l.est_ship_date)).toEqual(['', '']);

      // A line edited before the date input holds free text: sending it back with a new PO keeps it.
      await api.api.database.updateOrderLines(order.order_id, (lines) => lines.map((l, i) => (i === 1 ? { ...l, estShipDate: 'week of March 3' } : l)));
      const [legacy] = await ordersOf(BYPASS_TENANT, order.email);
      const cart = legacy!.order.map((l: any, i: number) => ({ ...l, po: `PO-${i}`, est_ship_date: i === 0 ? '2025-03-01' : l.est_ship_date }));
      expect((await update(legacy!, cart)).status).toBe(200);
      expect((await ordersOf(BYPASS_TENANT, order.email))[0]!.order.map((l: any) => [l.po, l.est_ship_date])).toEqual([
        ['PO-0', '2025-03-01'],
        ['PO-1', 'week of March 3'],
      ]);
      // Changing it means picking a day, or clearing it.
      expect((await update(legacy!, withShipDate('2025-03-01', 'week of March 10'))).status).toBe(400);
      expect((await update(legacy!, withShipDate('2025-03-01', ''))).status).toBe(200);
      expect((await ordersOf(BYPASS_TENANT, order.email))[0]!.order.map((l: any) => l.est_ship_date)).toEqual(['2025-03-01', '']);
    });

    it('refuses a wrong admin password as it refuses a missing order (404) and changes nothing; too many are 429', async () => {
      const order = await placeOne();
      const cart = order.order.map((l: any) => ({ ...l, po: 'HACKED' }));
      const client = { 'x-forwarded-for': '203.0.113.50' };
      const notFound = { status: 404, body: { message: `No order of ${order.email} created at ${order.created_at} can be edited with this admin password` } };
      expect(await update(order, cart, 'guess', client)).toMatchObject(notFound);
      expect(await update(order, cart, ADMIN_PASSWORDS[PAYPAL_TENANT], client)).toMatchObject(notFound); // another tenant's password
      expect(await update(order, cart, 'guess2', client)).toMatchObject(notFound);
      const limited = await update(order, cart, ADMIN_PASSWORD, client);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
      const [after] = await ordersOf(BYPASS_TENANT, order.email);
      expect(after!.order.map((l: any) => l.po)).toEqual(['', '']);
    });

    it('refuses any change beyond the three fields, and a different number of lines', async () => {
      const order = await placeOne();
      const tampered = (field: string, value: unknown) => order.order.map((l: any, i: number) => (i === 1 ? { ...l, [field]: value } : l));
      expect(await update(order, tampered('quantity', 200))).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/^cart\[1\]\.quantity: cannot be changed/) },
      });
      expect(await update(order, tampered('price', 0.01))).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/^cart\[1\]\.price: cannot be changed/) },
      });
      expect(await update(order, tampered('code', 'K500'))).toMatchObject({ status: 400 });
      expect(await update(order, [order.order[0]])).toMatchObject({
        status: 400,
        body: { message: "cart: must hold the order's 2 lines in their order, got 1" },
      });
      const [after] = await ordersOf(BYPASS_TENANT, order.email);
      expect(after).toEqual(order);
    });

    it('answers 404 for an order that does not exist', async () => {
      const answer = await api.post('/v1/update-historical-order', {
        email: 'nobody@x.example',
        created_at: '2024-01-05T10:00:00.000Z',
        cart: [{ code: 'K500' }],
        admin_password: ADMIN_PASSWORD,
      });
      expect(answer.status).toBe(404);
    });
  });

  describe('sessions (order privacy)', () => {
    const noOrderData = (answer: { body: Record<string, unknown> }) => expect(Object.keys(answer.body)).toEqual(['message']);
    const placeOne = async () => {
      const body = bypassOrder();
      expect((await api.post('/v1/create-order', body)).status).toBe(200);
      return (await ordersOf(BYPASS_TENANT, body.email))[0]!;
    };
    const tenantOf = (root: string, companyName: string) => loadProject(root).project!.tenants.find((t) => t.companyName === companyName)!;

    it("answers retrieve-orders only with a session of that tenant: none, garbage, expired or another tenant's get no order data", async () => {
      await placeOne();
      const list = (headers: Record<string, string>) => api.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, headers);

      const none = await list({});
      expect(none).toMatchObject({ status: 401, body: { message: expect.stringMatching(/Sign in/) } });
      noOrderData(none);
      const garbage = await list({ authorization: 'Bearer not.a.token' });
      expect(garbage.status).toBe(401);
      noOrderData(garbage);
      const forged = await aSessionToken(tenantOf(fixture, BYPASS_TENANT), { role: 'admin' }, { secret: 'another-secret-that-is-long-enough-000' });
      expect((await list(withSession(forged))).status).toBe(401);
      const expired = await aSessionToken(
        tenantOf(fixture, BYPASS_TENANT),
        { role: 'staff' },
        { secret: TEST_SESSION_SECRET, ttlSeconds: 60, ageMs: 3_600_000 },
      );
      const late = await list(withSession(expired));
      expect(late).toMatchObject({ status: 401, body: { message: 'Your session has expired; enter the password again' } });
      noOrderData(late);
      const otherTenants = await list(await api.signIn(PAYPAL_TENANT, ADMIN_PASSWORDS[PAYPAL_TENANT]!));
      expect(otherTenants).toMatchObject({ status: 403, body: { message: expect.stringMatching(/another storefront/) } });
      noOrderData(otherTenants);

      const staff = await list(await api.signIn(BYPASS_TENANT, STAFF_PASSWORD));
      expect(staff.status).toBe(200);
      expect((staff.body.orders as unknown[]).length).toBeGreaterThan(0);
      expect(staff.headers.get('cache-control')).toBe('no-store');
      expect(staff.headers.get('x-content-type-options')).toBe('nosniff');
      expect(staff.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it("refuses a staff session once the tenant's password has changed", async () => {
      const staff = await api.signIn(BYPASS_TENANT, STAFF_PASSWORD);
      const changed = writeOrderFixture();
      const file = path.join(changed, 'tenants/bypass-motors.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(`password: ${STAFF_PASSWORD}`, 'password: a-brand-new-password'));
      const restarted = await startTestApi({ dataRoot: changed, databaseUrl: await newDatabase() });
      try {
        const answer = await restarted.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, staff);
        expect(answer).toMatchObject({ status: 401, body: { message: expect.stringMatching(/password has changed/) } });
        noOrderData(answer);
        expect(
          (await restarted.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, await restarted.signIn(BYPASS_TENANT, 'a-brand-new-password'))).status,
        ).toBe(200);
      } finally {
        await restarted.close();
        rmSync(changed, { recursive: true, force: true });
      }
    });

    it('answers the session call with a staff or admin token, and 401 for a wrong password', async () => {
      const staff = await api.post('/v1/session', { companyName: BYPASS_TENANT, password: STAFF_PASSWORD });
      expect(staff).toMatchObject({ status: 200, body: { role: 'staff', token: expect.any(String), expires_at: expect.any(String) } });
      expect(Date.parse(staff.body.expires_at)).toBeGreaterThan(Date.now());
      expect((await api.post('/v1/session', { companyName: BYPASS_TENANT, password: ADMIN_PASSWORD })).body.role).toBe('admin');
      expect(await api.post('/v1/session', { companyName: BYPASS_TENANT, password: 'guess' })).toMatchObject({
        status: 401,
        body: { message: 'Wrong password' },
      });
      // A tenant without a password: its orders are for its admins only.
      expect((await api.post('/v1/session', { companyName: OTHER_TENANT, password: ADMIN_PASSWORDS[OTHER_TENANT] })).body.role).toBe('admin');
      expect(await api.post('/v1/session', { companyName: OTHER_TENANT, password: '' })).toMatchObject({ status: 400 });
    });

    it('counts wrong passwords and wrong bypass codes against one limit per client', async () => {
      const client = { 'x-forwarded-for': '203.0.113.77' };
      for (let i = 0; i < 3; i++) expect((await api.post('/v1/session', { companyName: BYPASS_TENANT, password: `guess-${i}` }, client)).status).toBe(401);
      const limited = await api.post('/v1/session', { companyName: BYPASS_TENANT, password: STAFF_PASSWORD }, client);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await api.post('/v1/create-order', bypassOrder(), client)).status).toBe(429);
      expect((await api.post('/v1/session', { companyName: BYPASS_TENANT, password: STAFF_PASSWORD })).status).toBe(200);
    });

    it('lets an admin session edit an order, and refuses a staff session with 403', async () => {
      const order = await placeOne();
      const cart = order.order.map((l: any) => ({ ...l, po: 'BY-SESSION' }));
      const edit = (headers: Record<string, string>) =>
        api.post('/v1/update-historical-order', { email: order.email, created_at: order.created_at, cart, companyName: BYPASS_TENANT }, headers);
      expect(await edit(await api.signIn(BYPASS_TENANT, STAFF_PASSWORD))).toMatchObject({
        status: 403,
        body: { message: expect.stringMatching(/admin password/) },
      });
      expect((await edit({})).status).toBe(401);
      expect((await ordersOf(BYPASS_TENANT, order.email))[0]!.order[0].po).toBe('');
      expect((await edit(await api.signIn(BYPASS_TENANT, ADMIN_PASSWORD))).status).toBe(200);
      expect((await ordersOf(BYPASS_TENANT, order.email))[0]!.order[0].po).toBe('BY-SESSION');
    });

    it('answers 429 with Retry-After past the request budget, while another client still gets through', async () => {
      const limited = await startTestApi({
        dataRoot: fixture,
        databaseUrl: await newDatabase(),
        env: { REQUEST_LIMIT: '3', REQUEST_LIMIT_WINDOW_SECONDS: '60' },
      });
      try {
        const client = { 'x-forwarded-for': '203.0.113.88' };
        const call = (headers: Record<string, string>) => limited.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, headers);
        for (let i = 0; i < 3; i++) expect((await call(client)).status).toBe(401);
        const refused = await call(client);
        expect(refused).toMatchObject({ status: 429, body: { message: expect.stringMatching(/Too many requests to \/v1\/retrieve-orders/) } });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await call({ 'x-forwarded-for': '203.0.113.89', ...(await limited.signIn(BYPASS_TENANT, STAFF_PASSWORD)) })).status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('refuses a cart with more lines than MAX_CART_LINES, naming the cap', async () => {
      const capped = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), env: { MAX_CART_LINES: '2' } });
      try {
        const cart = [line('K500', 'Medium', 'Navy', 12), line('K500', 'Small', 'Navy', 12), line('K500', 'Medium', 'Black', 12)];
        expect(await capped.post('/v1/create-order', bypassOrder({ cart }))).toMatchObject({
          status: 400,
          body: { message: 'cart: must have at most 2 lines, got 3; split the order' },
        });
      } finally {
        await capped.close();
      }
    });
  });

  describe('CORS', () => {
    it('echoes only configured origins, with Vary: Origin, never * or null', async () => {
      const allowed = await listOrders(api, BYPASS_TENANT, {}, { origin: STOREFRONT_ORIGIN });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
      expect(allowed.headers.get('vary')).toBe('Origin');

      for (const origin of ['https://evil.example', 'null', 'http://localhost:5174']) {
        const refused = await listOrders(api, BYPASS_TENANT, {}, { origin });
        expect(refused.status, origin).toBe(403);
        expect(refused.headers.get('access-control-allow-origin')).toBeNull();
        expect(refused.headers.get('vary')).toBe('Origin');
      }
      const noOrigin = await listOrders(api, BYPASS_TENANT);
      expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('answers the preflight for allowed origins only', async () => {
      const preflight = (origin: string) =>
        fetch(`${api.url}/v1/create-order`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
        });
      const ok = await preflight(STOREFRONT_ORIGIN);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
      expect(ok.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
      const refused = await preflight('https://evil.example');
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('under load', () => {
    it('stores 200 concurrent distinct orders, all distinct', async () => {
      const tag = randomUUID().slice(0, 8);
      const bodies = Array.from({ length: 200 }, (_, i) =>
        bypassOrder({
          email: `burst-${tag}-${i}@dealer.example`,
          companyName: OTHER_TENANT,
          code: 'OTHERCODE',
          cart: [line('ONLY-OTHER', 'OSFA', 'Black', (i % 20) + 1)],
        }),
      );
      const answers = await Promise.all(bodies.map((body) => api.post('/v1/create-order', body)));
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const ids = answers.map((a) => a.body.order_id as string);
      expect(new Set(ids).size).toBe(200);
      const stored = (await ordersOf(OTHER_TENANT)).filter((o) => o.email.startsWith(`burst-${tag}-`));
      expect(stored).toHaveLength(200);
      expect(new Set(stored.map((o) => o.order_id))).toEqual(new Set(ids));
      // Each kept its own quantity: no order got another's lines.
      for (const order of stored) expect(order.order[0].quantity).toBe((Number(/burst-\w+-(\d+)@/.exec(order.email)![1]) % 20) + 1);
    });
  });

  describe('one e-mail, many orders at once', () => {
    it('gives each order of one e-mail its own created_at, so each can be edited on its own', async () => {
      const email = `same-${randomUUID()}@dealer.example`;
      const answers = await Promise.all(Array.from({ length: 20 }, () => api.post('/v1/create-order', bypassOrder({ email }))));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const orders = await ordersOf(BYPASS_TENANT, email);
      expect(orders).toHaveLength(20);
      expect(new Set(orders.map((o) => o.created_at)).size).toBe(20);
      const target = orders[7]!;
      const edited = await api.post('/v1/update-historical-order', {
        email,
        created_at: target.created_at,
        cart: target.order.map((l: any) => ({ ...l, po: 'ONLY-THIS' })),
        admin_password: ADMIN_PASSWORD,
      });
      expect(edited.status).toBe(200);
      const after = await ordersOf(BYPASS_TENANT, email);
      expect(after.filter((o) => o.order[0].po === 'ONLY-THIS').map((o) => o.order_id)).toEqual([target.order_id]);
    });
  });

  describe('e-mail', () => {
    it('never fails an order when the mail server refuses; it retries until the mail is delivered', async () => {
      // Let earlier tests' e-mails go first, so the two refusals hit this order's.
      const deadline = Date.now() + 15_000;
      while ((await api.api.database.outbox.unsentCount()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      smtp.rejectNext = 2;
      const rejectedBefore = smtp.rejected;
      // Other Group sends its buyers no confirmation, so both refusals hit the order's one e-mail.
      const hats = [{ quantity: 1, size: 'OSFA', color: 'Black', code: 'ONLY-OTHER' }];
      const created = await api.post('/v1/create-order', bypassOrder({ companyName: OTHER_TENANT, code: 'OTHERCODE', cart: hats }));
      expect(created.status).toBe(200);
      const [mail] = await waitForMail(created.body.order_id);
      expect(smtp.rejected - rejectedBefore).toBe(2);
      expect(mail!.text).toContain(created.body.order_id);
      expect(api.logs.filter((l) => l.msg === 'mail failed, will retry' && l.orderId === created.body.order_id)).toHaveLength(2);
      // The SMTP server has the e-mail before the worker has recorded it as sent and logged it.
      expect(await waitForLog((l) => l.msg === 'mail sent' && l.orderId === created.body.order_id)).toMatchObject({ attempt: 3 });
    });

    it('keeps the e-mail while no mail server answers at all', async () => {
      const unreachable = await startTestApi({
        dataRoot: fixture,
        databaseUrl: await newDatabase(),
        env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_RETRY_BASE_MS: '3600000' },
      });
      try {
        const created = await unreachable.post('/v1/create-order', bypassOrder());
        expect(created.status).toBe(200);
        // The SMTP connection is tried from the API's mail thread; a busy machine may start it slowly.
        const deadline = Date.now() + 30_000;
        while (!unreachable.logs.some((l) => l.msg === 'mail failed, will retry')) {
          if (Date.now() > deadline) throw new Error('the failed send was not logged');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // The staff e-mail and the buyer's confirmation.
        expect(await unreachable.api.database.outbox.unsentCount()).toBe(2);
        expect((await listOrders(unreachable, BYPASS_TENANT)).body.orders).toHaveLength(1);
      } finally {
        await unreachable.close();
      }
    });
  });

  describe('without PayPal credentials', () => {
    it('answers PayPal checkout with 503 and still takes bypass orders', async () => {
      const noPayPal = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), smtp });
      try {
        expect(noPayPal.logs.some((l) => l.level === 'warn' && /PayPal checkout is off/.test(String(l.msg)))).toBe(true);
        const refused = await noPayPal.post('/v1/create-order', paypalOrder());
        expect(refused).toMatchObject({ status: 503, body: { message: expect.stringMatching(/no PayPal credentials/) } });
        expect((await noPayPal.post('/v1/create-order', bypassOrder())).status).toBe(200);
        expect((await noPayPal.post('/v1/capture-order', { order_id: 'X', companyName: PAYPAL_TENANT })).status).toBe(404);
      } finally {
        await noPayPal.close();
      }
    });
  });
}
