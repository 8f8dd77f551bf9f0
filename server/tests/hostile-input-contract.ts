import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { requestHashOf } from '../app/idempotency.ts';
import { IdempotencyKeys } from '../storage/idempotency-keys.ts';
import { orderNumber } from '../../src/domain/order-number.ts';
import { contractWorld } from './helpers/contract-world.ts';
import { ADMIN_PASSWORD, BYPASS_TENANT, bypassMotorsOrder, paypalMotorsOrder } from './helpers/order-fixture.ts';
import { parseMail } from './helpers/parse-mail.ts';
import { postJson } from './helpers/test-api.ts';

/**
 * What hostile or careless clients send, and what nobody else may see of it: each answer
 * carries only its own request's problems; names cannot dress up as other text in the e-mail;
 * a forged X-Forwarded-For or a body nested 150,000 deep does no harm; a dead instance's
 * idempotency key is free again within seconds while a slow live one keeps its own. Run on
 * SQLite and PostgreSQL (sqlite.test.ts, postgres.test.ts).
 */
export function hostileInputContract(newDatabase: () => Promise<string | undefined>): void {
  const world = contractWorld(newDatabase);

  const bypassOrder = bypassMotorsOrder;
  const adminOrders = async () => {
    const answer = await world.api.post(
      '/v1/retrieve-orders',
      { companyName: BYPASS_TENANT, limit: 500 },
      await world.api.signIn(BYPASS_TENANT, ADMIN_PASSWORD),
    );
    return answer.body.orders as Record<string, any>[];
  };

  it("answers two clients' bad bodies, sent interleaved and at once, each with its own problems only", async () => {
    const control = 'must be one line of text, without control characters (line breaks, tabs)';
    // One client signs in with an over-long password, the other orders with a mistyped address; both names hold a control character.
    const first = (i: number) => {
      const password = `first-client-secret-${i}-${'x'.repeat(250)}`;
      return {
        body: { companyName: `First\u0007${i}`, password },
        problems: [`companyName: ${control}`, `password: must be at most 200 characters, got "${password.slice(0, 60)}…"`],
      };
    };
    const second = (i: number) => ({
      body: bypassOrder({ first_name: `Second\u0000${i}`, email: `second-client-${i}-at-nowhere` }),
      problems: [`first_name: ${control}`, `email: must be an e-mail address, got "second-client-${i}-at-nowhere"`],
    });
    for (let round = 0; round < 10; round++) {
      const sent = Array.from({ length: 20 }, (_, i) => {
        const n = round * 20 + i;
        return i % 2 === 0 ? { call: '/v1/session', ...first(n) } : { call: '/v1/create-order', ...second(n) };
      });
      const answers = await Promise.all(sent.map((s) => world.api.post(s.call, s.body)));
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(400);
        expect(answer.body.problems).toEqual(sent[i]!.problems);
      });
    }
  });

  it('shows encoded-word syntax in a name literally in the subject, as a MIME parser reads it', async () => {
    const forged = '=?utf-8?q?Total=3A_$0.01?=';
    const created = await world.api.post('/v1/create-order', bypassOrder({ first_name: forged }));
    expect(created.status).toBe(200);
    const [mail] = await world.smtp.waitForMention(created.body.order_id as string);
    const parsed = parseMail(mail!.raw);
    expect(parsed.subject).toBe(`Order ${orderNumber(created.body.order_id as string)} from ${forged} Lee (Bypass Motors), $465.24, to invoice`);
    expect(parsed.subject).not.toContain('Total: $0.01');
  });

  it('refuses bidi overrides and zero-width characters in names and addresses with 400 naming the field, storing nothing', async () => {
    const email = `${randomUUID()}@dealer.example`;
    const reversed = await world.api.post('/v1/create-order', bypassOrder({ email, last_name: 'Lee\u202E10.0$ :latoT' }));
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(
      /^Invalid create-order request: last_name: must not contain invisible or text-direction characters \(found U\+202E\)/,
    );
    const hidden = await world.api.post('/v1/create-order', bypassOrder({ email: `ann\u200B${email}` }));
    expect(hidden.status).toBe(400);
    expect(hidden.body.problems).toEqual(['email: must not contain invisible or text-direction characters (found U+200B); type it again without them']);
    expect((await adminOrders()).filter((o) => String(o.email).endsWith(email))).toEqual([]);
  });

  it('takes X-Forwarded-For only when it ends in an IP address, else the peer address, with one warning', async () => {
    const html = `<html>${'<div>not an address</div>'.repeat(250)}</html>`;
    expect(html.length).toBeGreaterThan(6_000);
    const emails = [`${randomUUID()}@dealer.example`, `${randomUUID()}@dealer.example`];
    for (const [i, email] of emails.entries()) {
      const forwarded = i === 0 ? html : '203.0.113.5:4431'; // an address with a port is no address either
      expect((await world.api.post('/v1/create-order', bypassOrder({ email }), { 'x-forwarded-for': forwarded })).status).toBe(200);
    }
    const stored = (await adminOrders()).filter((o) => emails.includes(o.email));
    expect(stored).toHaveLength(2);
    for (const order of stored) {
      expect(isIP(order.client_ip)).not.toBe(0);
      expect(order.client_ip).toMatch(/127\.0\.0\.1$/);
    }
    expect(world.api.logs.filter((l) => String(l.msg).startsWith('X-Forwarded-For does not end in an IP address'))).toHaveLength(1);
  });

  it('answers a body nested 150,000 levels deep with 400, not a stack overflow', async () => {
    const deep = `{"companyName":"${BYPASS_TENANT}","cart":${'['.repeat(150_000)}${']'.repeat(150_000)}}`;
    const answer = await world.api.post('/v1/create-order', deep);
    expect(answer.status).toBe(400);
    // The body's object is level 1, so the 32nd bracket opens level 33.
    expect(answer.body.message).toBe(
      `The body nests lists or objects more than 32 levels deep (at character ${deep.indexOf('[') + 31}); no call takes more than a few levels`,
    );
    expect(world.api.logs.filter((l) => l.msg === 'internal error')).toEqual([]);
  });

  describe('idempotency key leases', () => {
    it('gives a retry the key of a holder that stopped renewing within seconds, and one order', async () => {
      const body = bypassOrder();
      const key = randomUUID();
      // The claim a request made 6 s ago on an instance that died since: its lease was never renewed.
      const died = new IdempotencyKeys(world.api.api.database.db, () => Date.now() - 6_000);
      expect((await died.claim(key, requestHashOf('create-order', body), 5_000)).kind).toBe('claimed');

      const started = Date.now();
      const retry = await world.api.post('/v1/create-order', body, { 'idempotency-key': key });
      expect(retry.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await world.api.post('/v1/create-order', body, { 'idempotency-key': key })).body.order_id).toBe(retry.body.order_id);
      expect((await adminOrders()).filter((o) => o.email === body.email)).toHaveLength(1);
    });

    it('never takes the key from a live holder slower than the lease: its duplicate waits and gets the same order', async () => {
      const body = paypalMotorsOrder({ first_name: 'Sol', last_name: 'Slow' });
      const key = { 'idempotency-key': randomUUID() };
      const creates = () => world.paypal.calls.filter((c) => c.method === 'POST' && c.path === '/v2/checkout/orders').length;
      const before = creates();
      world.paypal.delayMs = 7_000; // longer than the 5 s lease: only renewals keep the claim
      try {
        const slow = world.api.post('/v1/create-order', body, key);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const duplicate = await postJson(world.api.url, '/v1/create-order', body, key);
        const first = await slow;
        expect(first.status).toBe(200);
        expect(duplicate.status).toBe(200);
        expect(duplicate.headers.get('idempotent-replayed')).toBe('true');
        expect(duplicate.body.order_id).toBe(first.body.order_id);
        expect(creates() - before).toBe(1);
      } finally {
        world.paypal.delayMs = 0;
      }
    });
  });
}
