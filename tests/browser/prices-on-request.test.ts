// Prices on request and the one price rule, in Chromium against the built sample site and the
// real order API: a size priced 0 reads 'Price on request' on every screen a buyer and the
// dealership see and in the order e-mail, and the item page's grid shows the prices charged.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money.ts';
import { breakCounting } from '../../src/domain/price-breaks.ts';
import { priceCart } from '../../src/domain/pricing.ts';
import { catalogProduct, saveScreenshot, tenant } from './harness.ts';
import { fillDetails, openCheckoutWorld, uniqueEmail, waitForCheckoutIsland, type CheckoutWorld } from './checkout-steps.ts';
import { GUARDIAN_BYPASS_CODE, GUARDIAN_STAFF_PASSWORD, waitForOrderMail } from './orders-steps.ts';

let world: CheckoutWorld;

beforeAll(async () => {
  world = await openCheckoutWorld();
}, 300_000);

afterAll(async () => {
  await world?.close();
});

const guardian = tenant('guardian');
const stivers = tenant('stivers');

async function openItem(page: Page, tenantId: string, code: string): Promise<void> {
  await page.goto(`${world.baseUrl(tenantId)}item/${code}/`);
  await page.locator('[data-island="item"][data-hydrated]').waitFor({ state: 'attached' });
}

async function addToCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText('Item added to cart').waitFor();
}

describe('prices on request', () => {
  it("reads 'Price on request' for a size priced 0 on the item page, in the cart, on success, on the orders screen and in the e-mail; the totals say what they leave out", async () => {
    // Note pads: the default catalog's only size is priced 0. The polo is priced.
    const pads = catalogProduct(guardian, 'NP-50');
    expect(pads.sizes.map((size) => size.price)).toEqual([0]);
    const polo = catalogProduct(guardian, 'K500');
    const charged = priceCart([{ code: 'K500', size: 'Medium', color: polo.defaultColor, quantity: 12 }], () => polo).total;
    const expectedTotal = `${formatMoney(charged)} + 1 line priced on request`;

    const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await openItem(page, 'guardian', 'NP-50');
      const item = page.locator('[data-island="item"]');
      expect(await item.getByText('Price on request', { exact: true }).isVisible()).toBe(true);
      await page.getByLabel('Quantity # pads', { exact: true }).fill('3');
      expect(await item.innerText()).not.toContain('$0.00');
      await addToCart(page);

      await openItem(page, 'guardian', 'K500');
      await page.getByRole('combobox', { name: 'Logo', exact: true }).selectOption('Guardian Shield');
      await page.getByLabel('Quantity Medium', { exact: true }).fill('12');
      await addToCart(page);

      // The checkout: the pads' price each reads on request, and the subtotal names the line it leaves out.
      await page.goto(`${world.baseUrl('guardian')}checkout/`);
      await waitForCheckoutIsland(page);
      const padsLine = page.locator('.cart-line').filter({ hasText: 'Note Pads' });
      expect(await padsLine.locator('.cart-line__fact').filter({ hasText: 'Price each' }).locator('dd').textContent()).toBe('Price on request');
      expect(await page.locator('.checkout__subtotal').innerText()).toBe(`Subtotal (15 items): ${expectedTotal}`);
      expect(await page.locator('.checkout__cart').innerText()).not.toContain('$0.00');

      const email = uniqueEmail('on-request');
      await fillDetails(page, { first: 'Quinn', last: 'Request', email });
      await page.getByLabel('Code', { exact: true }).fill(GUARDIAN_BYPASS_CODE);
      const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
      await expect.poll(() => checkout.isEnabled(), { timeout: 10_000 }).toBe(true);
      await checkout.click();

      // The success page: the line and the order total, and who and for whom a printed copy is.
      await page.waitForURL(/\/success\/$/);
      const summary = page.locator('.order-summary');
      await page.getByRole('heading', { name: 'Order Placed Successfully' }).waitFor();
      const padsOrdered = summary.locator('.order-summary__line').filter({ hasText: 'Note Pads' });
      expect(
        await padsOrdered
          .locator('.order-summary__fact')
          .evaluateAll((facts) => facts.map((fact) => `${fact.querySelector('dt')?.textContent}: ${fact.querySelector('dd')?.textContent}`)),
      ).toEqual(expect.arrayContaining(['Price each: Price on request', 'Line total: Price on request']));
      const facts = await summary
        .locator('.order-summary__order .order-summary__fact')
        .evaluateAll((all) => Object.fromEntries(all.map((fact) => [fact.querySelector('dt')?.textContent, fact.querySelector('dd')?.textContent])));
      expect(facts).toMatchObject({ 'Order total': expectedTotal, Dealership: guardian.companyName, 'Ordered by': `Quinn Request, ${email}` });
      expect(facts.Supplier).toBeTruthy();
      expect(await summary.innerText()).not.toContain('$0.00');
      await saveScreenshot(page, 'price-on-request-success');
      const orderId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('last-order') ?? '{}') as { orderId?: string }).orderId ?? '');
      expect(orderId).not.toBe('');

      // The e-mail the dealership gets.
      const mail = await waitForOrderMail(world.api, orderId);
      expect(mail.text).toContain('3 × Price on request: to be quoted');
      expect(mail.text).toContain(`Total: ${expectedTotal}`);
      expect(mail.subject).toContain(expectedTotal);
      expect(mail.text).not.toContain('$0.00');

      // The orders screen.
      await page.goto(`${world.baseUrl('guardian')}orders/`);
      const dialog = page.getByRole('dialog', { name: 'Enter password' });
      await dialog.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
      await dialog.getByRole('button', { name: 'Show orders' }).click();
      await page.getByRole('button', { name: /^Lines of the order of Quinn Request, / }).click();
      const lines = page.getByRole('region', { name: /^Lines of the order of Quinn Request, / });
      const padsRow = lines.getByRole('row').filter({ hasText: 'NP-50' });
      expect(await padsRow.getByRole('cell').nth(2).textContent()).toBe('Price on request');
      expect(await page.locator('.orders-table__detail').getByText(`Order total: ${expectedTotal}`, { exact: true }).count()).toBe(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('one price rule', () => {
  it("shows in the Click Pen's grid the prices its runs are charged, says how its breaks count, and names the quantity 'Starts at' takes", async () => {
    const pen = catalogProduct(stivers, 'PEN-CS');
    const tiers = pen.sizes.map((size) => size.label);
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await openItem(page, 'stivers', 'PEN-CS');
      const headerPrices = await page.locator('.quantity-grid thead .quantity-grid__price').allTextContents();
      expect(headerPrices).toHaveLength(tiers.length);
      // The catalog lists $0.49 and $0.45 for the 1000 and 1500 runs; one run reaches the volume prices charged.
      expect(headerPrices.slice(-2)).toEqual(['$0.47 each', '$0.43 each']);
      const selection = page.getByRole('table', { name: 'Your selection' });
      for (const [index, tier] of tiers.entries()) {
        const cell = page.getByLabel(`Quantity ${tier} Blue`, { exact: true });
        await cell.fill('1');
        // The price each the checkout will charge for that run, beside what the grid shows for it.
        const charged = priceCart([{ code: 'PEN-CS', size: tier, color: 'Blue', quantity: Number(tier) }], () => pen).lines[0]!.unitPrice;
        await expect.poll(() => selection.locator('tbody td').nth(1).textContent()).toBe(formatMoney(charged));
        expect(headerPrices[index]).toBe(`${formatMoney(charged)} each`);
        await cell.fill('');
      }
      expect(await page.getByText(breakCounting(pen)!, { exact: true }).first().isVisible()).toBe(true);
      expect(await page.getByText('Starts at $0.43 each for 1,500 or more', { exact: true }).isVisible()).toBe(true);

      // And the checkout charges the grid's price: one run of 1000 at $0.47.
      await page.getByLabel('Quantity 1000 Blue', { exact: true }).fill('1');
      await addToCart(page);
      await page.goto(`${world.baseUrl('stivers')}checkout/`);
      await waitForCheckoutIsland(page);
      const line = page.locator('.cart-line').filter({ hasText: 'Click Pen' });
      expect(await line.locator('.cart-line__fact').filter({ hasText: 'Price each' }).locator('dd').textContent()).toBe('$0.47');
      expect(await page.locator('.checkout__subtotal').innerText()).toBe('Subtotal (1,000 items): $470.00');
    } finally {
      await context.close();
    }
  });
});
