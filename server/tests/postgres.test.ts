import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal } from './helpers/fake-paypal.ts';
import { ADMIN_PASSWORD, BYPASS_CODE, BYPASS_TENANT, PAYPAL_TENANT, writeOrderFixture } from './helpers/order-fixture.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { startTestApi, type TestApi } from './helpers/test-api.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './helpers/throwaway-postgres.ts';
import { openPostgresDatabase } from '../storage/postgres-database.ts';
import { migrate } from '../storage/migrations.ts';
import { OrderDatabase } from '../storage/order-database.ts';
import { DeviceProofs, LIVE_PROOFS_PER_CREDENTIAL } from '../app/device-proofs.ts';
import { fixtureData, removeFixture, SESSION_SECRET } from './helpers/handler-world.ts';
import { authorityContract } from './authority-contract.ts';
import { buyerMailContract } from './buyer-mail-contract.ts';
import { deviceLinkContract } from './device-link-contract.ts';
import { deskContract } from './desk-contract.ts';
import { guessLeaseContract } from './guess-lease-contract.ts';
import { hostileInputContract } from './hostile-input-contract.ts';
import { orderApiContract } from './order-api-contract.ts';
import { orderStatusContract } from './order-status-contract.ts';
import { paymentContract } from './payment-contract.ts';
import { tenantKeysContract } from './tenant-keys-contract.ts';

let postgres: ThrowawayPostgres;
let databases = 0;

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
});
afterAll(() => postgres?.stop());
afterAll(removeFixture);

describe('order API on PostgreSQL', () => {
  orderApiContract(() => postgres.createDatabase(`contract_${++databases}`));
});

describe('order API on PostgreSQL: the authority', () => {
  authorityContract(() => postgres.createDatabase(`authority_${++databases}`));
});

describe('order API on PostgreSQL: orders keyed by tenant id', () => {
  tenantKeysContract(() => postgres.createDatabase(`tenant_keys_${++databases}`));
});

describe('order API on PostgreSQL: hostile input', () => {
  hostileInputContract(() => postgres.createDatabase(`hostile_${++databases}`));
});

describe('order API on PostgreSQL: order status with tracking', () => {
  orderStatusContract(() => postgres.createDatabase(`order_status_${++databases}`));
});

describe('guess limits on PostgreSQL: a new browser during a flood, by an e-mailed device link', () => {
  deviceLinkContract(() => postgres.createDatabase(`device_link_${++databases}`));
});

describe('order API on PostgreSQL: confirmations to buyers', () => {
  buyerMailContract(() => postgres.createDatabase(`buyer_mail_${++databases}`));
});

describe("order API on PostgreSQL: the supplier's order desk", () => {
  deskContract(() => postgres.createDatabase(`desk_${++databases}`));
});

describe('guess limits on PostgreSQL: attempts of requests that died', () => {
  guessLeaseContract(async () => openPostgresDatabase(await postgres.createDatabase(`guess_lease_${++databases}`)));
});

describe('payment verification on PostgreSQL', () => {
  paymentContract(() => postgres.createDatabase('payment_1'));
});

/**
 * Several API instances on one database share no memory: whatever must hold across them
 * (one order per idempotency key, one capture per order, each e-mail once) holds because
 * the database enforces it.
 */
describe('several instances sharing one PostgreSQL database', () => {
  const cart = [{ quantity: 12, size: 'Medium', color: 'Navy', code: 'K500', embroidery: 'Shield' }];
  const bypass = (email = `${randomUUID()}@dealer.example`) => ({
    first_name: 'Ana',
    last_name: 'Multi',
    email,
    companyName: BYPASS_TENANT,
    cart,
    bypassPaypal: true,
    code: BYPASS_CODE,
  });

  it('migrates once when three instances start together, then agree on idempotency, captures, e-mails and rate limits', async () => {
    const fixture = writeOrderFixture();
    const paypal = await startFakePayPal();
    const smtp = await startSmtpSink();
    const url = await postgres.createDatabase('shared');
    const instances: TestApi[] = await Promise.all([1, 2, 3].map(() => startTestApi({ dataRoot: fixture, databaseUrl: url, paypal, smtp })));
    const [a, b, c] = instances as [TestApi, TestApi, TestApi];
    try {
      expect(instances.filter((i) => i.logs.some((l) => l.msg === 'database migrated'))).toHaveLength(1);

      // One Idempotency-Key sent to all instances at once: one order.
      const body = bypass();
      const key = { 'idempotency-key': randomUUID() };
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => instances[i % 3]!.post('/v1/create-order', body, key)));
      expect(answers.map((x) => x.status)).toEqual(Array(12).fill(200));
      expect(new Set(answers.map((x) => x.body.order_id)).size).toBe(1);
      const listed = (await c.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, await c.signIn(BYPASS_TENANT, ADMIN_PASSWORD))).body.orders as {
        email: string;
      }[];
      expect(listed.filter((o) => o.email === body.email)).toHaveLength(1);

      // Concurrent captures of one PayPal order on different instances: one capture at PayPal.
      const created = await a.post('/v1/create-order', { first_name: 'Pay', last_name: 'Pal', email: 'pp@dealer.example', companyName: PAYPAL_TENANT, cart });
      paypal.delayMs = 300;
      const captures = await Promise.all(
        Array.from({ length: 9 }, (_, i) => instances[i % 3]!.post('/v1/capture-order', { order_id: created.body.order_id, companyName: PAYPAL_TENANT })),
      );
      paypal.delayMs = 0;
      expect(captures.map((x) => x.status)).toEqual(Array(9).fill(200));
      expect(new Set(captures.map((x) => x.body.capture_id)).size).toBe(1);
      expect(paypal.captureAttempts).toBe(1);

      // 30 orders spread over the instances, three outbox workers: every e-mail exactly once.
      const emails = Array.from({ length: 30 }, (_, i) => `mail-${i}-${randomUUID()}@dealer.example`);
      const placed = await Promise.all(emails.map((email, i) => instances[i % 3]!.post('/v1/create-order', bypass(email))));
      expect(placed.every((p) => p.status === 200)).toBe(true);
      // The idempotent order, the paid PayPal order, the burst: each the staff e-mail and the buyer's confirmation.
      const expected = 2 * (1 + 1 + 30);
      await smtp.waitFor(expected, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received).toHaveLength(expected);
      for (const p of placed) expect(smtp.received.filter((m) => m.text.includes(p.body.order_id as string))).toHaveLength(1);
      for (const email of emails) expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);

      // Wrong codes from one client count together on every instance (the tests allow 3).
      const guesser = { 'x-forwarded-for': '203.0.113.99' };
      for (const [i, instance] of instances.entries()) {
        expect((await instance.post('/v1/create-order', { ...bypass(), code: `GUESS${i}` }, guesser)).status).toBe(403);
      }
      for (const instance of instances) {
        const limited = await instance.post('/v1/create-order', bypass(), guesser);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect((await a.post('/v1/create-order', bypass(), { 'x-forwarded-for': '203.0.113.100' })).status).toBe(200);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await paypal.close();
      await smtp.close();
      rmSync(fixture, { recursive: true, force: true });
    }
  });

  it(`honours exactly the newest ${LIVE_PROOFS_PER_CREDENTIAL} of 40 proofs of one password minted at once through three instances`, async () => {
    const { tenants } = fixtureData();
    const url = await postgres.createDatabase('proofs');
    const pools = [1, 2, 3].map(() => openPostgresDatabase(url));
    try {
      await migrate(pools[0]!, { tenants: tenants.known() });
      const devices = pools.map((db) => new DeviceProofs(SESSION_SECRET, new OrderDatabase(db).deviceProofs));
      const tenant = tenants.all().find((entry) => entry.tenant.companyName === BYPASS_TENANT)!.tenant;
      const proofs = await Promise.all(Array.from({ length: 40 }, (_, i) => devices[i % 3]!.issue(tenant, { role: 'staff' })));
      const honoured = await Promise.all(proofs.map((proof, i) => devices[(i + 1) % 3]!.deviceOf(proof, tenant.id, (id) => tenants.byId(id)?.tenant)));
      expect(honoured.filter(Boolean)).toHaveLength(LIVE_PROOFS_PER_CREDENTIAL);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('compares at most the limit of 200 parallel wrong codes from one client spread over three instances', async () => {
    const fixture = writeOrderFixture();
    const url = await postgres.createDatabase('guesses');
    const instances = await Promise.all([1, 2, 3].map(() => startTestApi({ dataRoot: fixture, databaseUrl: url })));
    try {
      const guesser = { 'x-forwarded-for': '203.0.113.120' };
      const statuses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          instances[i % 3]!.post('/v1/session', { companyName: BYPASS_TENANT, code: `PARALLEL${i}` }, guesser).then((a) => a.status),
        ),
      );
      // RATE_LIMIT_MAX_FAILURES is 3 in the tests: three compared (403), the rest refused unchecked.
      expect([statuses.filter((s) => s === 403).length, statuses.filter((s) => s === 429).length]).toEqual([3, 197]);
      expect(instances.flatMap((i) => i.logs).filter((l) => l.msg === 'wrong secret')).toHaveLength(3);
      expect((await instances[1]!.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE }, guesser)).status).toBe(429);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      rmSync(fixture, { recursive: true, force: true });
    }
  });
});
