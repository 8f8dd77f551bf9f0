// The buyer's link to one order, in Chromium against the built sample site and the real order
// API: the confirmation e-mail the API wrote carries a link that opens that order's page with
// no password, read-only; the same link with a changed key, or naming another order, shows
// nothing of any order and says why.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '../../src/domain/order-number.ts';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { openWorld, saveScreenshot, type SiteWorld } from './harness.ts';
import { GUARDIAN_BYPASS_CODE, GUARDIAN_COMPANY, GUARDIAN_POLO, waitForMail, watchConsole } from './orders-steps.ts';

let site: SiteWorld;

/** A bypass-code order placed as the checkout places it: from the storefront's origin, which the e-mail's link points back to. */
async function placeFromStorefront(lastName: string, cart: CartLine[]): Promise<string> {
  const placed = await site.api.post(
    '/v1/create-order',
    {
      first_name: 'Kim',
      last_name: lastName,
      email: `kim.${lastName.toLowerCase()}@guardian.example`,
      companyName: GUARDIAN_COMPANY,
      bypassPaypal: true,
      code: GUARDIAN_BYPASS_CODE,
      cart,
    },
    { 'idempotency-key': randomUUID(), origin: site.origin },
  );
  if (placed.status !== 200) throw new Error(`create-order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  return placed.body.order_id as string;
}

/** The order page's link in the buyer's confirmation of `orderId`, as the API wrote it to its mail folder. */
async function linkInConfirmation(orderId: string): Promise<string> {
  const mail = await waitForMail(site.api, `/order/#order=${orderId}&`);
  expect(mail.subject).toMatch(/^Your order /);
  const link = new RegExp(`https?://\\S+/order/#order=${orderId}&key=[\\w.-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no order link in the confirmation of ${orderId}`);
  return link;
}

async function open(url: string): Promise<{ page: Page; close(): Promise<void>; errors: string[] }> {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const seen = watchConsole(page);
  await page.goto(url);
  return { page, close: () => context.close(), errors: seen.errors };
}

let first: string;
let second: string;

beforeAll(async () => {
  site = await openWorld();
  first = await placeFromStorefront('Linkfirst', [GUARDIAN_POLO]);
  second = await placeFromStorefront('Linksecond', [{ ...GUARDIAN_POLO, quantity: 24, color: 'Black' }]);
}, 120_000);

afterAll(async () => {
  await site?.close();
});

describe("the order link in the buyer's confirmation", () => {
  it("opens that order's page, read-only and without a password: its status, lines and total", async () => {
    const link = await linkInConfirmation(first);
    expect(link.startsWith(`${site.baseUrl('guardian')}order/#order=`)).toBe(true);
    const { page, close, errors } = await open(link);
    try {
      await page.getByRole('heading', { name: `Order ${orderNumber(first)}` }).waitFor();
      const order = page.locator(`[data-linked-order="${first}"]`);
      expect(await order.locator('.order-status__summary').textContent()).toBe('Placed');
      // Nothing of the page scrolls sideways: the lines scroll within their region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const rows = order.locator('table.order-lines tbody tr');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toMatch(/K500.*12.*Navy.*Guardian Shield.*Left Chest/s);
      expect(await order.getByText('Order total:').textContent()).toContain('$465.24');
      // Nothing to sign in to, nothing to change: no password dialog, no button at all.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.locator('main').getByRole('button').count()).toBe(0);
      expect(await page.getByText('Linkfirst').count()).toBe(0);
      await saveScreenshot(page, 'order-link-page');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses a changed key and another order named with this key, showing no order', async () => {
    const link = await linkInConfirmation(first);
    const key = new URL(link).hash.split('&key=')[1]!;
    const changed = `${key.slice(0, -2)}${key.endsWith('AA') ? 'BB' : 'AA'}`;
    const cases: [string, RegExp][] = [
      [link.replace(`key=${key}`, `key=${changed}`), /This order link is not valid/],
      [link.replace(`order=${first}`, `order=${second}`), /This order link is for another order/],
    ];
    for (const [url, message] of cases) {
      const { page, close } = await open(url);
      try {
        await expect.poll(() => page.getByRole('alert').textContent()).toMatch(message);
        expect(await page.getByRole('heading', { name: 'Order not shown' }).count()).toBe(1);
        expect(await page.locator('table.order-lines').count()).toBe(0);
        expect(await page.getByText(orderNumber(second)).count()).toBe(0);
      } finally {
        await close();
      }
    }
    // The second order's own link opens it.
    const { page, close } = await open(await linkInConfirmation(second));
    try {
      await page.getByRole('heading', { name: `Order ${orderNumber(second)}` }).waitFor();
    } finally {
      await close();
    }
  });
});
