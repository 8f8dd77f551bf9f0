import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, moneyFromDollars } from '../../src/domain/money.ts';
import { orderNumber } from '../../src/domain/order-number.ts';
import { GUARDIAN_ADMIN_PASSWORD, GUARDIAN_BYPASS_CODE, GUARDIAN_STAFF_PASSWORD, retrieveOrders, waitForOrderMail, watchConsole } from './orders-steps.ts';
import { openWorld, project, type SiteWorld } from './harness.ts';
import { pressAndSee } from './storefront-checks.ts';

let site: SiteWorld;

beforeAll(async () => {
  site = await openWorld();
}, 300_000);

afterAll(async () => {
  await site?.close();
});

async function addToCart(page: Page) {
  await page.getByRole('button', { name: 'Add to Cart' }).click();
}

/** The success page's facts of the order ('Order number', 'Order total'…), term → value. */
async function orderFacts(page: Page): Promise<Record<string, string>> {
  const facts = page.getByRole('main').locator('dl[aria-label="Order"]');
  await facts.waitFor();
  return Object.fromEntries(
    await facts.evaluate((dl) => [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? ''])),
  );
}

/** The Quantity each line of the page shows (checkout's cart or success), in order. */
async function quantities(page: Page, line: string): Promise<string[]> {
  return page
    .locator(line)
    .evaluateAll((items) =>
      items.map((item) => [...item.querySelectorAll('dt')].find((dt) => dt.textContent === 'Quantity')?.nextElementSibling?.textContent ?? ''),
    );
}

async function signInToOrders(page: Page): Promise<void> {
  const signIn = page.getByRole('dialog', { name: 'Enter password' });
  await signIn.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
  await signIn.getByRole('button', { name: 'Show orders' }).click();
}

/** The text of the notice `press` raises. */
async function lastNotice(page: Page, role: 'alert' | 'status', press: () => Promise<unknown>): Promise<string> {
  const notice = await pressAndSee(page.locator('.snackbar-region').getByRole(role), press);
  return (await notice.textContent()) ?? '';
}

describe('ordering, from the item page to the orders table', () => {
  it('refuses every invalid selection with its message and adds nothing', async () => {
    const page = await site.browser.newPage();
    const seen = watchConsole(page);
    const guardian = site.baseUrl('guardian');

    await page.goto(`${guardian}item/K500/`);
    expect(await lastNotice(page, 'alert', () => addToCart(page))).toBe('Must make a selection');
    await page.getByLabel('Quantity Small').fill('2');
    expect(await lastNotice(page, 'alert', () => addToCart(page))).toBe('Must select an embroidery');

    // Grid cells keep whole numbers only.
    await page.getByLabel('Quantity Medium').fill('x');
    expect(await page.getByLabel('Quantity Medium').inputValue()).toBe('');

    await page.goto(`${guardian}item/PLT-AL/`);
    expect(await lastNotice(page, 'alert', () => addToCart(page))).toBe('Must make a selection');

    // Guardian offers no accessory logos, so the tote only has the 12-unit rule to break.
    await page.goto(`${guardian}item/BG408/`);
    await page.getByLabel('Quantity OSFA').fill('11');
    expect(await lastNotice(page, 'alert', () => addToCart(page))).toBe('Must order at least 12 units');

    expect(await page.getByRole('link', { name: 'Cart (0)' }).count()).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('cart'))).toBeNull();
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it("shows 'Unexpected Application Error!' in place of an island that fails in the browser", async () => {
    const page = await site.browser.newPage();
    const guardian = site.baseUrl('guardian');
    // Props that no longer describe a product, as a broken deploy or a bad cache could serve.
    await page.route(`${guardian}item/K500/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/data-island="item" data-props="[^"]*"/, 'data-island="item" data-props="{}"');
      await route.fulfill({ response, body: html });
    });
    page.on('console', () => {}); // React reports the error; that is expected here
    await page.goto(`${guardian}item/K500/`);
    await page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' }).waitFor();
    // The rest of the page still works.
    await page.getByRole('link', { name: 'Cart (0)' }).waitFor();
    await page.close();
  });

  it('says what a print-run line is, "2 runs of 500 (1,000 pieces)", at checkout, on success, on the orders screen and in the e-mail', async () => {
    const page = await site.browser.newPage();
    const seen = watchConsole(page);
    const guardian = site.baseUrl('guardian');
    // Guardian Ford's frames, from its own catalog (no password): 2 runs of 500, then 1 more.
    await page.goto(`${guardian}item/MF-STR/?store=GFORD1`);
    await page.getByText('For Guardian Ford').waitFor();
    await page.getByLabel('Quantity 500 Chrome').fill('2');
    expect(await lastNotice(page, 'status', () => addToCart(page))).toBe('Item added to cart');
    await page.getByRole('link', { name: 'Cart (1)' }).click();

    await page.getByText('Subtotal (1,000 items)').waitFor();
    expect(await quantities(page, '.cart-line')).toEqual(['2 runs of 500 (1,000 pieces)']);
    expect(await page.locator('.cart-line').innerText()).not.toContain('Size');
    await page.getByLabel('First Name').fill('Pat');
    await page.getByLabel('Last Name').fill('Runs');
    await page.getByLabel('Email').fill('pat.runs@guardian.example');
    await page.getByLabel('Code').fill(GUARDIAN_BYPASS_CODE);
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await expect.poll(() => checkout.isEnabled(), { timeout: 5_000 }).toBe(true);
    await checkout.click();

    await page.waitForURL(`${guardian}success/`);
    await page.getByRole('heading', { name: 'Order Placed Successfully' }).waitFor();
    expect(await quantities(page, '.order-summary__line')).toEqual(['2 runs of 500 (1,000 pieces)']);
    expect(await orderFacts(page)).toMatchObject({ Store: 'Guardian Ford' });

    const placed = (await retrieveOrders(site.api)).find((order) => order.email === 'pat.runs@guardian.example');
    expect(placed?.order.map((line: { size: string; quantity: number }) => [line.size, line.quantity])).toEqual([['500', 1000]]);
    const mail = await waitForOrderMail(site.api, placed!.order_id);
    expect(mail.text).toContain('MF-STR  Metal Frame  for Guardian Ford\n    2 runs of 500 (1,000 pieces), colour Chrome\n');

    await page.goto(`${guardian}orders/`);
    await signInToOrders(page);
    await page.getByRole('button', { name: /^Lines of the order of Pat Runs, / }).click();
    const line = page
      .getByRole('region', { name: /^Lines of the order of Pat Runs, / })
      .getByRole('row')
      .filter({ hasText: 'MF-STR' });
    await line.getByRole('cell', { name: '2 runs of 500 (1,000 pieces)', exact: true }).waitFor();
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it('prices plates per colour by tier, from the runs typed on the item page', async () => {
    const page = await site.browser.newPage();
    const guardian = site.baseUrl('guardian');
    await page.goto(`${guardian}item/PLT-AL/`);
    // 2 runs of 500 in White are 1000 pieces: the 1000 tier's $0.99. 1 run in Black Red stays at $1.29.
    await page.getByLabel('Quantity 500 White').fill('2');
    await page.getByLabel('Quantity 500 Black Red').fill('1');
    expect(await lastNotice(page, 'status', () => addToCart(page))).toBe('Item added to cart');
    await page.getByRole('link', { name: 'Cart (2)' }).click();
    await page.getByText('Subtotal (1,500 items): $1,635.00').waitFor();
    await page.evaluate(() => sessionStorage.clear());
    await page.close();
  });

  it('keeps the cart across reloads and pages, then places a bypass order, shows it on success and lets an admin edit it', async () => {
    const page = await site.browser.newPage();
    const seen = watchConsole(page);
    const guardian = site.baseUrl('guardian');

    await page.goto(`${guardian}item/K500/`);
    await page.getByRole('radio', { name: 'Black' }).check();
    await page.getByLabel('Logo', { exact: true }).selectOption('Guardian Shield');
    await page.getByLabel('Quantity Medium').fill('6');
    await page.getByLabel('Quantity 2XL').fill('6');
    expect(await lastNotice(page, 'status', () => addToCart(page))).toBe('Item added to cart');
    // After a successful add the grid and the logo choice start over.
    expect(await page.getByLabel('Quantity Medium').inputValue()).toBe('');
    expect(await page.getByLabel('Logo', { exact: true }).inputValue()).toBe('');
    await page.getByRole('link', { name: 'Cart (2)' }).waitFor();

    await page.reload();
    await page.getByRole('link', { name: 'Cart (2)' }).waitFor();
    await page.goto(`${guardian}catalog/mens/`);
    await page.getByRole('link', { name: 'Cart (2)' }).click();

    await page.getByText('Subtotal (12 items): $477.24').waitFor();
    const subtotal = (await page.locator('.checkout__subtotal').innerText()).replace(/^.*: /, '');
    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Journey');
    await page.getByLabel('Email').fill('robin@guardian.example');
    await page.getByLabel('Customer PO').fill('CPO-77');
    await page.getByLabel('Code').fill(GUARDIAN_BYPASS_CODE.toLowerCase());
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await expect.poll(() => checkout.isEnabled(), { timeout: 5_000 }).toBe(true);
    await checkout.click();

    await page.waitForURL(`${guardian}success/`);
    await page.getByRole('heading', { name: 'Order Placed Successfully' }).waitFor();
    const success = page.locator('[data-island="success"]');
    await success.getByText('Sport Polo').first().waitFor();
    expect(await success.textContent()).toContain('2XL');
    await page.getByRole('link', { name: 'Cart (0)' }).waitFor();

    const placed = (await retrieveOrders(site.api)).find((order) => order.email === 'robin@guardian.example');
    expect(placed?.paid).toBe(2);
    expect(placed?.order.map((line: { size: string; quantity: number }) => `${line.size}×${line.quantity}`).sort()).toEqual(['2XL×6', 'Medium×6']);

    // The confirmation: the order number of the id the API stored, its total as the API charged
    // it (which the checkout's subtotal showed), the PO, and today's date.
    const number = orderNumber(placed!.order_id);
    expect(number).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    const facts = await orderFacts(page);
    expect(facts).toEqual({
      'Order number': number,
      Date: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: '2-digit' }).format(new Date()),
      'Customer PO': 'CPO-77',
      'Order total': subtotal,
      Supplier: project.supplier.supplierName,
      Dealership: 'Guardian Automotive Group',
      'Ordered by': 'Robin Journey, robin@guardian.example',
    });
    expect(formatMoney(moneyFromDollars(placed!.total))).toBe(subtotal);
    // The tenant sends buyers a confirmation: the page says where it went, the address typed at checkout.
    expect(await success.getByText(/^A confirmation was sent to /).textContent()).toBe('A confirmation was sent to robin@guardian.example.');

    // The e-mail names the order by the same number, with the same total.
    const mail = await waitForOrderMail(site.api, placed!.order_id);
    expect(mail.subject).toBe(`Order ${number} from Robin Journey (Guardian Automotive Group), ${subtotal}, to invoice`);
    expect(mail.text).toContain(`Order number: ${number}\n`);
    expect(mail.text).toContain(`Total: ${subtotal}`);

    // The bypass code's answer brought a device proof: the browser keeps it, and sends it with
    // its next calls, so a flood of wrong codes from elsewhere does not make this dealer wait.
    const kept = (await page.evaluate(() => JSON.parse(localStorage.getItem('order-api-device-proofs') ?? '[]'))) as { tenant: string; proof: string }[];
    expect(kept.map((p) => p.tenant)).toEqual(['guardian']);

    // So does the orders screen, in the order's row, and the total with its lines.
    await page.getByRole('main').getByRole('link', { name: 'View orders' }).click();
    await page.waitForURL(`${guardian}orders/`);
    const sessionCall = page.waitForRequest((request) => request.url().endsWith('/v1/session') && request.method() === 'POST');
    await signInToOrders(page);
    expect((await (await sessionCall).allHeaders())['device-proof']).toBe(kept[0]!.proof);
    const toggle = page.getByRole('button', { name: /^Lines of the order of Robin Journey, / });
    const row = page.getByRole('row').filter({ has: toggle });
    await row.getByRole('cell', { name: number, exact: true }).waitFor();
    await toggle.click();
    await page.getByText(`Order total: ${subtotal}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByLabel('Admin password').fill(GUARDIAN_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('button', { name: 'Edit line K500, Medium, Black' }).click();
    await page.getByLabel('PO of line K500, Medium, Black', { exact: true }).fill('SO-JOURNEY');
    await page.getByRole('button', { name: 'Save line K500, Medium, Black' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Order updated' }).count()).toBe(1);

    await page.reload();
    await page.getByRole('button', { name: /^Lines of the order of Robin Journey, / }).click();
    await page.getByRole('cell', { name: 'SO-JOURNEY' }).waitFor();
    expect(seen.errors).toEqual([]);
    await page.close();
  });
});
