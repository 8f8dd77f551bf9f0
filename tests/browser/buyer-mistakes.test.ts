// A buyer's mistakes on the built sample site, in Chromium against the real order API: what is
// typed into a quantity is what is ordered or the buyer is told, the bounds hold before the
// cart, a password store's pages ask for its password where they are opened, a refused code is
// answered at its field, and what was typed at checkout survives a detour.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { cartLine, loadCheckout, waitForCheckoutIsland } from './checkout-steps.ts';
import { openWorld, tenant, type SiteWorld } from './harness.ts';
import { pressAndSee, STOREFRONT_API_ENV, visit, type Visit } from './storefront-checks.ts';

let world: SiteWorld;

beforeAll(async () => {
  world = await openWorld({ apiEnv: STOREFRONT_API_ENV });
}, 300_000);

afterAll(async () => {
  await world?.close();
});

const guardian = tenant('guardian');
const stivers = tenant('stivers');
const DECATUR = { code: 'SFRDDC', name: 'Stivers Ford of Decatur', password: stivers.stores.find((store) => store.code === 'SFRDDC')!.password! };

async function withVisit(url: string, run: (visit: Visit) => Promise<void>): Promise<void> {
  // The order API is on another origin: its calls (and the refusals the tests provoke) are the point.
  const opened = await visit(world.browser, url, { viewport: { width: 1280, height: 800 }, foreign: true });
  try {
    await run(opened);
    expect(opened.problems.list, `problems after visiting ${url}`).toEqual([]);
  } finally {
    await opened.context.close();
  }
}

async function hydrated(page: Page, island: 'item' | 'checkout'): Promise<void> {
  if (island === 'checkout') return waitForCheckoutIsland(page);
  await page.locator('[data-island="item"][data-hydrated]').waitFor({ state: 'attached' });
}

/** What the field's description (its note) says. */
async function noteOf(field: Locator): Promise<string> {
  const id = await field.getAttribute('aria-describedby');
  return id ? field.page().locator(`[id="${id}"]`).innerText() : '';
}

const storedCart = (page: Page) => page.evaluate(() => Object.values(JSON.parse(sessionStorage.getItem('cart') ?? '{}')) as CartLine[]);
const noApplicationError = async (page: Page) => expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);

describe('a quantity is what the buyer typed, or the buyer is told', () => {
  it('refuses a letter with a hint, reads a pasted 1,000 as 1000, and never turns 2.5 or -5 into another number', async () => {
    await withVisit(`${world.baseUrl('guardian')}item/K500/`, async ({ page }) => {
      await hydrated(page, 'item');
      const small = page.getByLabel('Quantity Small', { exact: true });
      const medium = page.getByLabel('Quantity Medium', { exact: true });
      const large = page.getByLabel('Quantity Large', { exact: true });

      await small.pressSequentially('2.5');
      expect(await small.inputValue()).toBe('2.5');
      expect(await noteOf(small)).toBe('2.5 is not a whole number: a quantity is a whole number');
      expect(await small.getAttribute('aria-invalid')).toBe('true');

      await medium.pressSequentially('1a2');
      expect(await medium.inputValue()).toBe('12');
      expect(await noteOf(medium)).toBe('"a" is not a digit: type whole numbers only');

      await large.pressSequentially('-5');
      expect(await large.inputValue()).toBe('-5');
      expect(await noteOf(large)).toBe('-5 is below zero: a quantity is 0 or more');

      // Nothing is added while a cell says it is no quantity; the message is at the cell.
      await page.getByLabel('Logo', { exact: true }).selectOption({ index: 1 });
      await pressAndSee(page.locator('.snackbar--error').filter({ hasText: '2.5 is not a whole number' }), () =>
        page.getByRole('button', { name: 'Add to Cart' }).click(),
      );
      expect(await storedCart(page)).toEqual([]);

      await small.fill('');
      await large.fill('');
      await medium.fill('');
      await small.focus();
      await page.keyboard.insertText('1,000');
      expect(await noteOf(small)).toBe('');
      await page.getByText('Total for 1,000 pieces').waitFor();
      await pressAndSee(page.locator('.snackbar--success').filter({ hasText: 'Item added to cart' }), () =>
        page.getByRole('button', { name: 'Add to Cart' }).click(),
      );
      expect((await storedCart(page)).map((line) => [line.size, line.quantity])).toEqual([['Small', 1000]]);
      await noApplicationError(page);
    });
  });

  it('says a 20-digit or 11-digit entry is over the per-line bound, with no application error, and adds nothing', async () => {
    await withVisit(`${world.baseUrl('guardian')}item/K500/`, async ({ page }) => {
      await hydrated(page, 'item');
      const small = page.getByLabel('Quantity Small', { exact: true });
      await small.focus();
      await page.keyboard.insertText('99999999999999999999');
      expect(await noteOf(small)).toBe('At most 1,000,000 pieces a line');
      await noApplicationError(page);
      await small.fill('');
      await small.pressSequentially('99999999999');
      expect(await noteOf(small)).toBe('At most 1,000,000 pieces a line');
      await page.getByLabel('Logo', { exact: true }).selectOption({ index: 1 });
      await pressAndSee(page.locator('.snackbar--error').filter({ hasText: 'At most 1,000,000 pieces a line' }), () =>
        page.getByRole('button', { name: 'Add to Cart' }).click(),
      );
      await noApplicationError(page);
      expect(await storedCart(page)).toEqual([]);
    });
  });
});

describe("a cart line's quantity", () => {
  it('changes in the cart under the same rules: out of bounds is said at the field and changes nothing', async () => {
    await withVisit(world.baseUrl('guardian'), async ({ page }) => {
      await loadCheckout(page, world.baseUrl('guardian'), [cartLine(guardian, 'K500', 'Medium', 12, 'Navy', { embroidery: 'Guardian Shield' })]);
      const field = page.getByLabel('Change quantity of Sport Polo Medium Navy', { exact: true });
      expect(await field.inputValue()).toBe('12');

      await field.fill('999999999');
      expect(await noteOf(field)).toBe('At most 1,000,000 pieces a line');
      await field.fill('2.5');
      expect(await noteOf(field)).toBe('2.5 is not a whole number: a quantity is a whole number');
      await field.fill('0');
      expect(await noteOf(field)).toBe('Must order at least 1 units');
      expect((await storedCart(page)).map((line) => line.quantity)).toEqual([12]);
      await noApplicationError(page);

      await field.fill('24');
      await expect.poll(async () => (await storedCart(page)).map((line) => line.quantity)).toEqual([24]);
      expect(await noteOf(field)).toBe('');
      expect(await page.locator('.checkout__subtotal').innerText()).toBe('Subtotal (24 items): $930.48');
    });
  });
});

describe("a password store's pages ask for its password where they are opened", () => {
  it('a direct link to its item asks before Add to Cart works, and answers a wrong password in the server words', async () => {
    await withVisit(`${world.baseUrl('stivers')}item/PLT-ST/?store=${DECATUR.code}`, async ({ page }) => {
      await hydrated(page, 'item');
      const dialog = page.getByRole('dialog', { name: 'Enter password' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(DECATUR.name);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByLabel('Quantity 500 White', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await dialog.waitFor();
      await pressAndSee(page.locator('.snackbar--error').filter({ hasText: `${DECATUR.name}'s custom products need its store password` }), () =>
        dialog.getByRole('button', { name: 'Cancel' }).click(),
      );
      expect(await storedCart(page)).toEqual([]);

      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
      await dialog.getByRole('button', { name: 'Open' }).click();
      await dialog.getByText('Wrong password').waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill(DECATUR.password);
      await pressAndSee(page.locator('.snackbar--success').filter({ hasText: 'Item added to cart' }), () =>
        dialog.getByRole('button', { name: 'Open' }).click(),
      );
      expect((await storedCart(page)).map((line) => [line.code, line.quantity, line.store])).toEqual([['PLT-ST', 500, DECATUR.code]]);
      expect(await page.evaluate((key) => sessionStorage.getItem(key) !== null, `store-session:${stivers.id}:${DECATUR.code}`)).toBe(true);
    });
  });

  it('a direct link to its catalog asks for the password on arrival', async () => {
    await withVisit(`${world.baseUrl('stivers')}catalog/${DECATUR.code}/customs/`, async ({ page }) => {
      const dialog = page.getByRole('dialog', { name: 'Enter password' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(DECATUR.name);
      await dialog.getByLabel('Password', { exact: true }).fill(DECATUR.password);
      await dialog.getByRole('button', { name: 'Open' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate((key) => sessionStorage.getItem(key) !== null, `store-session:${stivers.id}:${DECATUR.code}`)).toBe(true);
    });
  });
});

describe('the checkout', () => {
  it("answers a wrong bypass code at the field in the server's words, and an accepted one leads to Checkout", async () => {
    await withVisit(world.baseUrl('guardian'), async ({ page }) => {
      await loadCheckout(page, world.baseUrl('guardian'), [cartLine(guardian, 'FM-100', '# boxes', 1)]);
      const code = page.getByLabel('Code', { exact: true });
      await code.fill('NOT-A-CODE');
      await code.press('Enter');
      await expect.poll(() => noteOf(code), { timeout: 8_000 }).toBe('That bypass code is not valid');
      expect(await code.getAttribute('aria-invalid')).toBe('true');

      await code.fill(guardian.bypassCodes[0]!);
      await code.press('Tab');
      const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
      await expect.poll(() => checkout.evaluate((button) => button === document.activeElement), { timeout: 8_000 }).toBe(true);
      expect(await noteOf(code)).toBe('Code accepted: this order is placed without payment.');
    });
  });

  it('keeps the details typed (never the code) through a detour to the catalog, Back and a reload', async () => {
    await withVisit(world.baseUrl('guardian'), async ({ page }) => {
      const base = world.baseUrl('guardian');
      await loadCheckout(page, base, [cartLine(guardian, 'FM-100', '# boxes', 1)]);
      await page.getByLabel('First Name', { exact: true }).fill('Dana');
      await page.getByLabel('Last Name', { exact: true }).fill('Office');
      await page.getByLabel('Email', { exact: true }).fill('dana@dealer.example');
      await page.getByLabel('Customer PO', { exact: true }).fill('PO-4471');
      await page.getByLabel('Store', { exact: true }).selectOption({ index: 1 });
      const store = await page.getByLabel('Store', { exact: true }).inputValue();
      await page.getByLabel('Code', { exact: true }).fill(guardian.bypassCodes[0]!);

      const expectKept = async () => {
        await hydrated(page, 'checkout');
        expect(await page.getByLabel('First Name', { exact: true }).inputValue()).toBe('Dana');
        expect(await page.getByLabel('Last Name', { exact: true }).inputValue()).toBe('Office');
        expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('dana@dealer.example');
        expect(await page.getByLabel('Customer PO', { exact: true }).inputValue()).toBe('PO-4471');
        expect(await page.getByLabel('Store', { exact: true }).inputValue()).toBe(store);
        expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('');
      };
      await page.goto(`${base}catalog/mens/`, { waitUntil: 'load' });
      await page.goto(`${base}checkout/`, { waitUntil: 'domcontentloaded' });
      await expectKept();
      await page.goto(`${base}item/K500/`, { waitUntil: 'load' });
      await page.goBack({ waitUntil: 'domcontentloaded' });
      await expectKept();
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expectKept();
      expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage })))).not.toContain(guardian.bypassCodes[0]!);
    });
  });
});
