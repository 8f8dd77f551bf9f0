import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../src/domain/money.ts';
import { aStoredOrderLine } from '../../tests/helpers/order-builders.ts';
import { publicOrder } from '../app/order-lines.ts';
import { emlFolderTransport } from '../mail/mail-transport.ts';
import { applyRetention } from '../retention.ts';
import { migrate } from '../storage/migrations.ts';
import { OrderDatabase, type NewOrder } from '../storage/order-database.ts';
import { PersonalDataRetention } from '../storage/personal-data-retention.ts';
import { openPostgresDatabase } from '../storage/postgres-database.ts';
import type { SqlDatabase } from '../storage/sql-database.ts';
import { openSqliteDatabase } from '../storage/sqlite-database.ts';
import { ADMIN_PASSWORD, BYPASS_CODE, BYPASS_TENANT, writeOrderFixture } from './helpers/order-fixture.ts';
import { startTestApi } from './helpers/test-api.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './helpers/throwaway-postgres.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2027-03-01T12:00:00.000Z');
const POLICY = { orderDays: 730, mailDays: 30 };
const iso = (ms: number) => new Date(ms).toISOString();

const order = (orderId: string, email: string, createdAt: number, paid: 0 | 1 | 2 = 2): NewOrder => ({
  orderId,
  tenantId: 'acme',
  companyName: 'Acme Cars',
  email,
  firstName: 'Ana',
  lastName: 'Buyer',
  store: 'Acme North',
  customerPo: 'PO-77',
  paid,
  total: money(123_4500),
  createdAt: iso(createdAt),
  placedWith: 'bypass code 1 of 1',
  clientIp: '203.0.113.7',
  paymentRef: '',
  lines: [aStoredOrderLine({ quantity: 1, unitPrice: money(123_4500), lineTotal: money(123_4500), customerPo: 'PO-77' })],
});
const mail = (orderId: string) => [
  { from: 'shop@acme.example', to: ['orders@acme.example'], subject: `Order ${orderId} from Ana Buyer`, text: `Name: Ana Buyer, order ${orderId}` },
];

/**
 * The retention of personal data on one database, with a clock the test sets: old orders lose
 * their buyer's fields but keep their totals and stay listed, old sent e-mails lose their text in
 * the outbox and their .eml file, and everything younger, or not sent yet, is left alone.
 */
function retentionContract(open: (name: string) => Promise<SqlDatabase>) {
  it('removes the personal fields of orders past ORDER_RETENTION_DAYS and the text and files of e-mails sent past MAIL_RETENTION_DAYS', async () => {
    const db = await open('retention');
    await migrate(db, { tenants: [] });
    const clock = { now: NOW - 40 * DAY };
    const database = new OrderDatabase(db, () => clock.now);
    const other = await open('retention');
    const mailDir = mkdtempSync(path.join(tmpdir(), 'retention-mail-'));
    const transport = emlFolderTransport(mailDir);
    try {
      const old = NOW - 731 * DAY;
      // Two buyers' orders in one millisecond: once both e-mails are gone they must still be two rows.
      await database.insertOrder(order('old-a', 'a@buyer.example', old), { mail: () => mail('old-a') });
      await database.insertOrder(order('old-b', 'b@buyer.example', old));
      await database.insertOrder(order('old-unpaid', 'c@buyer.example', old - DAY, 0));
      await database.insertOrder(order('young', 'd@buyer.example', NOW - 729 * DAY));

      // old-a's e-mail is sent 40 days before NOW; then an order's e-mail sent 29 days before, and one never sent.
      const [first] = await database.outbox.lease(10, 60_000);
      await transport.send(first!.message, 'old-a-1');
      await database.outbox.markSent(first!.id);
      clock.now = NOW - 29 * DAY;
      await database.insertOrder(order('recent-mail', 'e@buyer.example', clock.now), { mail: () => mail('recent-mail') });
      const [second] = await database.outbox.lease(10, 60_000);
      await transport.send(second!.message, 'recent-mail-2');
      await database.outbox.markSent(second!.id);
      await database.insertOrder(order('unsent', 'f@buyer.example', clock.now), { mail: () => mail('unsent') });
      const [oldFile, recentFile] = readdirSync(mailDir).sort();
      utimesSync(path.join(mailDir, oldFile!), new Date(NOW - 40 * DAY), new Date(NOW - 40 * DAY));
      utimesSync(path.join(mailDir, recentFile!), new Date(NOW - 29 * DAY), new Date(NOW - 29 * DAY));
      writeFileSync(path.join(mailDir, 'README.txt'), 'not an e-mail');
      utimesSync(path.join(mailDir, 'README.txt'), new Date(NOW - 400 * DAY), new Date(NOW - 400 * DAY));

      clock.now = NOW;
      // Two instances at once, a few rows per statement: each row is cleared once, by one of them.
      const instances = [new PersonalDataRetention(db, () => clock.now, 2), new PersonalDataRetention(other, () => clock.now, 2)];
      const results = await Promise.all(instances.map((retention) => applyRetention(retention, transport, POLICY, clock.now)));
      expect(results.reduce((sum, r) => sum + r.orders, 0)).toBe(3);
      expect(results.reduce((sum, r) => sum + r.mailBodies, 0)).toBe(1);
      expect(results.reduce((sum, r) => sum + r.mailFiles, 0)).toBe(1);

      for (const id of ['old-a', 'old-b', 'old-unpaid']) {
        const removed = await database.findOrder(id);
        expect(removed).toMatchObject({
          email: '',
          firstName: '',
          lastName: '',
          clientIp: '',
          personalRemovedAt: NOW,
          customerPo: 'PO-77',
          store: 'Acme North',
          total: money(123_4500),
          placedWith: 'bypass code 1 of 1',
        });
        expect(removed!.lines[0]).toMatchObject({ code: 'K500', customerPo: 'PO-77', lineTotal: money(123_4500) });
      }
      expect(await database.findOrder('young')).toMatchObject({ email: 'd@buyer.example', firstName: 'Ana', clientIp: '203.0.113.7' });
      expect((await database.findOrder('young'))!.personalRemovedAt).toBeUndefined();

      // Still listed to the tenant, for its totals, with the personal fields shown as removed.
      const listed = (await database.listPlacedOrders('acme', 10)).orders.map((o) => publicOrder(o, [], { audit: true }));
      expect(listed.map((o) => o.order_id)).toEqual(['unsent', 'recent-mail', 'young', 'old-b', 'old-a']);
      expect(listed.find((o) => o.order_id === 'old-a')).toMatchObject({
        email: '',
        first_name: '',
        last_name: '',
        client_ip: '',
        customer_po: 'PO-77',
        total: 123.45,
        personal_data_removed: true,
      });
      expect(listed.find((o) => o.order_id === 'young')).not.toHaveProperty('personal_data_removed');

      const outbox = await db.query<{ order_id: string; message: string; sent_at: number | null }>(
        'SELECT order_id, message, sent_at FROM mail_outbox ORDER BY id',
      );
      expect(
        outbox.map((row) => [row.order_id, row.message === '' ? 'removed' : JSON.parse(row.message).subject, row.sent_at === null ? 'unsent' : 'sent']),
      ).toEqual([
        ['old-a', 'removed', 'sent'],
        ['recent-mail', 'Order recent-mail from Ana Buyer', 'sent'],
        ['unsent', 'Order unsent from Ana Buyer', 'unsent'],
      ]);
      expect(readdirSync(mailDir).sort()).toEqual([recentFile, 'README.txt'].sort());

      // The next pass finds nothing left to remove; a day later the next e-mail's turn comes.
      expect(await applyRetention(instances[0]!, transport, POLICY, NOW)).toEqual({ orders: 0, mailBodies: 0, mailFiles: 0 });
      expect(await applyRetention(instances[0]!, transport, POLICY, NOW + 2 * DAY)).toEqual({ orders: 1, mailBodies: 1, mailFiles: 1 });
    } finally {
      transport.close();
      await other.close();
      await db.close();
      rmSync(mailDir, { recursive: true, force: true });
    }
  });
}

describe('retention of personal data on SQLite', () => {
  let folder: string;
  beforeAll(() => (folder = mkdtempSync(path.join(tmpdir(), 'retention-sqlite-'))));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  retentionContract(async (name) => openSqliteDatabase(path.join(folder, `${name}.sqlite`)));

  it("leaves no copy of a removed buyer's e-mail address or name in the database's files", async () => {
    const file = path.join(folder, 'bytes.sqlite');
    const db = await openSqliteDatabase(file);
    const files = () => [file, `${file}-wal`].filter(existsSync).map((name) => readFileSync(name));
    try {
      await migrate(db, { tenants: [] });
      const clock = { now: NOW - 800 * DAY };
      const database = new OrderDatabase(db, () => clock.now);
      const removed = 'zelda.quillfeather@buyer.example';
      const kept = 'young.buyer@buyer.example';
      const mailOf = (orderId: string, email: string) => [{ ...mail(orderId)[0]!, to: [email], text: `Name: Zelda Quillfeather <${email}>, order ${orderId}` }];
      await database.insertOrder({ ...order('old', removed, clock.now), firstName: 'Zelda', lastName: 'Quillfeather' }, { mail: () => mailOf('old', removed) });
      const [sent] = await database.outbox.lease(10, 60_000);
      await database.outbox.markSent(sent!.id);
      // Others keep ordering, so the old rows' pages are written again and again before the removal.
      for (let index = 0; index < 200; index += 1) await database.insertOrder(order(`young-${index}`, kept.replace('@', `-${index}@`), NOW - DAY));
      expect(
        files().some((bytes) => bytes.includes(removed)),
        'the address is stored to begin with',
      ).toBe(true);

      clock.now = NOW;
      const result = await applyRetention(
        new PersonalDataRetention(db, () => clock.now),
        emlFolderTransport(mkdtempSync(path.join(tmpdir(), 'retention-bytes-'))),
        POLICY,
        NOW,
      );
      expect(result.orders).toBe(1);
      for (const needle of [removed, 'Quillfeather'])
        expect(
          files().some((bytes) => bytes.includes(needle)),
          needle,
        ).toBe(false);
      expect(files().some((bytes) => bytes.includes('young.buyer-7@buyer.example'))).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe('retention of personal data on PostgreSQL', () => {
  let postgres: ThrowawayPostgres;
  const urls = new Map<string, Promise<string>>();
  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
  });
  afterAll(() => postgres?.stop());
  retentionContract(async (name) => {
    if (!urls.has(name)) urls.set(name, postgres.createDatabase(name));
    return openPostgresDatabase(await urls.get(name)!);
  });
});

describe('retention in the running API', () => {
  it('is applied by the maintenance interval: an order past ORDER_RETENTION_DAYS is listed with its personal fields removed, an old .eml file is gone', async () => {
    const fixture = writeOrderFixture();
    const api = await startTestApi({ dataRoot: fixture, env: { MAINTENANCE_INTERVAL_SECONDS: '1', ORDER_RETENTION_DAYS: '365', MAIL_RETENTION_DAYS: '7' } });
    try {
      const placed = await api.post('/v1/create-order', {
        first_name: 'Nia',
        last_name: 'Recent',
        email: 'nia@dealer.example',
        companyName: BYPASS_TENANT,
        bypassPaypal: true,
        code: BYPASS_CODE,
        cart: [{ quantity: 12, size: 'Medium', color: 'Navy', code: 'K500', embroidery: 'Shield' }],
      });
      expect(placed.status).toBe(200);
      const old = { ...order('three-years-old', 'old@dealer.example', Date.now() - 3 * 365 * DAY), tenantId: 'bypass-motors', companyName: BYPASS_TENANT };
      await api.api.database.insertOrder(old);
      const emlFile = await until(() => (existsSync(api.mailDir) ? readdirSync(api.mailDir).find((name) => name.endsWith('.eml')) : undefined));
      utimesSync(path.join(api.mailDir, emlFile), new Date(Date.now() - 8 * DAY), new Date(Date.now() - 8 * DAY));

      await until(() => !existsSync(path.join(api.mailDir, emlFile)) || undefined);
      const listed = (await api.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, await api.signIn(BYPASS_TENANT, ADMIN_PASSWORD))).body
        .orders as Record<string, unknown>[];
      expect(listed.find((o) => o.order_id === 'three-years-old')).toMatchObject({
        email: '',
        first_name: '',
        last_name: '',
        customer_po: 'PO-77',
        total: 123.45,
        personal_data_removed: true,
      });
      expect(listed.find((o) => o.order_id === placed.body.order_id)).toMatchObject({ email: 'nia@dealer.example', first_name: 'Nia' });
      expect(api.logs.some((l) => l.msg === 'personal data past its retention removed')).toBe(true);
    } finally {
      await api.close();
      rmSync(fixture, { recursive: true, force: true });
    }
  });
});

async function until<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
