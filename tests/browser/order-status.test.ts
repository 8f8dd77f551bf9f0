// Order status on the orders screen, in Chromium against the built sample site and the real
// order API: an admin ships an order with a tracking number, the buyer is e-mailed the tracking
// link and the order's page, and a staff session sees it with the carrier's tracking link and
// the history of changes.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '../../src/domain/order-number.ts';
import {
  GUARDIAN_ADMIN_PASSWORD,
  GUARDIAN_POLO,
  GUARDIAN_STAFF_PASSWORD,
  placeBypassOrder,
  retrieveOrders,
  waitForMail,
  watchConsole,
} from './orders-steps.ts';
import { openWorld, type SiteWorld } from './harness.ts';

let site: SiteWorld;
let ordersUrl: string;
let order: Record<string, any>;

beforeAll(async () => {
  site = await openWorld();
  ordersUrl = `${site.baseUrl('guardian')}orders/`;
  order = await placeBypassOrder(site.api, { first_name: 'Robin', last_name: 'Status', email: 'robin@guardian.example', store: 'Guardian Ford' }, [
    GUARDIAN_POLO,
  ]);
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** A new browser session on the orders page, signed in with the group's password through its dialog. */
async function openAsStaff(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const seen = watchConsole(page);
  await page.goto(ordersUrl);
  const dialog = page.getByRole('dialog', { name: 'Enter password' });
  await dialog.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Show orders' }).click();
  await page.locator('.orders-table').waitFor();
  return { context, page, errors: seen.errors };
}

const statusCell = (page: Page) => page.locator('.orders-table > tbody > tr:first-child').filter({ hasText: 'Robin Status' }).locator('td').last();
const expand = (page: Page) => page.getByRole('button', { name: /^Lines of the order of Robin Status, / }).click();

describe('order status on the orders screen', () => {
  it('an admin sets an order shipped with FedEx and a tracking number; a staff session sees it with the tracking link and the history', async () => {
    const admin = await openAsStaff();
    try {
      const { page } = admin;
      expect((await statusCell(page).textContent())?.trim()).toBe('Placed');
      await page.getByRole('button', { name: 'Admin', exact: true }).click();
      await page.getByLabel('Admin password').fill(GUARDIAN_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expand(page);
      const editor = page.getByRole('form', { name: "Set the order's status" });
      const status = editor.getByLabel('Set status');
      // Only what may follow a placed order is offered.
      expect(await status.locator('option').allTextContents()).toEqual(['Choose…', 'Received', 'In production', 'Shipped', 'Cancelled']);
      await status.selectOption('shipped');
      await editor.getByLabel('Carrier').selectOption('FedEx');
      await editor.getByLabel('Tracking number').fill('123456789012');
      await editor.getByRole('button', { name: 'Save status' }).click();
      await expect.poll(() => page.getByText('Status set to shipped').count()).toBe(1);
      expect((await statusCell(page).textContent())?.trim()).toBe('ShippedFedEx 123456789012');
      // Shipped leads only to delivered now.
      expect(await editor.getByLabel('Set status').locator('option').allTextContents()).toEqual(['Choose…', 'Delivered']);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }

    // Guardian sends shipping e-mails (tenants/guardian.yaml): the buyer is told, with the carrier's tracking link and the order's own page.
    const shipped = await waitForMail(site.api, '123456789012');
    expect(shipped.subject).toBe(`Your order ${orderNumber(order.order_id)} from Guardian Automotive Store has shipped`);
    expect(shipped.text).toContain('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(shipped.text).toContain(`${site.baseUrl('guardian')}order/#order=${order.order_id}&key=`);

    const [stored] = (await retrieveOrders(site.api)).filter((o) => o.order_id === order.order_id);
    expect(stored).toMatchObject({ status: 'shipped', status_history: [{ status: 'shipped', carrier: 'FedEx', tracking_number: '123456789012' }] });

    const staff = await openAsStaff();
    try {
      const { page } = staff;
      const link = statusCell(page).getByRole('link', { name: '123456789012' });
      expect(await link.getAttribute('href')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
      expect(await statusCell(page).textContent()).toContain('Shipped');
      await expand(page);
      const history = page.getByRole('region', { name: 'Status history' });
      const entries = await history.getByRole('listitem').allTextContents();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatch(/^Shipped .+ by admin · FedEx 123456789012$/);
      expect(await history.getByRole('link', { name: '123456789012' }).getAttribute('href')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
      // Staff see the status; only an admin sets it.
      expect(await page.getByRole('form', { name: "Set the order's status" }).count()).toBe(0);
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.context.close();
    }
  });
});
