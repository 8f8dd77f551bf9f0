// The supplier's order desk (/desk/ of the entry site) against the built sample site and the
// real order API: its own sign-in, every tenant's orders filtered by tenant and status, two
// orders shipped in bulk, and the filtered export downloaded.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeskPassword } from '../../server/app/desk-password.ts';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { withSession } from '../helpers/session-builders.ts';
import { aNotePadsLine } from '../helpers/order-builders.ts';
import { openWorld, tenant, type SiteWorld } from './harness.ts';
import { GUARDIAN_POLO, watchConsole } from './orders-steps.ts';

const DESK_PASSWORD = 'sample-desk-password';
const NOTE_PADS: CartLine = aNotePadsLine();

let site: SiteWorld;
/** Guardian's three placed orders, oldest first, and one of Hennessy's. */
let guardianOrders: string[];
let hennessyOrder: string;

async function placeOrder(tenantId: string, cart: CartLine[]): Promise<string> {
  const t = tenant(tenantId);
  const placed = await site.api.post(
    '/v1/create-order',
    {
      first_name: 'Dana',
      last_name: 'Reyes',
      email: `${randomUUID()}@dealer.example`,
      store: '',
      customer_po: 'DESK-PO',
      companyName: t.companyName,
      bypassPaypal: true,
      code: t.bypassCodes[0],
      cart,
    },
    { 'idempotency-key': randomUUID() },
  );
  if (placed.status !== 200) throw new Error(`create-order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  return placed.body.order_id as string;
}

beforeAll(async () => {
  site = await openWorld({ apiEnv: { SUPPLIER_DESK_PASSWORD_HASH: hashDeskPassword(DESK_PASSWORD) } });
  guardianOrders = [
    await placeOrder('guardian', [GUARDIAN_POLO]),
    await placeOrder('guardian', [GUARDIAN_POLO]),
    await placeOrder('guardian', [GUARDIAN_POLO]),
  ];
  hennessyOrder = await placeOrder('hennessy', [NOTE_PADS]);
}, 120_000);

afterAll(async () => {
  await site?.close();
});

describe("the supplier's order desk", () => {
  it('signs in, filters by a tenant and a status, ships two orders at once and downloads the export', async () => {
    const context = await site.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const console = watchConsole(page);
    try {
      await page.goto(`${site.entryUrl}desk/`);
      await page.getByLabel('Your name').fill('Dana at the desk');
      await page.getByLabel('Desk password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong password');
      await page.getByLabel('Desk password').fill(DESK_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      // Every tenant's orders, newest first.
      const rows = page.locator('.desk-table > tbody');
      await expect
        .poll(() => rows.evaluateAll((bodies) => bodies.map((b) => b.getAttribute('data-order-id'))))
        .toEqual([hennessyOrder, ...[...guardianOrders].reverse()]);

      // An order opens with its lines and logos.
      await page.getByRole('button', { name: guardianOrders[0]! }).click();
      await expect.poll(() => page.locator(`tbody[data-order-id="${guardianOrders[0]}"] .order-lines`).textContent()).toContain('Guardian Shield');

      await page.getByLabel('Tenant').selectOption({ label: 'Guardian Automotive Group' });
      await page.locator('select[name="status"]').selectOption({ label: 'Placed' });
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect.poll(() => rows.evaluateAll((bodies) => bodies.map((b) => b.getAttribute('data-order-id')))).toEqual([...guardianOrders].reverse());

      const [first, second, third] = guardianOrders as [string, string, string];
      await page.getByLabel(`Select order ${first}`).check();
      await page.getByLabel(`Select order ${second}`).check();
      await page.locator('select[name="bulk-status"]').selectOption({ label: 'Shipped' });
      await page.locator('select[name="bulk-carrier"]').selectOption('UPS');
      await page.getByLabel(`Tracking number for ${first}`).fill('1Z999AA10000000101');
      await page.getByLabel(`Tracking number for ${second}`).fill('1Z999AA10000000102');
      await page.getByRole('button', { name: 'Set status' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('2 orders set to Shipped.');
      // Still filtered by Placed: the two shipped orders left the list.
      await expect.poll(() => rows.evaluateAll((bodies) => bodies.map((b) => b.getAttribute('data-order-id')))).toEqual([third]);

      const desk = await site.api.post('/v1/desk-session', { name: 'check', password: DESK_PASSWORD });
      const listed = await site.api.post('/v1/desk-orders', { filter: { tenant: 'guardian' } }, withSession(desk.body.token));
      const statuses = Object.fromEntries((listed.body.orders as Record<string, any>[]).map((o) => [o.order_id, o.status]));
      expect([statuses[first], statuses[second], statuses[third]]).toEqual(['shipped', 'shipped', 'placed']);
      const audit = await site.api.post('/v1/desk-audit', { order_id: first }, withSession(desk.body.token));
      expect(audit.body.entries).toEqual([expect.objectContaining({ by: 'Dana at the desk', after: expect.objectContaining({ status: 'shipped' }) })]);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const exported = parse(readFileSync((await download.path())!, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
      expect(exported.map((row) => [row['Order number'], row.Tenant, row.Product, row.Logos, row['Line total']])).toEqual([
        [third, 'Guardian Automotive Group', 'K500', 'Guardian Shield (Left Chest)', '465.24'],
      ]);
      expect(console.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
