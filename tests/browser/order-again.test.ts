// "Order again" on the orders screen, against the built sample site and the real order API: an
// order placed through the API, then changed in its database as time changes a catalog (a
// product retired, a price raised since), put back into the cart from the orders screen.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { moneyFromDollars, moneyToDollars } from '../../src/domain/money.ts';
import { CATALOG_PRICES_UNAVAILABLE } from '../../src/islands/shared/catalog-price-file.ts';
import { catalogProduct, openWorld, saveScreenshot, tenant, type SiteWorld } from './harness.ts';
import { GUARDIAN_STAFF_PASSWORD, placeBypassOrder, watchConsole } from './orders-steps.ts';

const guardian = tenant('guardian');
/** Today's unit price of a size of a product of Guardian's catalog, in dollars. */
function todaysPrice(code: string, size: string): number {
  const found = catalogProduct(guardian, code).sizes.find((s) => s.label === size);
  if (!found) throw new Error(`${code} has no size ${size}`);
  return moneyToDollars(found.price);
}

let site: SiteWorld;
let ordersUrl: string;
/** The code the retired line carries: in no catalog of the sample. */
const RETIRED = 'RETIRED-9';

beforeAll(async () => {
  site = await openWorld();
  ordersUrl = `${site.baseUrl('guardian')}orders/`;
  const placed = await placeBypassOrder(site.api, { first_name: 'Riley', last_name: 'Chen', email: 'riley@guardian.example', store: 'Guardian Ford' }, [
    {
      type: 'mens',
      name: 'Sport Polo',
      price: 38.77,
      quantity: 12,
      size: 'Medium',
      color: 'Navy',
      code: 'K500',
      placement: 'Left Chest',
      embroidery: 'Guardian Shield',
      secondEmbroidery: 'Guardian Script',
      secondPlacement: 'Right Sleeve',
    },
    {
      type: 'mens',
      name: 'Sport Polo',
      price: 38.77,
      quantity: 12,
      size: 'Large',
      color: 'Navy',
      code: 'K500',
      placement: 'Left Chest',
      embroidery: 'Guardian Shield',
    },
    {
      type: 'customs',
      name: 'Metal Frame',
      price: 0.0279,
      quantity: 1000,
      size: '500',
      color: 'Chrome',
      code: 'MF-STR',
      placement: '',
      embroidery: '',
      store: 'GFORD1',
    },
  ]);
  // Since then: the first line was bought at an older price, and the Large polo's product (as the
  // order recorded it) has left the catalog.
  await site.api.api.database.updateOrderLines(placed.order_id, (lines) =>
    lines.map((line, index) =>
      index === 0 ? { ...line, unitPrice: moneyFromDollars(30) } : index === 1 ? { ...line, code: RETIRED, name: 'Retired Jacket' } : line,
    ),
  );
}, 120_000);

afterAll(async () => {
  await site?.close();
});

async function openOrders(): Promise<{ context: BrowserContext; page: Page; console: ReturnType<typeof watchConsole> }> {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const seen = watchConsole(page);
  await page.goto(ordersUrl);
  const dialog = page.getByRole('dialog', { name: 'Enter password' });
  await dialog.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Show orders' }).click();
  await page.getByRole('button', { name: /^Lines of the order of Riley Chen, / }).click();
  return { context, page, console: seen };
}

async function storedCart(page: Page): Promise<CartLine[]> {
  return page.evaluate(() => Object.values(JSON.parse(sessionStorage.getItem('cart') ?? '{}')) as CartLine[]);
}

describe('order again', () => {
  it('puts the lines that can still be ordered into the cart at today’s prices and names the one whose product is gone', async () => {
    const { context, page, console: seen } = await openOrders();
    try {
      await page.getByRole('button', { name: /^Order again: every line of the order of Riley Chen, / }).click();
      const summary = page.getByRole('status', { name: 'Order again' });
      await summary.waitFor();
      expect(await summary.locator('.order-again__added li').allTextContents()).toEqual([
        'Sport Polo (K500), Medium, Navy: 12',
        'Metal Frame (MF-STR), 500, Chrome: 2 runs of 500 (1,000 pieces)',
      ]);
      expect(await summary.locator('.order-again__refused li').allTextContents()).toEqual([
        'Retired Jacket (RETIRED-9, Large, Navy): it is no longer in the catalog',
      ]);
      expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
      await saveScreenshot(page, 'orders-order-again');

      // The cart holds the same size, colour, logos, placements and store, at today's price, not the $30.00 paid.
      const poloPrice = todaysPrice('K500', 'Medium');
      expect(poloPrice).not.toBe(30);
      expect(await storedCart(page)).toEqual([
        {
          type: 'mens',
          name: 'Sport Polo',
          price: poloPrice,
          quantity: 12,
          size: 'Medium',
          color: 'Navy',
          code: 'K500',
          placement: 'Left Chest',
          embroidery: 'Guardian Shield',
          secondEmbroidery: 'Guardian Script',
          secondPlacement: 'Right Sleeve',
        },
        {
          type: 'customs',
          name: 'Metal Frame',
          price: todaysPrice('MF-STR', '500'),
          quantity: 1000,
          size: '500',
          color: 'Chrome',
          code: 'MF-STR',
          placement: '',
          embroidery: '',
          store: 'GFORD1',
        },
      ]);
      // The header's cart count follows.
      await expect.poll(() => page.locator('[data-cart-badge]').first().textContent()).toBe('Cart (2)');

      // On to the checkout, which shows those lines; the retired one is not among them.
      await summary.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout\/$/);
      await expect.poll(() => page.getByRole('button', { name: /^Remove / }).count()).toBe(2);
      expect(await page.getByText(RETIRED).count()).toBe(0);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('orders a single line again, adding to a line already in the cart', async () => {
    const { context, page } = await openOrders();
    try {
      const line = page.getByRole('button', { name: 'Order again line K500, Medium, Navy' });
      await line.click();
      const summary = page.getByRole('status', { name: 'Order again' });
      await expect.poll(() => summary.locator('.order-again__added li').allTextContents()).toEqual(['Sport Polo (K500), Medium, Navy: 12']);
      expect(await summary.locator('.order-again__refused li').count()).toBe(0);
      await line.click();
      await expect.poll(async () => (await storedCart(page)).map((l) => [l.code, l.quantity])).toEqual([['K500', 24]]);
    } finally {
      await context.close();
    }
  });

  it('adds nothing and says so when today’s catalog cannot be loaded', async () => {
    const { context, page } = await openOrders();
    try {
      await page.route(/\/assets\/catalog-[^/]*\.json$/, (route) => route.abort());
      await page.getByRole('button', { name: /^Order again: every line of the order of Riley Chen, / }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(`Nothing was added to your cart. ${CATALOG_PRICES_UNAVAILABLE}`);
      expect(await storedCart(page)).toEqual([]);
      expect(await page.locator('[data-cart-badge]').first().textContent()).toBe('Cart (0)');
    } finally {
      await context.close();
    }
  });
});
