import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reattachCommand } from '../orders-reattach.ts';
import { migrate } from '../storage/migrations.ts';
import { openOrderDatabase } from '../storage/open-order-database.ts';
import { aBypassOrderBody, aStoredOrderLine } from '../../tests/helpers/order-builders.ts';
import { setTenantField } from '../../tests/helpers/tenant-builders.ts';
import {
  ADMIN_PASSWORDS,
  BYPASS_CODE,
  BYPASS_TENANT,
  OTHER_TENANT,
  PAYPAL_TENANT,
  POLO_LINE,
  STAFF_PASSWORD,
  writeOrderFixture,
} from './helpers/order-fixture.ts';
import { startTestApi, type TestApi } from './helpers/test-api.ts';

/**
 * Orders belong to their tenant by id, the tenant file's name (run on SQLite and PostgreSQL):
 * a company_name edit keeps a tenant's history; an order whose tenant file is gone is nobody's
 * until `npm run orders:reattach` gives it to a tenant; a database of the previous schema is
 * migrated with each order under the right tenant. Each test restarts the API on one database
 * with the fixture's tenant files changed in between, as an operator would.
 */
export function tenantKeysContract(newDatabase: () => Promise<string | undefined>): void {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A fixture and one database that outlives each API started on it (SQLITE_PATH or DATABASE_URL, as in production). */
  const setUp = async () => {
    const fixture = writeOrderFixture();
    const url = await newDatabase();
    const scratch = mkdtempSync(path.join(tmpdir(), 'tenant-keys-'));
    cleanups.push(
      () => rmSync(fixture, { recursive: true, force: true }),
      () => rmSync(scratch, { recursive: true, force: true }),
    );
    const env: Record<string, string> = url ? { DATABASE_URL: url } : { SQLITE_PATH: path.join(scratch, 'orders.sqlite') };
    const start = async () => {
      const api = await startTestApi({ dataRoot: fixture, env });
      cleanups.push(() => api.close());
      return api;
    };
    /** The operator's command, with the API's own configuration. */
    const reattach = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await reattachCommand(args, { ...env, DATA_ROOT: fixture }, (line) => lines.push(line));
      return { code, output: lines.join('\n') };
    };
    const tenantFile = (id: string) => path.join(fixture, 'tenants', `${id}.yaml`);
    return { fixture, env, start, reattach, tenantFile };
  };

  const polo = POLO_LINE;
  const place = async (api: TestApi, companyName: string, code: string, cart: unknown[], email = `${randomUUID()}@dealer.example`) => {
    const answer = await api.post('/v1/create-order', aBypassOrderBody(companyName, code, cart, { email }));
    expect(answer.status).toBe(200);
    return { email, orderId: answer.body.order_id as string };
  };
  const ordersOf = async (api: TestApi, companyName: string, password: string) => {
    const answer = await api.post('/v1/retrieve-orders', { companyName, limit: 500 }, await api.signIn(companyName, password));
    expect(answer.status).toBe(200);
    return answer.body.orders as Record<string, any>[];
  };
  const withPo = (order: Record<string, any>, po: string) => order.order.map((line: Record<string, unknown>) => ({ ...line, po }));
  const edit = (api: TestApi, order: Record<string, any>, po: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    api.post('/v1/update-historical-order', { email: order.email, created_at: order.created_at, cart: withPo(order, po), ...extra }, headers);

  it("keeps a tenant's history through a company_name change: listed for its session, editable by its admin", async () => {
    const { start, tenantFile } = await setUp();
    const before = await start();
    const first = await place(before, BYPASS_TENANT, BYPASS_CODE, [polo]);
    await before.close();

    const renamed = 'Bypass Motors Holdings';
    setTenantField(tenantFile('bypass-motors'), 'company_name', renamed);
    const api = await start();
    // The rebuilt storefront sends the new name; the old one names no tenant any more.
    expect((await api.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT })).status).toBe(400);
    await place(api, renamed, BYPASS_CODE, [polo], first.email);

    const listed = (await ordersOf(api, renamed, STAFF_PASSWORD)).filter((o) => o.email === first.email);
    expect(listed.map((o) => o.company_name)).toEqual([renamed, BYPASS_TENANT]);
    const old = listed[1]!;
    expect(old.order_id).toBe(first.orderId);

    const admin = await api.signIn(renamed, ADMIN_PASSWORDS[BYPASS_TENANT]!);
    expect((await edit(api, old, 'PO-SESSION', { companyName: renamed }, admin)).status).toBe(200);
    expect((await edit(api, old, 'PO-BODY', { admin_password: ADMIN_PASSWORDS[BYPASS_TENANT] })).status).toBe(200);
    const [, after] = (await ordersOf(api, renamed, STAFF_PASSWORD)).filter((o) => o.email === first.email);
    expect(after!.order.map((line: Record<string, unknown>) => line.po)).toEqual(['PO-BODY']);
  });

  it('shows an order whose tenant file is gone to no one, and to its tenant again once reattached', async () => {
    const { start, reattach, tenantFile } = await setUp();
    const paypalAdmin = ADMIN_PASSWORDS[PAYPAL_TENANT]!;
    const before = await start();
    const placed = await place(before, PAYPAL_TENANT, 'PPBYPASS', [polo]);
    const [order] = (await ordersOf(before, PAYPAL_TENANT, paypalAdmin)).filter((o) => o.email === placed.email);
    await before.close();

    // The tenant file is removed: its orders are nobody's.
    const paypalFile = readFileSync(tenantFile('paypal-motors'), 'utf8');
    unlinkSync(tenantFile('paypal-motors'));
    const api = await start();
    expect(api.logs.find((l) => l.msg?.toString().startsWith('orders belong to no tenant'))).toMatchObject({ tenantIds: ['paypal-motors'], orders: 1 });
    const refused = async (extra: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const answer = await edit(api, order!, 'PO-STOLEN', extra, headers);
      expect(answer.status).toBeOneOf([400, 401, 403, 404]);
    };
    await refused({});
    await refused({ admin_password: paypalAdmin });
    await refused({ admin_password: ADMIN_PASSWORDS[BYPASS_TENANT] });
    await refused({ companyName: PAYPAL_TENANT, admin_password: paypalAdmin });
    const bypassAdmin = await api.signIn(BYPASS_TENANT, ADMIN_PASSWORDS[BYPASS_TENANT]!);
    await refused({}, bypassAdmin);
    await refused({ companyName: BYPASS_TENANT }, bypassAdmin);
    for (const [companyName, password] of [
      [BYPASS_TENANT, STAFF_PASSWORD],
      [OTHER_TENANT, ADMIN_PASSWORDS[OTHER_TENANT]!],
    ] as const) {
      expect((await ordersOf(api, companyName, password)).filter((o) => o.email === placed.email)).toEqual([]);
    }
    await api.close();

    // The file comes back under another name: the same company, another id; still nobody's.
    writeFileSync(tenantFile('paypal-group'), paypalFile);
    const restored = await start();
    expect((await ordersOf(restored, PAYPAL_TENANT, paypalAdmin)).filter((o) => o.email === placed.email)).toEqual([]);
    expect((await edit(restored, order!, 'PO-EARLY', { admin_password: paypalAdmin })).status).toBe(404);

    // The operator's command lists it, refuses a tenant that does not exist, then reattaches it, live.
    const listing = await reattach('--list');
    expect(listing.code).toBe(0);
    expect(listing.output).toMatch(/"paypal-motors" {2}1 order {2}NO TENANT.*\(placed as "PayPal Motors"\)/);
    const unknown = await reattach('--from', 'paypal-motors', '--to', 'no-such-group');
    expect(unknown).toMatchObject({
      code: 1,
      output: expect.stringMatching(/--to no-such-group: there is no tenants\/no-such-group\.yaml; the tenants are bypass-motors, other-group, paypal-group/),
    });
    const live = await reattach('--from', 'bypass-motors', '--to', 'paypal-group');
    expect(live).toMatchObject({
      code: 1,
      output: expect.stringMatching(/--from bypass-motors: tenants\/bypass-motors\.yaml exists, so its orders are not orphaned/),
    });
    expect((await ordersOf(restored, PAYPAL_TENANT, paypalAdmin)).filter((o) => o.email === placed.email)).toEqual([]);
    const moved = await reattach('--from', 'paypal-motors', '--to', 'paypal-group');
    expect(moved.code).toBe(0);
    expect(moved.output).toContain(
      `moved order ${placed.orderId} (${placed.email}, ${order!.created_at}, placed as "PayPal Motors") from "paypal-motors" to "paypal-group"`,
    );
    expect(moved.output).toContain('1 order reattached to paypal-group (PayPal Motors).');

    expect((await ordersOf(restored, PAYPAL_TENANT, paypalAdmin)).filter((o) => o.email === placed.email)).toHaveLength(1);
    expect((await edit(restored, order!, 'PO-BACK', { admin_password: paypalAdmin })).status).toBe(200);
    // Another tenant's admin still cannot.
    expect(
      (await edit(restored, order!, 'PO-STOLEN', { companyName: BYPASS_TENANT }, await restored.signIn(BYPASS_TENANT, ADMIN_PASSWORDS[BYPASS_TENANT]!))).status,
    ).toBe(404);
  });

  it('migrates a database of the previous schema with each order under the tenant it belongs to', async () => {
    const { env, start, reattach } = await setUp();
    const old = openOrderDatabase(
      env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL, maxConnections: 2 } : { kind: 'sqlite', file: env.SQLITE_PATH! },
    );
    await migrate(old, { tenants: [], upTo: 3 });
    const lines = JSON.stringify([aStoredOrderLine({ name: 'K500 name' })]);
    const insert = (orderId: string, tenantId: string, companyName: string, email = `${orderId}@dealer.example`) =>
      old.run(
        `INSERT INTO orders (order_id, tenant_id, company_name, email, first_name, last_name, store, customer_po, paid, total, lines, created_at, updated_at, placed_with, client_ip, payment_ref)
         VALUES (?, ?, ?, ?, 'Old', 'Row', '', '', 2, 4652400, ?, '2025-01-05T10:00:00.000Z', 0, 'bypass code 1 of 2', '203.0.113.5', '')`,
        [orderId, tenantId, companyName, email, lines],
      );
    await insert('as-placed', 'bypass-motors', BYPASS_TENANT);
    await insert('company-renamed', 'paypal-motors', 'PayPal Motors Inc'); // its company_name changed since: hidden until now
    await insert('file-renamed', 'bypass-motors-old', BYPASS_TENANT); // its file was renamed: listed by company_name until now
    await insert('no-tenant-id', '', OTHER_TENANT);
    await insert('gone', 'gone-group', 'Gone Group');
    await insert('two-tenants', 'other-group', PAYPAL_TENANT); // recorded under one tenant, named as another
    // One e-mail at one instant under two company names: two tenants' orders, both kept.
    await insert('same-instant-other', 'other-group', OTHER_TENANT, 'same@dealer.example');
    await insert('same-instant-bypass', 'bypass-motors', BYPASS_TENANT, 'same@dealer.example');
    await old.close();

    const api = await start();
    expect(api.logs.find((l) => l.msg === 'database migrated')).toMatchObject({ versions: expect.arrayContaining([5]) });
    const idsOf = async (companyName: string) => (await ordersOf(api, companyName, ADMIN_PASSWORDS[companyName]!)).map((o) => o.order_id).sort();
    expect(await idsOf(BYPASS_TENANT)).toEqual(['as-placed', 'file-renamed', 'same-instant-bypass']);
    expect(await idsOf(PAYPAL_TENANT)).toEqual(['company-renamed']);
    expect(await idsOf(OTHER_TENANT)).toEqual(['no-tenant-id', 'same-instant-other']);
    expect(api.logs.find((l) => l.msg?.toString().startsWith('orders belong to no tenant'))).toMatchObject({
      tenantIds: ['?other-group', 'gone-group'],
      orders: 2,
    });

    // Each tenant edits its own of the two orders at one instant.
    const sameInstant = (await ordersOf(api, OTHER_TENANT, ADMIN_PASSWORDS[OTHER_TENANT]!)).find((o) => o.order_id === 'same-instant-other')!;
    expect((await edit(api, sameInstant, 'PO-OTHER', { companyName: OTHER_TENANT, admin_password: ADMIN_PASSWORDS[OTHER_TENANT] })).status).toBe(200);
    const poOf = async (companyName: string, orderId: string) =>
      (await ordersOf(api, companyName, ADMIN_PASSWORDS[companyName]!))
        .find((o) => o.order_id === orderId)!
        .order.map((line: Record<string, unknown>) => line.po);
    expect(await poOf(OTHER_TENANT, 'same-instant-other')).toEqual(['PO-OTHER']);
    expect(await poOf(BYPASS_TENANT, 'same-instant-bypass')).toEqual(['']);

    // The order the migration could not attribute goes where the operator says.
    const moved = await reattach('--order', 'two-tenants', '--to', 'paypal-motors');
    expect(moved).toMatchObject({
      code: 0,
      output: expect.stringContaining(
        'moved order two-tenants (two-tenants@dealer.example, 2025-01-05T10:00:00.000Z, placed as "PayPal Motors") from "?other-group" to "paypal-motors"',
      ),
    });
    expect(await idsOf(PAYPAL_TENANT)).toEqual(['company-renamed', 'two-tenants']);
  });
}
