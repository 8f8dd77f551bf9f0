// What a buyer's browser keeps while they work: one cart across the tabs of the session, a
// bypass code that says it was cleared, and what they asked of the supplier at checkout (an
// in-hands date and a note) reaching the staff e-mail and the orders screen. Against the
// built sample site and the real order API on loopback.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant } from './harness.ts';
import { cartLine, fillDetails, openCheckout, openCheckoutWorld, ordersOf, uniqueEmail, waitForCheckoutIsland, type CheckoutWorld } from './checkout-steps.ts';
import { GUARDIAN_COMPANY, GUARDIAN_STAFF_PASSWORD, waitForOrderMail } from './orders-steps.ts';

let world: CheckoutWorld;

beforeAll(async () => {
  world = await openCheckoutWorld();
}, 300_000);

afterAll(async () => {
  await world?.close();
});

const guardian = tenant('guardian');
const GUARDIAN_CODE = guardian.bypassCodes[0]!;
const mats = () => cartLine(guardian, 'FM-100', '# boxes', 2);
const checkoutButton = (page: Page) => page.getByRole('button', { name: 'Checkout', exact: true });
const badge = (page: Page) => page.locator('[data-cart-badge]').first();

/** A day `days` from today, as a date input takes it. */
function dayFromToday(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

describe("the buyer's state", () => {
  it('shows one cart in every tab of the browser session: added in one tab, the other tab’s badge and checkout have it, and a new tab too', async () => {
    const { context, page: tabB } = await openCheckout(world, 'guardian', []);
    try {
      await tabB.getByText('Your cart is empty.').waitFor();
      expect(await badge(tabB).textContent()).toBe('Cart (0)');

      const tabA = await context.newPage();
      await tabA.goto(`${world.baseUrl('guardian')}item/BG408/`);
      await tabA.getByLabel('Quantity OSFA').fill('12');
      await tabA.getByRole('button', { name: 'Add to Cart' }).click();
      await tabA.getByRole('link', { name: 'Cart (1)' }).waitFor();

      // Tab B, on its checkout all along, shows the line and counts it.
      await expect.poll(() => badge(tabB).textContent(), { timeout: 5_000 }).toBe('Cart (1)');
      await tabB.locator('.cart-line').first().waitFor();
      expect(await tabB.locator('.cart-line').count()).toBe(1);

      // Removed in tab B, gone from tab A.
      await tabB.getByRole('button', { name: /^Remove / }).click();
      await expect.poll(() => badge(tabA).textContent(), { timeout: 5_000 }).toBe('Cart (0)');

      // A tab opened later starts with the session's cart, not an empty one.
      await tabA.goto(`${world.baseUrl('guardian')}item/BG408/`);
      await tabA.getByLabel('Quantity OSFA').fill('24');
      await tabA.getByRole('button', { name: 'Add to Cart' }).click();
      await tabA.getByRole('link', { name: 'Cart (1)' }).waitFor();
      const tabC = await context.newPage();
      await tabC.goto(`${world.baseUrl('guardian')}checkout/`);
      await waitForCheckoutIsland(tabC);
      await expect.poll(() => badge(tabC).textContent(), { timeout: 5_000 }).toBe('Cart (1)');
      await tabC.locator('.cart-line').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('says at the code field that a code accepted before a detour was cleared, which is why Checkout waits', async () => {
    const { context, page } = await openCheckout(world, 'guardian', [mats()]);
    try {
      await fillDetails(page, { first: 'Cleo', last: 'Ward', email: uniqueEmail('cleared') });
      await page.getByLabel('Code', { exact: true }).fill(GUARDIAN_CODE);
      await page.getByText('Code accepted').waitFor();

      await page.goto(world.baseUrl('guardian'));
      await page.goto(`${world.baseUrl('guardian')}checkout/`);
      await waitForCheckoutIsland(page);
      expect(await page.getByLabel('First Name', { exact: true }).inputValue()).toBe('Cleo');
      expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('');
      await page.getByText('Your bypass code was cleared when you left the checkout (it is never kept): enter it again to place the order.').waitFor();
      if ((await checkoutButton(page).count()) > 0) expect(await checkoutButton(page).isDisabled()).toBe(true);

      // Typed again, it is accepted and the words go.
      await page.getByLabel('Code', { exact: true }).fill(GUARDIAN_CODE);
      await page.getByText('Code accepted').waitFor();
      expect(await page.getByText('Your bypass code was cleared').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('takes an in-hands date and a note at checkout: a past day is refused at its field; the date and note reach the staff e-mail and the orders screen', async () => {
    const { context, page } = await openCheckout(world, 'guardian', [mats()]);
    const email = uniqueEmail('in-hands');
    try {
      await fillDetails(page, { first: 'Ida', last: 'Hands', email });
      await page.getByLabel('Code', { exact: true }).fill(GUARDIAN_CODE);
      await page.getByText('Code accepted').waitFor();

      const date = page.getByLabel('In-hands date (optional)');
      await date.fill('2020-01-15');
      await page.getByText('In-hands date 2020-01-15 has passed: choose today or a later day').waitFor();
      expect(await date.getAttribute('aria-invalid')).toBe('true');
      expect(await checkoutButton(page).isDisabled()).toBe(true);

      const inHands = dayFromToday(30);
      await date.fill(inHands);
      await page.getByLabel('Note to the supplier (optional)').fill('<i>Deliver</i> to the service door');
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000 }).toBe(true);
      await checkoutButton(page).click();
      await page.waitForURL(`${world.baseUrl('guardian')}success/`);

      const [order] = await ordersOf(world, GUARDIAN_COMPANY, email);
      expect(order).toMatchObject({ in_hands_date: inHands, supplier_note: '<i>Deliver</i> to the service door' });
      const mail = await waitForOrderMail(world.api, order!.order_id);
      expect(mail.text).toContain(`In hands by:  ${inHands}`);
      expect(mail.text).toContain("Buyer's note: <i>Deliver</i> to the service door");

      await page.goto(`${world.baseUrl('guardian')}orders/`);
      const signIn = page.getByRole('dialog', { name: 'Enter password' });
      await signIn.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
      await signIn.getByRole('button', { name: 'Show orders' }).click();
      await page.getByRole('button', { name: /^Lines of the order of Ida Hands, / }).click();
      const facts = page.locator('.orders-table__wishes');
      await facts.waitFor();
      expect(await facts.innerText()).toMatch(/In-hands date:\s*\w+ \d{2}, \d{4}\s*Note to the supplier:\s*<i>Deliver<\/i> to the service door/);
      // Text, not markup.
      expect(await facts.locator('i').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
