// "Order again" on the orders screen, against the built sample site and the real order API: an
// order placed through the API, then changed in its database as time changes a catalog (a
// product retired, a price raised since), put back into the cart from the orders screen.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { moneyFromDollars, moneyToDollars } from '../../src/domain/money.ts';
import { productColors } from '../../src/domain/product.ts';
import { CATALOG_PRICES_UNAVAILABLE } from '../../src/islands/shared/catalog-price-file.ts';
import { aFrameLine, anOrderLine, aPlateLine } from '../helpers/order-builders.ts';
import { catalogProduct, openWorld, saveScreenshot, tenant, type SiteWorld } from './harness.ts';
import { GUARDIAN_STAFF_PASSWORD, GUARDIAN_TWO_LOGO_POLO, placeBypassOrder, watchConsole } from './orders-steps.ts';

const guardian = tenant('guardian');
/** Today's unit price of a size of a product of Guardian's catalog, in dollars. */
function todaysPrice(code: string, size: string): number {
  const found = catalogProduct(guardian, code).sizes.find((s) => s.label === size);
  if (!found) throw new Error(`${code} has no size ${size}`);
  return moneyToDollars(found.price);
}

let site: SiteWorld;
let ordersUrl: string;
/** Riley's order's id, and Sam's, whose plate is for Guardian Chevrolet, a password store. */
let rileyOrder: string;
let samOrder: string;
const CHEVY = guardian.stores.find((store) => store.code === 'GCHEV1')!;
/** The code the retired line carries: in no catalog of the sample. */
const RETIRED = 'RETIRED-9';
/** A dozen navy polos with two logos: Riley's first line, and Kim's before the catalog changed. */
const TWO_LOGO_POLO = GUARDIAN_TWO_LOGO_POLO;

beforeAll(async () => {
  site = await openWorld();
  ordersUrl = `${site.baseUrl('guardian')}orders/`;
  const placed = await placeBypassOrder(site.api, { first_name: 'Riley', last_name: 'Chen', email: 'riley@guardian.example', store: 'Guardian Ford' }, [
    TWO_LOGO_POLO,
    anOrderLine({ size: 'Large' }),
    aFrameLine({ quantity: 1000, store: 'GFORD1' }),
  ]);
  rileyOrder = placed.order_id;
  const token = await site.api.post('/v1/session', { companyName: guardian.companyName, store: CHEVY.code, password: CHEVY.password });
  if (token.status !== 200) throw new Error(`the store session answered ${token.status}`);
  const chevy = await placeBypassOrder(
    site.api,
    { first_name: 'Sam', last_name: 'Ortiz', email: 'sam@guardian.example', store: '' },
    [anOrderLine({ size: 'Large', color: 'Black' }), aPlateLine({ price: 1.29, quantity: 500, store: CHEVY.code })],
    [token.body.token as string],
  );
  samOrder = chevy.order_id;
  // Kim's polo was ordered in a colour the catalog no longer offers, with a logo it no longer has.
  const kim = await placeBypassOrder(site.api, { first_name: 'Kim', last_name: 'Lee', email: 'kim@guardian.example', store: '' }, [TWO_LOGO_POLO]);
  await site.api.api.database.updateOrderLines(kim.order_id, (lines) => lines.map((line) => ({ ...line, color: 'Tangerine', embroidery: 'Old Crest' })));
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

async function openOrders(buyer = 'Riley Chen', cart?: CartLine): Promise<{ context: BrowserContext; page: Page; console: ReturnType<typeof watchConsole> }> {
  const context = await site.browser.newContext();
  // A cart the buyer filled before opening the orders screen.
  if (cart) await context.addInitScript((line) => sessionStorage.getItem('cart') ?? sessionStorage.setItem('cart', JSON.stringify({ seeded: line })), cart);
  const page = await context.newPage();
  const seen = watchConsole(page);
  await page.goto(ordersUrl);
  const dialog = page.getByRole('dialog', { name: 'Enter password' });
  await dialog.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Show orders' }).click();
  await page.getByRole('button', { name: new RegExp(`^Lines of the order of ${buyer}, `) }).click();
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
      // The polo was $30.00 then: its line says what it costs today.
      const poloPrice = todaysPrice('K500', 'Medium');
      expect(poloPrice).not.toBe(30);
      expect(await summary.locator('.order-again__added li').allTextContents()).toEqual([
        `Sport Polo (K500), Medium, Navy: 12 ($30.00 → $${poloPrice.toFixed(2)} each)`,
        'Metal Frame (MF-STR), 500, Chrome: 2 runs of 500 (1,000 pieces)',
      ]);
      expect(await summary.locator('.order-again__refused li').allTextContents()).toEqual([
        'Retired Jacket (RETIRED-9, Large, Navy): it is no longer in the catalog',
      ]);
      expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
      await saveScreenshot(page, 'orders-order-again');

      // The cart holds the same size, colour, logos, placements and store, at today's price, not the $30.00 paid.
      const once = await storedCart(page);
      expect(once).toEqual([
        { ...TWO_LOGO_POLO, price: poloPrice, orderedAgainFrom: [`${rileyOrder}#0`] },
        aFrameLine({ price: todaysPrice('MF-STR', '500'), quantity: 1000, store: 'GFORD1', orderedAgainFrom: [`${rileyOrder}#2`] }),
      ]);
      // The header's cart count follows.
      await expect.poll(() => page.locator('[data-cart-badge]').first().textContent()).toBe('Cart (2)');

      // "Order again" a second time: nothing is asked (the cart holds only this order's lines), nothing doubles.
      await page.getByRole('button', { name: /^Order again: every line of the order of Riley Chen, / }).click();
      await expect
        .poll(() => summary.locator('.order-again__already li').allTextContents())
        .toEqual(['Sport Polo (K500, Medium, Navy)', 'Metal Frame (MF-STR, 500, Chrome)']);
      expect(await summary.locator('.order-again__title').first().textContent()).toBe('Nothing was added to your cart.');
      expect(await storedCart(page)).toEqual(once);

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

  it('orders a single line again once, however often it is clicked', async () => {
    const { context, page } = await openOrders();
    try {
      const line = page.getByRole('button', { name: 'Order again line K500, Medium, Navy' });
      await line.click();
      const summary = page.getByRole('status', { name: 'Order again' });
      await expect.poll(() => summary.locator('.order-again__added li').count()).toBe(1);
      expect(await summary.locator('.order-again__refused li').count()).toBe(0);
      await line.click();
      await expect.poll(() => summary.locator('.order-again__already li').allTextContents()).toEqual(['Sport Polo (K500, Medium, Navy)']);
      expect((await storedCart(page)).map((l) => [l.code, l.quantity])).toEqual([['K500', 12]]);
    } finally {
      await context.close();
    }
  });

  it('asks whether to add to a cart that holds other items or to replace it', async () => {
    const mats: CartLine = {
      type: 'service',
      name: 'Floor Mats',
      price: 76.44,
      quantity: 10,
      size: '# boxes',
      color: 'White',
      code: 'FM-100',
      placement: '',
      embroidery: '',
    };
    for (const choice of ['Add to my cart', 'Replace my cart'] as const) {
      const { context, page } = await openOrders('Riley Chen', mats);
      try {
        await page.getByRole('button', { name: 'Order again line K500, Medium, Navy' }).click();
        const question = page.getByRole('group', { name: 'Your cart holds items' });
        await question.waitFor();
        expect(await question.textContent()).toContain('Your cart holds 1 other line.');
        // Nothing changes until the buyer answers.
        expect((await storedCart(page)).map((l) => l.code)).toEqual(['FM-100']);
        await question.getByRole('button', { name: choice }).click();
        await page.getByRole('status', { name: 'Order again' }).waitFor();
        expect((await storedCart(page)).map((l) => [l.code, l.quantity])).toEqual(
          choice === 'Add to my cart'
            ? [
                ['FM-100', 10],
                ['K500', 12],
              ]
            : [['K500', 12]],
        );
      } finally {
        await context.close();
      }
    }
  });

  it("asks for a password store's password on the spot, then adds its lines, each once", async () => {
    const { context, page, console: seen } = await openOrders('Sam Ortiz');
    try {
      const again = page.getByRole('button', { name: /^Order again: every line of the order of Sam Ortiz, / });
      await again.click();
      const summary = page.getByRole('status', { name: 'Order again' });
      await expect
        .poll(() => summary.locator('.order-again__refused li').allTextContents())
        .toEqual([`Aluminum Plate (PLT-AL, 500, White): it needs ${CHEVY.name}'s store password`]);
      await summary.getByRole('button', { name: `Enter ${CHEVY.name}'s password` }).click();
      const dialog = page.getByRole('dialog', { name: 'Enter password' });
      await dialog.getByLabel('Password', { exact: true }).fill(CHEVY.password!);
      await dialog.getByRole('button', { name: 'Open' }).click();
      await expect
        .poll(() => summary.locator('.order-again__added li').allTextContents())
        .toEqual(['Aluminum Plate (PLT-AL), 500, White: 1 run of 500 (500 pieces)']);
      expect(await summary.locator('.order-again__already li').allTextContents()).toEqual(['Sport Polo (K500, Large, Black)']);
      const expected = [
        ['K500', 12],
        ['PLT-AL', 500],
      ];
      expect((await storedCart(page)).map((l) => [l.code, l.quantity])).toEqual(expected);
      // And once more, now that the store is unlocked: every line is in the cart already.
      await again.click();
      await expect.poll(() => summary.locator('.order-again__already li').count()).toBe(2);
      expect((await storedCart(page)).map((l) => [l.code, l.quantity])).toEqual(expected);
      expect((await storedCart(page)).map((l) => l.orderedAgainFrom)).toEqual([[`${samOrder}#0`], [`${samOrder}#1`]]);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers today’s colours for a colour that is gone, one click each, and keeps the logo still offered', async () => {
    const { context, page } = await openOrders('Kim Lee');
    try {
      await page.getByRole('button', { name: /^Order again: every line of the order of Kim Lee, / }).click();
      const summary = page.getByRole('status', { name: 'Order again' });
      await expect.poll(() => summary.locator('.order-again__refused li').count()).toBe(1);
      expect(await summary.locator('.order-again__refused li').textContent()).toContain('colour Tangerine is no longer offered');
      const offered = productColors(catalogProduct(guardian, 'K500'));
      expect(await summary.locator('.order-again__refused button').allTextContents()).toEqual(offered.map((color) => `Add in ${color}`));
      await saveScreenshot(page, 'orders-order-again-colour');
      await summary.getByRole('button', { name: `Add Sport Polo (K500, Medium, Tangerine) in ${offered[1]}` }).click();
      await expect.poll(() => summary.locator('.order-again__added li').count()).toBe(1);
      const added = (await summary.locator('.order-again__added li').textContent()) ?? '';
      expect(added).toContain(`colour Tangerine is no longer offered: ${offered[1]} instead`);
      expect(added).toContain('logo “Old Crest” is no longer offered: left off');
      // The second logo, still offered, is kept at its placement as the line's logo; the quantity is the order's.
      expect((await storedCart(page)).map((l) => [l.color, l.embroidery, l.placement, l.quantity])).toEqual([
        [offered[1], 'Guardian Script', 'Right Sleeve', 12],
      ]);
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
