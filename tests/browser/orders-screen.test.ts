// The orders screen against the built sample site and the real order API on loopback: the
// table of placed orders, expanding to lines, load failures, and admin editing that is stored.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED_MESSAGE } from '../../src/islands/orders/orders-sign-in.tsx';
import { seriousAxeViolations } from './axe.ts';
import {
  expectedOrderDate,
  GUARDIAN_ADMIN_PASSWORD,
  GUARDIAN_COMPANY,
  GUARDIAN_STAFF_PASSWORD,
  GUARDIAN_TWO_LOGO_POLO,
  placeBypassOrder,
  retrieveOrders,
  watchConsole,
} from './orders-steps.ts';
import { openWorld, saveScreenshot, type SiteWorld } from './harness.ts';
import { pressAndSee } from './storefront-checks.ts';
import { aFrameLine, aNotePadsLine } from '../helpers/order-builders.ts';
import { ORDER_LINE_COLUMNS } from '../helpers/order-line-columns.ts';

const TIME_ZONE = 'America/Chicago';
const MONTH_DAY_YEAR = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{2}, \d{4}$/;

let site: SiteWorld;
let ordersUrl: string;
/** The two orders placed for the suite, as retrieve-orders lists them. */
let dana: Record<string, any>;
let sam: Record<string, any>;

beforeAll(async () => {
  site = await openWorld();
  ordersUrl = `${site.baseUrl('guardian')}orders/`;
  dana = await placeBypassOrder(
    site.api,
    { first_name: 'Dana', last_name: 'Reyes', email: 'dana@guardian.example', store: 'Guardian Ford', customer_po: 'CPO-A' },
    [GUARDIAN_TWO_LOGO_POLO],
  );
  // Sam's order names no store; its frames, made per store, were added from Guardian Ford's catalog.
  sam = await placeBypassOrder(site.api, { first_name: 'Sam', last_name: 'Ortiz', email: 'sam@guardian.example' }, [
    aFrameLine({ store: 'GFORD1' }),
    aNotePadsLine(),
  ]);
}, 120_000);

afterAll(async () => {
  await site?.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  console: ReturnType<typeof watchConsole>;
}

/** A new browser session on the orders page, signed in through its dialog with the group's password unless told not to. */
async function openOrders(options: { viewport?: { width: number; height: number }; signIn?: boolean } = {}): Promise<Opened> {
  const { signIn = true, ...contextOptions } = options;
  const context = await site.browser.newContext({ timezoneId: TIME_ZONE, ...contextOptions });
  const page = await context.newPage();
  const seen = watchConsole(page);
  await page.goto(ordersUrl);
  if (signIn) await signInWithDialog(page, GUARDIAN_STAFF_PASSWORD);
  return { context, page, console: seen };
}

function signInDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Enter password' });
}

async function signInWithDialog(page: Page, password: string): Promise<void> {
  const dialog = signInDialog(page);
  await dialog.waitFor();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Show orders' }).click();
}

/** The product's cells of a lines-table row, as the orders screen shows them (through Right Sleeve). */
const MF_STR = ['MF-STR', '1 run of 500 (500 pieces)', '$0.0279', 'Metal Frame', '500', 'Chrome', 'N/A', 'N/A', 'N/A', 'N/A'];
const NP_50 = ['NP-50', '5', 'Price on request', 'Note Pads', '# pads', 'White', 'N/A', 'N/A', 'N/A', 'N/A'];
const DANA_K500 = ['K500', '12', '$38.77', 'Sport Polo', 'Medium', 'Navy', 'Guardian Shield', 'Left Chest', 'Guardian Script', 'Right Sleeve'];

/** A whole lines-table row: the product's cells, the three editable ones, "Order again", and (admin) the edit cell. */
function lineRow(product: string[], customerPo: string, po: string, shipDate: string, ...after: string[]): string[] {
  return [...product, customerPo, po, shipDate, 'Order again', ...after];
}

/** The text of each cell of the order rows (not the expanded line rows): date, number, name, store. */
async function orderRows(page: Page): Promise<string[][]> {
  await page.locator('.orders-table').waitFor();
  return page
    .locator('.orders-table > tbody > tr:first-child')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => (cell.textContent ?? '').trim())));
}

/** The cells of the visible lines table of an expanded order. */
async function lineCells(region: Locator): Promise<string[][]> {
  return region.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('td')].map((cell) => {
        const input = cell.querySelector('input');
        return input ? `[${input.value}]` : (cell.textContent ?? '').trim();
      }),
    ),
  );
}

function toggleOf(page: Page, name: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^Lines of the order of ${name}, `) });
}

function linesOf(page: Page, name: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^Lines of the order of ${name}, `) });
}

async function unlockAdmin(page: Page, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByLabel('Admin password').fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

describe('the orders screen', () => {
  it('lists the placed orders newest first: Order Date like January 05, 2024, Order No., Order Name, Store and Status', async () => {
    const { context, page, console: seen } = await openOrders();
    try {
      const rows = await orderRows(page);
      expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Lines', 'Order Date', 'Order No.', 'Order Name', 'Store', 'Status']);
      // The order number is the start of the order API's id, as the success page and the e-mail show it.
      const numberOf = (order: Record<string, any>) =>
        String(order.order_id)
          .replace(/-/g, '')
          .slice(0, 8)
          .toUpperCase()
          .replace(/^(.{4})/, '$1-');
      expect(rows).toEqual([
        [expectedOrderDate(sam.created_at, TIME_ZONE), numberOf(sam), 'Sam Ortiz', 'N/A', 'Placed'],
        [expectedOrderDate(dana.created_at, TIME_ZONE), numberOf(dana), 'Dana Reyes', 'Guardian Ford', 'Placed'],
      ]);
      for (const [, number] of rows) expect(number).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
      for (const [date] of rows) expect(date).toMatch(MONTH_DAY_YEAR);
      // The same orders, in the same order, as the API lists them.
      expect((await retrieveOrders(site.api)).map((o) => o.email)).toEqual(['sam@guardian.example', 'dana@guardian.example']);
      expect(await page.locator('.orders-table time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')))).toEqual([
        sam.created_at,
        dana.created_at,
      ]);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('expands an order to its lines (every field, placements and the second logo included; Price with $, Price on request for 0, N/A when empty) and collapses it again, by mouse or keyboard', async () => {
    const { context, page, console: seen } = await openOrders();
    try {
      const samToggle = toggleOf(page, 'Sam Ortiz');
      await expect.poll(() => samToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await linesOf(page, 'Sam Ortiz').count()).toBe(0);
      await samToggle.click();
      expect(await samToggle.getAttribute('aria-expanded')).toBe('true');
      const samLines = linesOf(page, 'Sam Ortiz');
      await samLines.waitFor();
      expect(await samLines.getByRole('columnheader').allTextContents()).toEqual([...ORDER_LINE_COLUMNS, 'Order Again']);
      expect(await lineCells(samLines)).toEqual([lineRow(MF_STR, 'N/A', 'N/A', 'N/A'), lineRow(NP_50, 'N/A', 'N/A', 'N/A')]);
      // The order's total as the order API answered it, above its lines.
      expect(sam.total).toBe(13.95);
      // The note pads are priced on request: the total says it leaves them out.
      expect(await page.locator('.orders-table__detail').getByText('Order total: $13.95 + 1 line priced on request', { exact: true }).count()).toBe(1);

      // Keyboard: Tab reaches the other order's toggle; Enter opens it, Space closes it.
      const danaToggle = toggleOf(page, 'Dana Reyes');
      await danaToggle.focus();
      await page.keyboard.press('Enter');
      expect(await danaToggle.getAttribute('aria-expanded')).toBe('true');
      expect(await lineCells(linesOf(page, 'Dana Reyes'))).toEqual([lineRow(DANA_K500, 'CPO-A', 'N/A', 'N/A')]);
      await saveScreenshot(page, 'orders-expanded');
      await page.keyboard.press('Space');
      expect(await danaToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await linesOf(page, 'Dana Reyes').count()).toBe(0);

      await samToggle.click();
      expect(await samToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('.order-lines').count()).toBe(0);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone: each line is a card of label: value, every field on screen, nothing scrolls sideways', async () => {
    const { context, page } = await openOrders({ viewport: { width: 390, height: 844 } });
    try {
      await toggleOf(page, 'Sam Ortiz').click();
      const region = linesOf(page, 'Sam Ortiz');
      await region.waitFor();
      // What a phone shows of each cell: the label drawn before it, its text and its box.
      const cards = await region.locator('tbody tr').evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('td')].map((cell) => {
            const box = cell.getBoundingClientRect();
            const label = /^"([^"]*)"/.exec(getComputedStyle(cell, '::before').content)?.[1] ?? '';
            return {
              field: `${label} ${(cell.textContent ?? '').trim()}`,
              left: box.left,
              right: box.right,
              top: box.top,
              bottom: box.bottom,
              width: box.width,
            };
          }),
        ),
      );
      expect(cards.map((cells) => cells.map((cell) => cell.field))).toEqual([
        [
          'Item Code: MF-STR',
          'Quantity: 1 run of 500 (500 pieces)',
          'Price: $0.0279',
          'Description: Metal Frame',
          'Size: 500',
          'Color: Chrome',
          'Embroidery: N/A',
          'Placement: N/A',
          'Second Logo: N/A',
          'Second Placement: N/A',
          'Customer PO: N/A',
          'PO: N/A',
          'Est. Ship Date: N/A',
          'Order Again: Order again',
        ],
        [
          'Item Code: NP-50',
          'Quantity: 5',
          'Price: Price on request',
          'Description: Note Pads',
          'Size: # pads',
          'Color: White',
          'Embroidery: N/A',
          'Placement: N/A',
          'Second Logo: N/A',
          'Second Placement: N/A',
          'Customer PO: N/A',
          'PO: N/A',
          'Est. Ship Date: N/A',
          'Order Again: Order again',
        ],
      ]);
      for (const cell of cards.flat()) {
        expect(cell.left, cell.field).toBeGreaterThanOrEqual(0);
        expect(cell.right, cell.field).toBeLessThanOrEqual(390);
        expect(cell.width, cell.field).toBeGreaterThan(0);
      }
      // Stacked: one field under the other, not side by side.
      for (const cells of cards) {
        for (let i = 1; i < cells.length; i++) expect(cells[i]!.top, cells[i]!.field).toBeGreaterThanOrEqual(cells[i - 1]!.bottom - 1);
      }
      const sizes = await region.evaluate((element) => ({
        regionScroll: element.scrollWidth,
        regionWidth: element.clientWidth,
        pageScroll: document.scrollingElement!.scrollWidth,
      }));
      expect(sizes.pageScroll).toBeLessThanOrEqual(390);
      expect(sizes.regionScroll).toBeLessThanOrEqual(sizes.regionWidth);
      // Screen readers still read a table of lines with its column headers.
      expect(await region.getByRole('columnheader').count()).toBe(14);
      expect(await region.getByRole('row').count()).toBe(3);
      await saveScreenshot(page, 'orders-phone');
    } finally {
      await context.close();
    }
  });

  it('has no serious accessibility violations, expanded and in edit mode', async () => {
    const { context, page } = await openOrders();
    try {
      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      await toggleOf(page, 'Dana Reyes').click();
      await page.getByRole('button', { name: /^Edit line K500/ }).click();
      await page.getByLabel(/^Customer PO of line K500/).waitFor();
      expect(await seriousAxeViolations(page, 'main')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says 'Wrong password' for a wrong admin password and offers no editing", async () => {
    const { context, page } = await openOrders();
    try {
      await unlockAdmin(page, 'not-the-password');
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong password');
      await toggleOf(page, 'Dana Reyes').click();
      expect(await page.getByRole('button', { name: /^Edit line/ }).count()).toBe(0);
      // The order API checks the password: the right one unlocks.
      await page.getByLabel('Admin password').fill(GUARDIAN_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByRole('button', { name: 'Edit line K500, Medium, Navy' }).waitFor();
      // Kept in memory only.
      const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie);
      expect(stored).not.toContain(GUARDIAN_ADMIN_PASSWORD);
    } finally {
      await context.close();
    }
  });

  it('lets the admin edit Customer PO, PO and Est. Ship Date of a line; the values are stored and survive a reload', async () => {
    const { context, page, console: seen } = await openOrders();
    try {
      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      await toggleOf(page, 'Sam Ortiz').click();
      const lines = linesOf(page, 'Sam Ortiz');
      const edit = page.getByRole('button', { name: 'Edit line NP-50, # pads, White' });
      expect(await edit.getAttribute('aria-pressed')).toBe('false');
      await edit.click();
      expect(await edit.getAttribute('aria-pressed')).toBe('true');
      const customerPo = page.getByLabel('Customer PO of line NP-50, # pads, White');
      // Edit mode starts in the first field.
      await expect.poll(() => customerPo.evaluate((input) => input === document.activeElement)).toBe(true);
      await customerPo.fill('CPO-SAM');
      await page.getByLabel('PO of line NP-50, # pads, White', { exact: true }).fill('SO-1001');
      const shipDate = page.getByLabel('Est. Ship Date of line NP-50, # pads, White');
      expect(await shipDate.getAttribute('type')).toBe('date');
      await shipDate.fill('2024-02-15');
      await saveScreenshot(page, 'orders-admin-editing');
      await page.getByRole('button', { name: 'Save line NP-50, # pads, White' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Order updated' }).count()).toBe(1);
      expect(await edit.getAttribute('aria-pressed')).toBe('false');
      expect(await lineCells(lines)).toEqual([lineRow(MF_STR, 'N/A', 'N/A', 'N/A', ''), lineRow(NP_50, 'CPO-SAM', 'SO-1001', 'February 15, 2024', '')]);

      // Leaving edit mode with the toggle saves too.
      const editFrame = page.getByRole('button', { name: 'Edit line MF-STR, 500, Chrome' });
      await editFrame.click();
      await page.getByLabel('PO of line MF-STR, 500, Chrome', { exact: true }).fill('SO-2002');
      await editFrame.click();
      await expect
        .poll(() => lineCells(lines))
        .toEqual([lineRow(MF_STR, 'N/A', 'SO-2002', 'N/A', ''), lineRow(NP_50, 'CPO-SAM', 'SO-1001', 'February 15, 2024', '')]);

      // Stored: the API lists the new values, and only on that order's lines.
      const stored = await retrieveOrders(site.api);
      const samNow = stored.find((o) => o.email === 'sam@guardian.example')!;
      // Stored as the day, shown like the order date.
      expect(samNow.order.map((l: any) => [l.code, l.customer_po, l.po, l.est_ship_date])).toEqual([
        ['MF-STR', '', 'SO-2002', ''],
        ['NP-50', 'CPO-SAM', 'SO-1001', '2024-02-15'],
      ]);
      expect(samNow.order.map((l: any) => [l.quantity, l.price])).toEqual([
        [500, 0.0279],
        [5, 0],
      ]);
      const danaNow = stored.find((o) => o.email === 'dana@guardian.example')!;
      expect(danaNow.order.map((l: any) => [l.customer_po, l.po, l.est_ship_date])).toEqual([['CPO-A', '', '']]);

      // A reload (no longer admin) shows the stored values.
      await page.reload();
      await toggleOf(page, 'Sam Ortiz').click();
      expect(await lineCells(linesOf(page, 'Sam Ortiz'))).toEqual([
        lineRow(MF_STR, 'N/A', 'SO-2002', 'N/A'),
        lineRow(NP_50, 'CPO-SAM', 'SO-1001', 'February 15, 2024'),
      ]);
      expect(await page.getByRole('button', { name: /^Edit line/ }).count()).toBe(0);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows the server's message when a save fails and keeps what was typed", async () => {
    const { context, page } = await openOrders();
    try {
      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      await toggleOf(page, 'Dana Reyes').click();
      await page.getByRole('button', { name: 'Edit line K500, Medium, Navy' }).click();
      const tooLong = 'P'.repeat(101);
      await page.getByLabel('PO of line K500, Medium, Navy', { exact: true }).fill(tooLong);
      await page.getByLabel('Est. Ship Date of line K500, Medium, Navy').fill('2024-03-08');

      // What the API itself answers to the same change (asked first: the page's message, shown
      // for 2.5 s, is awaited from before the save).
      const danaNow = (await retrieveOrders(site.api)).find((o) => o.email === 'dana@guardian.example')!;
      const direct = await site.api.post(
        '/v1/update-historical-order',
        {
          email: danaNow.email,
          created_at: danaNow.created_at,
          cart: danaNow.order.map((l: any) => ({ ...l, po: tooLong, est_ship_date: '2024-03-08' })),
          companyName: GUARDIAN_COMPANY,
        },
        await site.api.signIn(GUARDIAN_COMPANY, GUARDIAN_ADMIN_PASSWORD),
      );
      expect(direct.status).toBe(400);
      // Enter in a field saves.
      await pressAndSee(page.locator('.snackbar').and(page.getByText(direct.body.message, { exact: true })), () => page.keyboard.press('Enter'));
      expect(await page.locator('.snackbar').textContent()).toBe(direct.body.message);
      expect(await page.locator('.snackbar').getAttribute('role')).toBe('alert');
      expect(await lineCells(linesOf(page, 'Dana Reyes'))).toEqual([lineRow(DANA_K500, '[CPO-A]', `[${tooLong}]`, '[2024-03-08]', 'SaveCancel')]);

      // Cancel drops the edit; nothing was stored.
      await page.getByRole('button', { name: 'Cancel editing line K500, Medium, Navy' }).click();
      expect((await lineCells(linesOf(page, 'Dana Reyes')))[0]?.slice(10, 13)).toEqual(['CPO-A', 'N/A', 'N/A']);
      const after = (await retrieveOrders(site.api)).find((o) => o.email === 'dana@guardian.example')!;
      expect(after.order[0].po).toBe('');
    } finally {
      await context.close();
    }
  });

  it('shows an Est. Ship Date typed as free text before the date input as it was, and keeps it until the admin picks a day', async () => {
    await site.api.api.database.updateOrderLines(dana.order_id, (lines) => lines.map((l) => ({ ...l, estShipDate: 'week of March 3' })));
    const { context, page, console: seen } = await openOrders();
    try {
      await toggleOf(page, 'Dana Reyes').click();
      expect((await lineCells(linesOf(page, 'Dana Reyes')))[0]?.[12]).toBe('week of March 3');

      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Edit line K500, Medium, Navy' }).click();
      const shipDate = page.getByLabel('Est. Ship Date of line K500, Medium, Navy');
      expect(await shipDate.inputValue()).toBe('');
      const describedBy = await shipDate.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Currently “week of March 3”, kept unless you pick a day');
      // Another field changed: the old text is kept.
      await page.getByLabel('PO of line K500, Medium, Navy', { exact: true }).fill('SO-77');
      await page.getByRole('button', { name: 'Save line K500, Medium, Navy' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Order updated' }).count()).toBe(1);
      let stored = (await retrieveOrders(site.api)).find((o) => o.email === 'dana@guardian.example')!;
      expect([stored.order[0].po, stored.order[0].est_ship_date]).toEqual(['SO-77', 'week of March 3']);

      // A day picked replaces it, stored as the day and shown like the order date.
      await page.getByRole('button', { name: 'Edit line K500, Medium, Navy' }).click();
      await shipDate.fill('2024-03-08');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await lineCells(linesOf(page, 'Dana Reyes')))[0]?.[12]).toBe('March 08, 2024');
      stored = (await retrieveOrders(site.api)).find((o) => o.email === 'dana@guardian.example')!;
      expect(stored.order[0].est_ship_date).toBe('2024-03-08');
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
      await site.api.api.database.updateOrderLines(dana.order_id, (lines) => lines.map((l) => ({ ...l, po: '', estShipDate: '' })));
    }
  });

  it('lets the admin set PO, Customer PO and Est. Ship Date of a whole order at once, in one save', async () => {
    const { context, page, console: seen } = await openOrders({ viewport: { width: 1280, height: 800 } });
    try {
      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      await toggleOf(page, 'Sam Ortiz').click();
      const lines = linesOf(page, 'Sam Ortiz');
      await lines.waitFor();
      await page.getByRole('button', { name: 'Edit whole order' }).click();
      const form = page.getByRole('form', { name: 'Edit all 2 lines of the order' });
      // The lines differ in PO: the field starts empty, and only what is changed is set on every line.
      expect(await form.getByLabel('PO', { exact: true }).inputValue()).toBe('');
      await form.getByLabel('PO', { exact: true }).fill('PO-ALL-7');
      await form.getByLabel('Est. Ship Date').fill('2024-04-02');
      const updates: string[] = [];
      page.on('request', (request) => request.url().endsWith('/v1/update-historical-order') && updates.push(request.url()));
      await form.getByRole('button', { name: 'Save for all 2 lines' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Order updated' }).count()).toBe(1);
      expect(updates).toHaveLength(1);
      await expect
        .poll(async () => (await lineCells(lines)).map((cells) => cells.slice(10, 13)))
        .toEqual([
          ['N/A', 'PO-ALL-7', 'April 02, 2024'],
          ['CPO-SAM', 'PO-ALL-7', 'April 02, 2024'],
        ]);
      const samNow = (await retrieveOrders(site.api)).find((o) => o.email === 'sam@guardian.example')!;
      expect(samNow.order.map((l: any) => [l.customer_po, l.po, l.est_ship_date])).toEqual([
        ['', 'PO-ALL-7', '2024-04-02'],
        ['CPO-SAM', 'PO-ALL-7', '2024-04-02'],
      ]);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps Save and Cancel of a line in edit mode inside the viewport at 1280 px', async () => {
    const { context, page } = await openOrders({ viewport: { width: 1280, height: 800 } });
    try {
      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      await toggleOf(page, 'Dana Reyes').click();
      await page.getByRole('button', { name: 'Edit line K500, Medium, Navy' }).click();
      for (const name of ['Save line K500, Medium, Navy', 'Cancel editing line K500, Medium, Navy']) {
        // The page scrolled up or down only (the opened order's status and history sit above its
        // lines); sideways the button must already be in view, which is the point.
        await page.getByRole('button', { name }).evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().top - window.innerHeight / 2));
        const box = (await page.getByRole('button', { name }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(1280);
        // Not under another cell: the button itself is what a click there reaches.
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit, name).toBe(name);
      }
      await saveScreenshot(page, 'orders-edit-1280');
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(1280);
    } finally {
      await context.close();
    }
  });

  it('shows every column of the lines at 1280 px without sideways scrolling: Customer PO, PO, Est. Ship Date and Order again in view, also in edit mode', async () => {
    const { context, page } = await openOrders({ viewport: { width: 1280, height: 800 } });
    try {
      await toggleOf(page, 'Dana Reyes').click();
      const region = linesOf(page, 'Dana Reyes');
      await region.waitFor();
      const fits = () =>
        region.evaluate((scroll) => ({
          region: scroll.scrollWidth <= scroll.clientWidth,
          page: document.scrollingElement!.scrollWidth <= window.innerWidth,
        }));
      expect(await fits()).toEqual({ region: true, page: true });
      const inView = async (name: string, locator = region.getByRole('columnheader', { name, exact: true })) => {
        const box = (await locator.first().boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 1280;
      };
      for (const name of ['Customer PO', 'PO', 'Est. Ship Date', 'Order Again']) expect(await inView(name), name).toBe(true);
      expect(await inView('Order again', region.getByRole('button', { name: 'Order again line K500, Medium, Navy' })), 'the line’s Order again').toBe(true);
      await saveScreenshot(page, 'orders-lines-1280');

      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Edit line K500, Medium, Navy' }).click();
      await page.getByRole('button', { name: 'Save line K500, Medium, Navy' }).waitFor();
      await saveScreenshot(page, 'orders-lines-edit-1280');
      expect(await fits()).toEqual({ region: true, page: true });
    } finally {
      await context.close();
    }
  });

  it("shows the server's message when the orders cannot be loaded", async () => {
    const context = await site.browser.newContext({ timezoneId: TIME_ZONE });
    try {
      const page = await context.newPage();
      // The real API is asked for a company it does not know.
      await page.route('**/v1/retrieve-orders', (route) =>
        route.request().method() === 'POST' ? route.continue({ postData: JSON.stringify({ companyName: 'Nobody Motors' }) }) : route.continue(),
      );
      await page.goto(ordersUrl);
      const direct = await site.api.post('/v1/retrieve-orders', { companyName: 'Nobody Motors' });
      expect(direct.status).toBe(400);
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(direct.body.message);
      expect(await page.locator('.orders-table').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('asks for the group password once per browser session: a wrong one shows nothing, the right one lists the orders', async () => {
    const { context, page, console: seen } = await openOrders({ signIn: false });
    try {
      await signInWithDialog(page, 'not-the-password');
      await expect.poll(() => signInDialog(page).getByRole('alert').textContent()).toBe('Wrong password');
      expect(await page.locator('.orders-table').count()).toBe(0);
      // (Dana Reyes is also the group's account rep in the header; Sam Ortiz only a buyer.)
      expect(await page.getByText('Sam Ortiz').count()).toBe(0);
      await saveScreenshot(page, 'orders-sign-in');

      await signInDialog(page).getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
      await signInDialog(page).getByRole('button', { name: 'Show orders' }).click();
      expect((await orderRows(page)).map((row) => row[2])).toEqual(['Sam Ortiz', 'Dana Reyes']);
      expect(await signInDialog(page).count()).toBe(0);

      // A reload in the same browser session does not ask again.
      await page.reload();
      expect((await orderRows(page)).map((row) => row[2])).toEqual(['Sam Ortiz', 'Dana Reyes']);
      expect(await signInDialog(page).isVisible()).toBe(false);
      // The page keeps a token, never the password.
      const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie);
      expect(stored).not.toContain(GUARDIAN_STAFF_PASSWORD);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }

    // A new browser session asks again; cancelling shows no orders and a way to ask again.
    const fresh = await openOrders({ signIn: false });
    try {
      await signInDialog(fresh.page).waitFor();
      await signInDialog(fresh.page).getByRole('button', { name: 'Cancel' }).click();
      await fresh.page.getByText(LOCKED_MESSAGE).waitFor();
      expect(await fresh.page.locator('.orders-table').count()).toBe(0);
      await fresh.page.getByRole('button', { name: 'Enter password' }).click();
      await signInWithDialog(fresh.page, GUARDIAN_STAFF_PASSWORD);
      expect((await orderRows(fresh.page)).map((row) => row[2])).toEqual(['Sam Ortiz', 'Dana Reyes']);
    } finally {
      await fresh.context.close();
    }
  });

  // After the tests that count Sam's and Dana's orders: it places a hundred more.
  it("lists 100 orders at a time with 'Load more orders', and shows an admin how each was placed", async () => {
    // 99 more orders: with Sam's, the newest 100 fill the first page, and Dana's, the oldest, is on the next.
    for (let start = 0; start < 99; start += 11) {
      await Promise.all(
        Array.from({ length: 11 }, (_, index) =>
          placeBypassOrder(site.api, { first_name: 'Bulk', last_name: `Buyer ${start + index + 1}`, email: `bulk${start + index + 1}@guardian.example` }, [
            { type: 'service', name: 'Floor Mats', price: 76.44, quantity: 1, size: '# boxes', color: 'White', code: 'FM-100', placement: '', embroidery: '' },
          ]),
        ),
      );
    }
    const { context, page, console: seen } = await openOrders();
    try {
      expect(await orderRows(page)).toHaveLength(100);
      const more = page.getByRole('button', { name: 'Load more orders' });
      expect(await page.getByText('Dana Reyes', { exact: true }).count()).toBe(0);
      // Staff see no placement details.
      await toggleOf(page, 'Sam Ortiz').click();
      await linesOf(page, 'Sam Ortiz').waitFor();
      expect(await page.getByText('Placed with:').count()).toBe(0);

      // The admin's session lists the orders again, now with how each was placed and from where.
      await unlockAdmin(page, GUARDIAN_ADMIN_PASSWORD);
      const placedWith = page.locator('.orders-table__detail').getByText('Placed with:');
      await placedWith.waitFor();
      const details = await page.locator('.orders-table__detail .orders-table__placed').innerText();
      expect(details).toMatch(/Placed with:\s*bypass code/);
      expect(details).toMatch(/Client address:\s*\S+/);

      await more.click();
      await expect.poll(async () => (await orderRows(page)).length, { timeout: 5_000 }).toBe(101);
      expect((await orderRows(page)).at(-1)?.[2]).toBe('Dana Reyes');
      expect(await more.count()).toBe(0);
      // Each order once, newest first, as the API lists them.
      const firstPage = (await retrieveOrders(site.api)).map((o) => o.created_at);
      expect(firstPage).toHaveLength(100);
      expect(await page.locator('.orders-table time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')))).toEqual([
        ...firstPage,
        dana.created_at,
      ]);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // After the hundred orders: the filter finds one of many, on the server (the list is paged).
  it('filters by PO, buyer and days: a PO finds its one order of many, and Clear lists them all again', async () => {
    const lena = await placeBypassOrder(site.api, { first_name: 'Lena', last_name: 'Park', email: 'lena@guardian.example', customer_po: 'DESK-PO-9031' }, [
      { type: 'service', name: 'Floor Mats', price: 76.44, quantity: 1, size: '# boxes', color: 'White', code: 'FM-100', placement: '', embroidery: '' },
    ]);
    const { context, page, console: seen } = await openOrders();
    try {
      expect(await orderRows(page)).toHaveLength(100);
      const filters = page.getByRole('search', { name: 'Filter orders' });
      await filters.getByLabel('PO').fill('desk-po-9031');
      await filters.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect.poll(async () => (await orderRows(page)).map((row) => row[2]), { timeout: 5_000 }).toEqual(['Lena Park']);
      expect(await page.locator('.orders-table time').getAttribute('datetime')).toBe(lena.created_at);
      expect(await page.getByRole('button', { name: 'Load more orders' }).count()).toBe(0);

      // Dana's order is the oldest, on the list's second page: the buyer filter finds it all the same.
      await filters.getByLabel('PO').fill('');
      await filters.getByLabel('Buyer').fill('dana');
      await filters.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect.poll(async () => (await orderRows(page)).map((row) => row[2]), { timeout: 5_000 }).toEqual(['Dana Reyes']);

      // Days the wrong way round are said, and not asked for.
      await filters.getByLabel('From').fill('2031-05-02');
      await filters.getByLabel('To').fill('2031-05-01');
      await filters.getByText('The "From" day 2031-05-02 is after the "To" day 2031-05-01: swap them').waitFor();
      expect(await filters.getByRole('button', { name: 'Filter', exact: true }).isDisabled()).toBe(true);
      await filters.getByLabel('To').fill('2031-05-03');
      await filters.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByText('No orders match these filters.').waitFor();
      // The day Dana ordered, as this desk's time zone has it (the dates the table shows).
      const danaDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(dana.created_at));
      await filters.getByLabel('From').fill(danaDay);
      await filters.getByLabel('To').fill(danaDay);
      await filters.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect.poll(async () => (await orderRows(page)).map((row) => row[2]), { timeout: 5_000 }).toEqual(['Dana Reyes']);

      await filters.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(async () => (await orderRows(page)).length, { timeout: 5_000 }).toBe(100);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Last: it stops the API.
  it('shows the error when the order API is down, with a way to try again', async () => {
    await site.closeApi();
    const { context, page } = await openOrders({ signIn: false });
    try {
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('The order service cannot be reached; try again');
      expect(await page.getByText('Loading orders…').count()).toBe(0);
      await saveScreenshot(page, 'orders-api-down');
      const retried = page.waitForRequest((request) => request.url().endsWith('/v1/retrieve-orders') && request.method() === 'POST');
      await page.getByRole('button', { name: 'Try again' }).click();
      await retried;
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('The order service cannot be reached; try again');
    } finally {
      await context.close();
    }
  });
});
