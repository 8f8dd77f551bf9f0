// The checkout island in Chromium, against the built sample site and the real order API on
// loopback (SQLite, the fake PayPal REST server behind it), with PayPal's SDK script replaced
// by a local fake (checkout-fake-paypal-sdk.js) that drives createOrder and onApprove.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { APPAREL_MINIMUM_MESSAGE } from '../../src/domain/order-rules.ts';
import { BYPASS_CHECK_DELAY_MS } from '../../src/islands/checkout/bypass-code.ts';
import { CATALOG_PRICES_UNAVAILABLE } from '../../src/islands/shared/catalog-price-file.ts';
import { SERVICE_UNREACHABLE } from '../../src/islands/shared/order-api.ts';
import { seriousAxeViolations } from './axe.ts';
import { catalogProduct, project, saveScreenshot, tenant } from './harness.ts';
import { pressAndSee } from './storefront-checks.ts';
import {
  cartLine,
  fillDetails,
  openCheckout,
  openCheckoutWorld,
  ordersOf,
  overflowsSideways,
  uniqueEmail,
  waitForCheckoutIsland,
  writeCart,
  type CheckoutWorld,
} from './checkout-steps.ts';

let world: CheckoutWorld;

beforeAll(async () => {
  world = await openCheckoutWorld();
}, 300_000);

afterAll(async () => {
  await world?.close();
});

const guardian = tenant('guardian');
const stivers = tenant('stivers');
// The secrets as the tenant files have them.
const GUARDIAN_CODE = guardian.bypassCodes[0]!;
const STIVERS_CODE = stivers.bypassCodes[0]!;
const GCHEV1_PASSWORD = guardian.stores.find((s) => s.code === 'GCHEV1')!.password!;
/** A wait that is the point: a request held on purpose, or time for something that must not happen. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const checkoutButton = (page: Page) => page.getByRole('button', { name: 'Checkout', exact: true });
const subtotal = (page: Page) => page.locator('.checkout__subtotal').innerText();
const storage = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);
const events = (page: Page) => page.evaluate(() => (window as unknown as { __fakePayPal: { events: string[] } }).__fakePayPal.events.slice());
const setApproval = (page: Page, approve: 'approve' | 'cancel' | 'error') =>
  page.evaluate((a) => ((window as unknown as { __fakePayPal: { approve: string } }).__fakePayPal.approve = a), approve);

/** Each cart line as shown: its name and its facts (term → value). */
async function shownLines(page: Page): Promise<{ name: string; facts: Record<string, string> }[]> {
  return page.locator('.cart-line').evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector('.cart-line__name')?.textContent ?? '',
      facts: Object.fromEntries(
        [...item.querySelectorAll('.cart-line__fact')].map((fact) => [
          fact.querySelector('dt')?.textContent ?? '',
          fact.querySelector('dd')?.textContent ?? '',
        ]),
      ),
    })),
  );
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Code', { exact: true }).fill(code);
}

/** The notice `press` raises ('Order placed successfully' opens the success page 0.9 s later). */
async function snackbar(page: Page, kind: 'success' | 'error', text: string | RegExp, press: () => Promise<unknown>, timeout = 8_000): Promise<Locator> {
  return pressAndSee(page.locator(`.snackbar--${kind}`).filter({ hasText: text }), press, timeout);
}

/** Writes another cart into sessionStorage and reloads the checkout. */
async function reseed(page: Page, lines: readonly CartLine[]): Promise<void> {
  await writeCart(page, lines);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitForCheckoutIsland(page);
}

describe('checkout with a bypass code', () => {
  it('places the order from a filled cart, hands the priced lines to the success page and empties the cart', async () => {
    const polo = cartLine(guardian, 'K500', 'Medium', 12, 'Navy', { embroidery: 'Guardian Shield', placement: 'Left Chest' });
    const mats = cartLine(guardian, 'FM-100', '# boxes', 2);
    const { context, page, sdkRequests, pageErrors, consoleErrors } = await openCheckout(world, 'guardian', [polo, mats]);
    try {
      expect(await shownLines(page)).toEqual([
        {
          name: 'Sport Polo',
          facts: {
            'Price each': '$38.77',
            Color: 'Navy',
            Embroidery: 'Guardian Shield',
            Placement: 'Left Chest',
            Size: 'Medium',
            Quantity: '12',
            'Line total': '$465.24',
          },
        },
        { name: 'Floor Mats', facts: { 'Price each': '$76.44', Color: 'White', Size: '# boxes', Quantity: '2', 'Line total': '$152.88' } },
      ]);
      expect(await subtotal(page)).toBe('Subtotal (14 items): $618.12');
      // Priced from the tenant's catalog price file, not from the page: the page's HTML names neither product.
      const html = await (await page.request.get(`${world.baseUrl('guardian')}checkout/`)).text();
      expect(html).toContain('data-island="checkout"');
      for (const named of ['K500', 'FM-100', catalogProduct(guardian, 'K500').fullname, catalogProduct(guardian, 'FM-100').fullname])
        expect(html).not.toContain(named);
      // Every line shows its product image, and it loads.
      await expect
        .poll(
          () => page.locator('.cart-line__image').evaluateAll((imgs) => imgs.length === 2 && imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
          { timeout: 5_000, message: 'the cart images load' },
        )
        .toBe(true);
      // Guardian does not take PayPal: no payment area, no PayPal script.
      expect(await page.getByRole('heading', { name: 'Payment' }).count()).toBe(0);
      expect(await checkoutButton(page).isDisabled()).toBe(true);

      const email = uniqueEmail('bypass');
      await fillDetails(page, { first: 'Dana', last: 'Reyes', email, po: 'PO-77', store: 'Guardian Chevrolet — 100 Main St, Springfield' });
      await enterCode(page, GUARDIAN_CODE.toLowerCase());
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'the bypass code is accepted' }).toBe(true);
      await page.getByText('Code accepted').waitFor();

      // Hold the request a moment to see the button's loading state.
      await context.route(`${world.apiUrl}/v1/create-order`, async (route) => {
        if (route.request().method() === 'POST') await sleep(400);
        await route.continue();
      });
      await snackbar(page, 'success', 'Order placed successfully', async () => {
        await checkoutButton(page).click();
        expect(await checkoutButton(page).getAttribute('aria-busy')).toBe('true');
        expect(await checkoutButton(page).isDisabled()).toBe(true);
      });
      await page.waitForURL(`${world.baseUrl('guardian')}success/`, { timeout: 8_000 });

      expect(JSON.parse((await storage(page, 'cart')) ?? '{}')).toEqual({});
      expect(await storage(page, 'checkout-attempt')).toBeNull();

      const orders = await ordersOf(world, guardian.companyName, email);
      expect(orders).toHaveLength(1);
      // The success page gets the order API's id and total, the details sent, and the lines at the prices charged.
      expect(JSON.parse((await storage(page, 'last-order')) ?? 'null')).toEqual({
        orderId: orders[0]!.order_id,
        total: 618.12,
        placedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        store: 'Guardian Chevrolet — 100 Main St, Springfield',
        customerPo: 'PO-77',
        buyer: { name: 'Dana Reyes', email },
        // The order API answered that the buyer's confirmation went to the address typed.
        confirmationSentTo: email,
        lines: [
          { ...polo, price: 38.77, lineTotal: 465.24 },
          { ...mats, price: 76.44, lineTotal: 152.88 },
        ],
      });
      expect(orders[0]).toMatchObject({ first_name: 'Dana', last_name: 'Reyes', store: 'Guardian Chevrolet', customer_po: 'PO-77', paid: 2, total: 618.12 });
      expect(orders[0]!.order.map((l: Record<string, unknown>) => [l.code, l.quantity, l.price, l.embroidery])).toEqual([
        ['K500', 12, 38.77, 'Guardian Shield'],
        ['FM-100', 2, 76.44, ''],
      ]);
      expect(sdkRequests).toEqual([]);
      expect(pageErrors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps Checkout disabled without a valid code, with an empty cart, and below the apparel minimum (saying so)', async () => {
    const { context, page } = await openCheckout(world, 'guardian', []);
    try {
      // Empty cart: said, with a link back to the catalog; Checkout stays disabled even with a valid code.
      await page.getByText('Your cart is empty.').waitFor();
      expect(await page.getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/guardian/');
      expect(await subtotal(page)).toBe('Subtotal (0 items): $0.00');
      await enterCode(page, GUARDIAN_CODE);
      await page.getByText('Code accepted').waitFor();
      expect(await checkoutButton(page).isDisabled()).toBe(true);

      // The form's fields, labelled as the spec names them, and the stores as name — address.
      for (const label of ['First Name', 'Last Name', 'Email', 'Customer PO', 'Store', 'Code'])
        expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
      expect(await page.getByLabel('Store', { exact: true }).locator('option').allInnerTexts()).toEqual([
        'None',
        'Guardian Chevrolet — 100 Main St, Springfield',
        'Guardian Ford',
      ]);

      // Six polos: the apparel minimum blocks Checkout and says why.
      await reseed(page, [cartLine(guardian, 'K500', 'Medium', 6, 'Navy', { embroidery: 'Guardian Shield' }), cartLine(guardian, 'FM-100', '# boxes', 1)]);
      await enterCode(page, GUARDIAN_CODE);
      await page.getByText('Code accepted').waitFor();
      await page.locator('.checkout__problems').getByText(APPAREL_MINIMUM_MESSAGE).waitFor();
      expect(await checkoutButton(page).isDisabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Removing the polos leaves no apparel at all, which the rule allows.
      await page.getByRole('button', { name: 'Remove Sport Polo Medium Navy' }).click();
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      expect(await page.locator('.checkout__problems li').count()).toBe(0);
      expect(await subtotal(page)).toBe('Subtotal (1 item): $76.44');
      expect(Object.keys(JSON.parse((await storage(page, 'cart')) ?? '{}'))).toHaveLength(1);
      // Focus stays in the cart for keyboard users.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your cart');

      // A wrong code (or a change to the right one) leaves bypass mode, also once the order API has answered.
      await enterCode(page, `${GUARDIAN_CODE}X`);
      await expect.poll(() => checkoutButton(page).isDisabled(), { timeout: 5_000, message: 'Checkout is disabled again' }).toBe(true);
      await sleep(BYPASS_CHECK_DELAY_MS + 500);
      expect(await checkoutButton(page).isDisabled()).toBe(true);
      expect(await page.getByText('Code accepted').count()).toBe(0);
      await saveScreenshot(page, 'checkout-guardian-wrong-code');
    } finally {
      await context.close();
    }
  });

  it('prices a customs plate by tier across two colours and a discount crossing its threshold, in the subtotal', async () => {
    const plates = [
      cartLine(guardian, 'PLT-AL', '500', 500, 'White'),
      cartLine(guardian, 'PLT-AL', '1000', 1000, 'White'),
      cartLine(guardian, 'PLT-AL', '500', 500, 'Black Red'),
    ];
    const { context, page } = await openCheckout(world, 'guardian', plates);
    try {
      // White has 1500 pieces: both white lines reach the 1000 tier ($0.99); Black Red's 500 stay at $1.29.
      const lines = await shownLines(page);
      expect(lines.map((l) => [l.facts.Color, l.facts['Price each'], l.facts.Quantity])).toEqual([
        ['White', '$0.99', '1 run of 500 (500 pieces)'],
        ['White', '$0.99', '1 run of 1,000 (1,000 pieces)'],
        ['Black Red', '$1.29', '1 run of 500 (500 pieces)'],
      ]);
      // Customs lines show no Size: the tier is in the quantity's wording.
      expect(lines.every((l) => !('Size' in l.facts))).toBe(true);
      expect(await subtotal(page)).toBe('Subtotal (2,000 items): $2,130.00');
      // On a phone the panel fits the screen.
      await page.setViewportSize({ width: 360, height: 780 });
      expect(await overflowsSideways(page)).toBe(false);
      await saveScreenshot(page, 'checkout-guardian-phone');
      await page.setViewportSize({ width: 1280, height: 900 });

      await reseed(page, [cartLine(guardian, 'FM-100', '# boxes', 499)]);
      expect((await shownLines(page))[0]!.facts['Price each']).toBe('$76.44');
      expect(await subtotal(page)).toBe('Subtotal (499 items): $38,143.56');
      await reseed(page, [cartLine(guardian, 'FM-100', '# boxes', 500)]);
      expect((await shownLines(page))[0]!.facts['Price each']).toBe('$71.50');
      expect(await subtotal(page)).toBe('Subtotal (500 items): $35,750.00');
    } finally {
      await context.close();
    }
  });

  it('shows an unreachable API as an error snackbar for 2.5 s and keeps the cart', async () => {
    const lines = [cartLine(guardian, 'FM-100', '# boxes', 3)];
    const { context, page } = await openCheckout(world, 'guardian', lines);
    try {
      const before = await storage(page, 'cart');
      await fillDetails(page, { first: 'Ana', last: 'Down', email: uniqueEmail('down') });
      // The order API accepts the code, then goes away.
      await enterCode(page, GUARDIAN_CODE);
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      await context.route(`${world.apiUrl}/**`, (route) => route.abort('connectionrefused'));
      // From the keyboard: Enter in the Code field submits the form.
      const error = await pressAndSee(page.locator('.snackbar--error'), () => page.getByLabel('Code', { exact: true }).press('Enter'));
      const shownAt = Date.now();
      // Said in words, without the HTTP status the browser made up for no answer.
      expect(await error.innerText()).toBe(SERVICE_UNREACHABLE);
      expect(await error.getAttribute('role')).toBe('alert');
      await error.waitFor({ state: 'detached', timeout: 5_000 });
      const shownFor = Date.now() - shownAt;
      expect(shownFor).toBeGreaterThan(2_000);
      expect(shownFor).toBeLessThan(4_000);

      expect(await storage(page, 'cart')).toBe(before);
      expect(await page.locator('.cart-line').count()).toBe(1);
      expect(page.url()).toBe(`${world.baseUrl('guardian')}checkout/`);
      expect(await checkoutButton(page).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("asks the order API about each code: a wrong one is answered at the field in the server's words, and after too many wrong ones the field says how long to wait", async () => {
    const { context, page } = await openCheckout(world, 'guardian', [cartLine(guardian, 'FM-100', '# boxes', 1)]);
    try {
      // This shopper is a client of its own (the API trusts X-Forwarded-For here), so its
      // wrong guesses do not hold up the other tests' codes.
      await context.route(`${world.apiUrl}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '203.0.113.7' } }));
      const asked: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url() === `${world.apiUrl}/v1/session`) asked.push(request.postDataJSON());
      });
      await fillDetails(page, { first: 'Gus', last: 'Guess', email: uniqueEmail('guess') });
      const hint = page.getByText('Enter your bypass code to place the order.');
      await hint.waitFor();
      // The test API allows 3 wrong guesses per client. Leaving the field asks at once.
      for (const code of ['WRONG1', 'WRONG2', 'WRONG3']) {
        await enterCode(page, code);
        await page.getByLabel('Code', { exact: true }).blur();
        await expect.poll(() => asked.length, { timeout: 5_000, message: `${code} is asked about` }).toBe(['WRONG1', 'WRONG2', 'WRONG3'].indexOf(code) + 1);
      }
      await sleep(BYPASS_CHECK_DELAY_MS + 500);
      // Each wrong code was asked about once, and the last is answered at the field, as the server words it.
      expect(asked).toEqual(['WRONG1', 'WRONG2', 'WRONG3'].map((code) => ({ companyName: guardian.companyName, code })));
      const codeField = page.getByLabel('Code', { exact: true });
      const fieldNote = page.locator(`#${await codeField.getAttribute('aria-describedby')}`);
      expect(await fieldNote.innerText()).toBe('That bypass code is not valid');
      expect(await codeField.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('.snackbar').count()).toBe(0);
      expect(await checkoutButton(page).isDisabled()).toBe(true);

      // Now even the right code is refused for a while, and the field says how long.
      await enterCode(page, GUARDIAN_CODE);
      await expect.poll(() => fieldNote.innerText(), { timeout: 8_000 }).toMatch(/^Too many wrong passwords or codes; try again in \d+ seconds$/);
      expect(await checkoutButton(page).isDisabled()).toBe(true);
      expect(await page.getByText('Code accepted').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('makes one order from a double click, and one from a retry after a lost answer', async () => {
    const lines = [cartLine(guardian, 'K500', 'Large', 12, 'Black', { embroidery: 'Guardian Script' })];
    const double = await openCheckout(world, 'guardian', lines);
    const doubleEmail = uniqueEmail('double');
    try {
      await fillDetails(double.page, { first: 'Dee', last: 'Double', email: doubleEmail });
      await enterCode(double.page, GUARDIAN_CODE);
      await expect.poll(() => checkoutButton(double.page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      await checkoutButton(double.page).dblclick();
      await double.page.waitForURL(/\/guardian\/success\/$/, { timeout: 8_000 });
      expect(await ordersOf(world, guardian.companyName, doubleEmail)).toHaveLength(1);
    } finally {
      await double.context.close();
    }

    // The first request reaches the API and places the order, but its answer never arrives.
    const retry = await openCheckout(world, 'guardian', lines);
    const retryEmail = uniqueEmail('retry');
    const keys: string[] = [];
    try {
      await retry.context.route(`${world.apiUrl}/v1/create-order`, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push((await route.request().headerValue('idempotency-key')) ?? '');
        if (keys.length === 1) {
          await route.fetch({ url: world.direct(route.request().url()) });
          return route.abort('connectionreset');
        }
        return route.continue();
      });
      await fillDetails(retry.page, { first: 'Rey', last: 'Retry', email: retryEmail });
      await enterCode(retry.page, GUARDIAN_CODE);
      await expect.poll(() => checkoutButton(retry.page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      await snackbar(retry.page, 'error', SERVICE_UNREACHABLE, () => checkoutButton(retry.page).click());
      expect(await ordersOf(world, guardian.companyName, retryEmail)).toHaveLength(1);
      await checkoutButton(retry.page).click();
      await retry.page.waitForURL(/\/guardian\/success\/$/, { timeout: 8_000 });
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(await ordersOf(world, guardian.companyName, retryEmail)).toHaveLength(1);
    } finally {
      await retry.context.close();
    }
  });
});

describe('customs plates ordered from a store catalog', () => {
  /** From a store's customs catalog, the item page of `productName`: one print run of 500 in `color`, added to the cart. */
  async function addPlateRun(page: Page, productName: string, storeName: string, color: string): Promise<void> {
    await page.getByRole('main').getByRole('link', { name: productName }).click();
    await page.waitForURL(/\/item\/[^/]+\/\?store=/);
    await page.locator('[data-island="item"][data-hydrated]').waitFor({ state: 'attached' });
    await page.getByText(`For ${storeName}`, { exact: true }).waitFor();
    await page.getByLabel(`Quantity 500 ${color}`, { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Item added to cart').waitFor();
  }

  /** The create-order bodies the page sends. */
  function createOrderBodies(page: Page): Record<string, any>[] {
    const bodies: Record<string, any>[] = [];
    page.on('request', (request) => {
      if (request.url() === `${world.apiUrl}/v1/create-order` && request.method() === 'POST') bodies.push(JSON.parse(request.postData() ?? '{}'));
    });
    return bodies;
  }

  it("keeps the store on the line, preselects it at checkout and sends it, with a password store's session", async () => {
    const { context, page, pageErrors } = await openCheckout(world, 'guardian', []);
    const base = world.baseUrl('guardian');
    const bodies = createOrderBodies(page);
    try {
      // Guardian Ford (no password): its catalog → the plastic plate's item page for it → the cart.
      await page.goto(`${base}catalog/GFORD1/customs/`);
      await addPlateRun(page, 'Plastic Plate', 'Guardian Ford', 'White');
      await page.goto(`${base}checkout/`);
      await waitForCheckoutIsland(page);
      await page.locator('.cart-line').getByText('For Guardian Ford', { exact: true }).waitFor();
      const store = page.getByLabel('Store', { exact: true });
      expect(await store.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Guardian Ford');

      const email = uniqueEmail('ford-plates');
      await fillDetails(page, { first: 'Fay', last: 'Ford', email });
      await enterCode(page, GUARDIAN_CODE);
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      await checkoutButton(page).click();
      await page.waitForURL(`${base}success/`, { timeout: 8_000 });
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatchObject({ store: 'GFORD1', cart: [{ code: 'PLT-PL', quantity: 500, color: 'White', store: 'GFORD1' }] });
      expect(bodies[0]).not.toHaveProperty('store_tokens');
      const [order] = await ordersOf(world, guardian.companyName, email);
      expect(order).toMatchObject({ store: 'Guardian Ford', paid: 2 });

      // Guardian Chevrolet asks for its password; the session the order API answered goes with the order.
      await page.goto(`${base}stores/`);
      await page.getByRole('link', { name: /^Guardian Chevrolet/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Enter password' });
      await dialog.getByLabel('Password', { exact: true }).fill(GCHEV1_PASSWORD);
      await Promise.all([page.waitForURL(`${base}catalog/GCHEV1/customs/`), dialog.getByRole('button', { name: 'Open' }).click()]);
      await addPlateRun(page, 'Aluminum Plate', 'Guardian Chevrolet', 'White');
      await page.goto(`${base}checkout/`);
      await waitForCheckoutIsland(page);
      await page.locator('.cart-line').getByText('For Guardian Chevrolet', { exact: true }).waitFor();
      expect(await page.getByLabel('Store', { exact: true }).evaluate((select: HTMLSelectElement) => select.value)).toBe('GCHEV1');
      const chevroletEmail = uniqueEmail('chevrolet-plates');
      await fillDetails(page, { first: 'Cy', last: 'Chevy', email: chevroletEmail });
      await enterCode(page, GUARDIAN_CODE);
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      await checkoutButton(page).click();
      await page.waitForURL(`${base}success/`, { timeout: 8_000 });
      const token = JSON.parse((await storage(page, 'store-session:guardian:GCHEV1')) ?? 'null')?.token;
      expect(bodies[1]).toMatchObject({ store: 'GCHEV1', cart: [{ code: 'PLT-AL', store: 'GCHEV1' }], store_tokens: [token] });
      expect(await ordersOf(world, guardian.companyName, chevroletEmail)).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("asks for a password store's password in the dialog when the order API refuses its plates without it, then places the order", async () => {
    const plates = { ...cartLine(guardian, 'PLT-AL', '500', 500, 'White'), store: 'GCHEV1' };
    const { context, page } = await openCheckout(world, 'guardian', [plates]);
    const email = uniqueEmail('no-token');
    try {
      // A client of its own, so its wrong password does not hold up the other tests' guesses.
      await context.route(`${world.apiUrl}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '203.0.113.8' } }));
      await fillDetails(page, { first: 'No', last: 'Token', email });
      await enterCode(page, GUARDIAN_CODE);
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      await checkoutButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Enter password' });
      await dialog.waitFor({ timeout: 8_000 });
      expect(await dialog.innerText()).toContain('Guardian Chevrolet');
      // No technical message beside it: the dialog is the answer.
      expect(await page.locator('.snackbar--error').count()).toBe(0);
      await dialog.getByLabel('Password', { exact: true }).fill('not-it');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('Wrong password').waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill(GCHEV1_PASSWORD);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${world.baseUrl('guardian')}success/`, { timeout: 8_000 });
      expect(await ordersOf(world, guardian.companyName, email)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

describe('price breaks before checkout', () => {
  /** A table's rows as shown, its header row first. */
  const tableRows = (table: Locator) =>
    table.locator('tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())));

  it("shows a tee's price breaks, and its grid, the checkout and the order API all charge 2XL its upcharge over the 500+ price", async () => {
    // The sample tee: Small $9.99, 2XL $11.99 ($2.00 upcharge), $8.49 from 500 pieces.
    const tee = catalogProduct(stivers, 'PC54');
    expect([tee.sizes.find((s) => s.label === 'Small')?.price, tee.sizes.find((s) => s.label === '2XL')?.price, tee.discounts]).toEqual([
      99_900,
      119_900,
      [{ quantity: 500, price: 84_900 }],
    ]);
    const base = world.baseUrl('stivers');
    const { context, page, pageErrors } = await openCheckout(world, 'stivers', []);
    try {
      await page.goto(`${base}item/PC54/`);
      await page.locator('[data-island="item"][data-hydrated]').waitFor({ state: 'attached' });
      expect(await page.getByText('Starts at $8.49 each for 500 or more', { exact: true }).isVisible()).toBe(true);
      const breaks = page.getByRole('table', { name: 'Price breaks' });
      expect(await tableRows(breaks)).toEqual([
        ['Quantity', 'Price each'],
        ['Under 500', '$9.99'],
        ['500+', '$8.49'],
      ]);
      expect(await page.getByText('Larger sizes keep their upcharge: 2XL +$2.00, 3XL +$3.00').isVisible()).toBe(true);

      // Below the break every size costs its own price; the 500th tee prices them all at the break, 2XL with its upcharge.
      await page.getByRole('combobox', { name: 'Logo', exact: true }).selectOption('Stivers Script');
      await page.getByLabel('Quantity Small', { exact: true }).fill('300');
      await page.getByLabel('Quantity 2XL', { exact: true }).fill('199');
      const selection = page.getByRole('table', { name: 'Your selection' });
      await expect
        .poll(() => tableRows(selection))
        .toEqual([
          ['Size', 'Quantity', 'Price each', 'Line total'],
          ['Small', '300', '$9.99', '$2,997.00'],
          ['2XL', '199', '$11.99', '$2,386.01'],
        ]);
      await page.getByLabel('Quantity 2XL', { exact: true }).fill('200');
      await expect
        .poll(() => tableRows(selection))
        .toEqual([
          ['Size', 'Quantity', 'Price each', 'Line total'],
          ['Small', '300', '$8.49', '$2,547.00'],
          ['2XL', '200', '$10.49', '$2,098.00'],
        ]);
      expect(await page.getByText('Total for 500 pieces: $4,645.00', { exact: true }).isVisible()).toBe(true);
      await saveScreenshot(page, 'item-price-breaks');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('Item added to cart').waitFor();
      // Added, the grid is empty again and so is the selection.
      expect(await selection.count()).toBe(0);

      await page.goto(`${base}checkout/`);
      await waitForCheckoutIsland(page);
      expect((await shownLines(page)).map((l) => [l.facts.Size, l.facts.Quantity, l.facts['Price each'], l.facts['Line total']])).toEqual([
        ['Small', '300', '$8.49', '$2,547.00'],
        ['2XL', '200', '$10.49', '$2,098.00'],
      ]);
      expect(await subtotal(page)).toBe('Subtotal (500 items): $4,645.00');

      const email = uniqueEmail('price-breaks');
      await fillDetails(page, { first: 'Tee', last: 'Buyer', email });
      await enterCode(page, STIVERS_CODE);
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'the bypass code is accepted' }).toBe(true);
      await checkoutButton(page).click();
      await page.waitForURL(`${base}success/`, { timeout: 8_000 });
      // The order API charged what the item page and the checkout showed.
      const [order] = await ordersOf(world, stivers.companyName, email);
      expect(order!.total).toBe(4645);
      expect(order!.order.map((l: Record<string, unknown>) => [l.size, l.quantity, l.price, l.line_total])).toEqual([
        ['Small', 300, 8.49, 2547],
        ['2XL', 200, 10.49, 2098],
      ]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the catalog price file', () => {
  it('says so when it cannot be fetched, keeps the cart, and prices it on "Try again"', async () => {
    const mats = cartLine(guardian, 'FM-100', '# boxes', 2);
    const { context, page } = await openCheckout(world, 'guardian', []);
    try {
      let refuse = true;
      await context.route('**/assets/catalog-*.json', (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
      await reseed(page, [mats]);
      await page.getByRole('alert').filter({ hasText: CATALOG_PRICES_UNAVAILABLE }).waitFor();
      expect(await page.locator('.cart-line').count()).toBe(0);
      expect(Object.keys(JSON.parse((await storage(page, 'cart')) ?? '{}'))).toHaveLength(1);
      refuse = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.locator('.cart-line').first().waitFor();
      expect((await shownLines(page)).map((line) => line.name)).toEqual([catalogProduct(guardian, 'FM-100').name]);
      expect(await subtotal(page)).toBe('Subtotal (2 items): $152.88');
    } finally {
      await context.close();
    }
  });
});

describe('checkout with PayPal', () => {
  it('loads PayPal only when payment is possible, and a wrong code leaves the payment area', async () => {
    const empty = await openCheckout(world, 'stivers', []);
    try {
      await empty.page.getByText('Add items to your cart to pay.').waitFor();
      await sleep(300);
      expect(empty.sdkRequests).toEqual([]);
    } finally {
      await empty.context.close();
    }

    const { context, page, sdkRequests } = await openCheckout(world, 'stivers', [
      cartLine(stivers, 'K500', 'Large', 2, 'Navy', { embroidery: 'Stivers Script' }),
    ]);
    try {
      await page.locator('.fake-paypal-button').waitFor();
      expect(await checkoutButton(page).count()).toBe(0);
      await enterCode(page, 'WRONGCODE');
      await sleep(BYPASS_CHECK_DELAY_MS + 500);
      expect(await page.getByRole('heading', { name: 'Payment' }).isVisible()).toBe(true);
      expect(await page.locator('.fake-paypal-button').isVisible()).toBe(true);
      expect(await checkoutButton(page).count()).toBe(0);

      await enterCode(page, STIVERS_CODE.toLowerCase());
      await checkoutButton(page).waitFor();
      expect(await page.getByRole('heading', { name: 'Payment' }).count()).toBe(0);
      expect(await page.locator('.fake-paypal-button').count()).toBe(0);
      expect(await checkoutButton(page).isEnabled()).toBe(true);

      // Back to no code: the buttons return without fetching PayPal's script again.
      await enterCode(page, '');
      await page.locator('.fake-paypal-button').waitFor();
      expect(sdkRequests).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("on a phone, waits with PayPal's script until the buyer reaches the payment area or starts on the details", async () => {
    const polo = cartLine(stivers, 'K500', 'Large', 2, 'Navy', { embroidery: 'Stivers Script' });
    const reach: [string, (page: Page) => Promise<void>][] = [
      ['scrolling to Payment', (page) => page.getByRole('heading', { name: 'Payment' }).scrollIntoViewIfNeeded()],
      // Starting on the details is enough: the buttons are loaded by the time the buyer gets there.
      ['focusing First Name', (page) => page.getByLabel('First Name').focus()],
    ];
    for (const [how, act] of reach) {
      const { context, page, sdkRequests } = await openCheckout(world, 'stivers', []);
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        await reseed(page, [polo]);
        await sleep(500);
        // The payment area is screens below the cart on a phone: nothing of PayPal's is fetched yet.
        expect(sdkRequests, how).toEqual([]);
        await act(page);
        await page.locator('.fake-paypal-button').waitFor({ state: 'attached' });
        expect(sdkRequests, how).toHaveLength(1);
      } finally {
        await context.close();
      }
    }
  });

  it('pays through createOrder and onApprove against the API, restarting after a declined card', async () => {
    const polo = cartLine(stivers, 'K500', 'Large', 3, 'Navy', { embroidery: 'Stivers Script', placement: 'Left Chest' });
    const { context, page, sdkRequests, pageErrors, consoleErrors } = await openCheckout(world, 'stivers', [polo]);
    const paypalOrdersBefore = world.paypal.orders.size;
    try {
      const button = page.locator('.fake-paypal-button');
      await button.waitFor();
      // PayPal's script, as the provider asks for it.
      expect(sdkRequests).toHaveLength(1);
      const sdkUrl = new URL(sdkRequests[0]!);
      expect(sdkUrl.searchParams.get('client-id')).toBe(project.supplier.paypalClientId);
      expect(sdkUrl.searchParams.get('currency')).toBe('USD');
      expect(sdkUrl.searchParams.get('intent')).toBe('capture');
      expect(JSON.parse((await button.getAttribute('data-style')) ?? '{}')).toEqual({ color: 'gold', shape: 'rect', layout: 'vertical' });
      // The help tooltip, on focus.
      await page.getByRole('button', { name: 'Payment help' }).focus();
      const tip = page.getByRole('tooltip');
      await tip.waitFor();
      expect(await tip.innerText()).toMatch(/ad blocker.*Do not refresh/s);
      // Stivers shows the line's mock-up: the logo drawn on the product image (mockup-thumbnails.test.ts checks where).
      expect(await page.getByRole('img', { name: 'Sport Polo with Stivers Script at Left Chest' }).count()).toBe(1);
      expect(await subtotal(page)).toBe('Subtotal (3 items): $116.31');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'checkout-stivers-paypal');

      // An incomplete form stops the payment before any order exists.
      await button.click();
      await expect.poll(async () => (await events(page)).includes('click-rejected'), { timeout: 5_000, message: 'the click is refused' }).toBe(true);
      expect(world.paypal.orders.size).toBe(paypalOrdersBefore);

      const email = uniqueEmail('paypal');
      await fillDetails(page, { first: 'Pat', last: 'Payer', email, store: 'Stivers Quick Lane' });

      // PayPal's REST API failing: the API's own message, not the provider's generic one, and the
      // reference the API logged it under (its X-Request-Id), never the HTTP status.
      world.paypal.failCreates = true;
      const failedCreate = page.waitForResponse((response) => response.url() === `${world.apiUrl}/v1/create-order` && response.request().method() === 'POST');
      // Awaited from before the click (the reference is known only from the answer), then read in full.
      let requestId: string | null = null;
      const failedNotice = await snackbar(
        page,
        'error',
        /PayPal could not start the payment; nothing was charged\. Try again in a moment\. \(reference /,
        async () => {
          await button.click();
          requestId = await (await failedCreate).headerValue('x-request-id');
        },
      );
      expect(requestId).toMatch(/^[0-9a-f]{12}$/);
      expect(await failedNotice.innerText()).toContain(
        `PayPal could not start the payment; nothing was charged. Try again in a moment. (reference ${requestId})`,
      );
      world.paypal.failCreates = false;
      expect(await page.locator('.snackbar').innerText()).not.toContain('Encountered error');

      // PayPal's window failing after the order was created: the provider error.
      await setApproval(page, 'error');
      await snackbar(page, 'error', 'Encountered error during checkout', () => button.click());
      expect(world.paypal.orders.size).toBe(paypalOrdersBefore + 1);
      const created = (await events(page)).find((e) => e.startsWith('created:'))!.slice('created:'.length);
      expect(await storage(page, 'paypal-order-id')).toBe(created);

      // A declined card: 422 from capture-order, a message, and the buttons restart on the same order.
      await setApproval(page, 'approve');
      world.paypal.defaultOutcome = 'INSTRUMENT_DECLINED';
      await snackbar(page, 'error', 'declined', () => button.click());
      expect(await page.locator('.snackbar--error').innerText()).not.toMatch(/\(\d{3}\)/);
      await expect.poll(async () => (await events(page)).includes(`restart:${created}`), { timeout: 5_000, message: 'the buttons restart' }).toBe(true);
      // The same attempt reused its Idempotency-Key: still one PayPal order.
      expect((await events(page)).filter((e) => e.startsWith('created:'))).toEqual([`created:${created}`, `created:${created}`]);
      expect(world.paypal.orders.size).toBe(paypalOrdersBefore + 1);
      expect(await page.locator('.cart-line').count()).toBe(1);
      expect(await storage(page, 'paypal-order-id')).toBe(created);

      // Another funding source in the reopened window: captured.
      world.paypal.defaultOutcome = 'COMPLETED';
      await snackbar(page, 'success', 'Order placed successfully', () => button.click());
      await page.waitForURL(`${world.baseUrl('stivers')}success/`, { timeout: 8_000 });
      expect(await storage(page, 'paypal-order-id')).toBeNull();
      // The PayPal order's id, and the total its capture answered.
      expect(JSON.parse((await storage(page, 'last-order')) ?? 'null')).toMatchObject({ orderId: created, total: 116.31, lines: [{ ...polo, price: 38.77 }] });
      expect(JSON.parse((await storage(page, 'cart')) ?? '{}')).toEqual({});

      const orders = await ordersOf(world, stivers.companyName, email);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ order_id: created, paid: 1, total: 116.31, store: 'Stivers Quick Lane' });
      expect(world.paypal.orders.get(created)?.body.purchase_units[0]?.amount.value).toBe('116.31');
      expect(pageErrors).toEqual([]);
      // Only what the test provoked: the API's 502 and 422 answers, and the two provider errors logged.
      expect(consoleErrors.filter((e) => !/status of (502|422)|^PayPal checkout error/.test(e))).toEqual([]);
    } finally {
      world.paypal.failCreates = false;
      world.paypal.defaultOutcome = 'COMPLETED';
      await context.close();
    }
  });

  it('says "Payment processing" while PayPal processes the payment (202), asks again, and places the order once it is paid', async () => {
    const polo = cartLine(stivers, 'K500', 'Large', 1, 'Navy', { embroidery: 'Stivers Script', placement: 'Left Chest' });
    const { context, page, pageErrors } = await openCheckout(world, 'stivers', [polo]);
    const captures: number[] = [];
    try {
      // The first capture answers as the order API does while PayPal holds the payment; the
      // next reaches the API, which captures it (COMPLETED).
      await context.route(`${world.apiUrl}/v1/capture-order`, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        captures.push(Date.now());
        if (captures.length > 1) return route.continue();
        const { order_id } = JSON.parse(route.request().postData() ?? '{}') as { order_id: string };
        return route.fulfill({
          status: 202,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': world.origin, vary: 'Origin' },
          body: JSON.stringify({ order_id, status: 'PENDING', paid: 0, message: 'PayPal is still processing this payment.' }),
        });
      });
      const email = uniqueEmail('processing');
      await fillDetails(page, { first: 'Pen', last: 'Ding', email });
      await setApproval(page, 'approve');
      // The success message comes about 3 s after the click, on the second capture, and is shown
      // for 0.9 s: it is awaited from before the click, while the test looks at the processing state.
      await snackbar(
        page,
        'success',
        'Order placed successfully',
        async () => {
          await page.locator('.fake-paypal-button').click();

          const processing = page.getByRole('status').filter({ hasText: 'Payment processing' });
          await processing.waitFor({ timeout: 5_000 });
          // Not the success path: no success message, still on the checkout, the cart kept.
          expect(await page.locator('.snackbar--success').count()).toBe(0);
          expect(page.url()).toBe(`${world.baseUrl('stivers')}checkout/`);
          expect(await page.locator('.cart-line').count()).toBe(1);
          await saveScreenshot(page, 'checkout-payment-processing');
        },
        15_000,
      );
      await page.waitForURL(`${world.baseUrl('stivers')}success/`, { timeout: 8_000 });
      await page.getByText('Thank you. Your order of 1 line has been placed.').waitFor();
      // Asked again about 3 s later, with the same body.
      expect(captures).toHaveLength(2);
      expect(captures[1]! - captures[0]!).toBeGreaterThan(2_500);
      expect(JSON.parse((await storage(page, 'cart')) ?? '{}')).toEqual({});
      const orders = await ordersOf(world, stivers.companyName, email);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ paid: 1 });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says PayPal could not be loaded when its script is blocked, or does not arrive within 5 s', async () => {
    const lines = [cartLine(stivers, 'K500', 'Large', 1, 'Navy', { embroidery: 'Stivers Script' })];
    const blocked = await openCheckout(world, 'stivers', lines, 'abort');
    try {
      await blocked.page.getByText('PayPal could not be loaded. Disable ad blockers or use a bypass code.').waitFor({ timeout: 4_000 }); // well before the 5 s timeout: the refusal itself is noticed
      expect(blocked.sdkRequests).toHaveLength(1);
    } finally {
      await blocked.context.close();
    }

    const slow = await openCheckout(world, 'stivers', lines, 'hang');
    try {
      const openedAt = Date.now();
      await slow.page.getByText('Loading PayPal…').waitFor();
      const fallback = slow.page.getByText('PayPal could not be loaded. Disable ad blockers or use a bypass code.');
      await fallback.waitFor({ timeout: 8_000 });
      expect(Date.now() - openedAt).toBeGreaterThan(4_000);
      expect(await fallback.getAttribute('role')).toBe('alert');
      await saveScreenshot(slow.page, 'checkout-paypal-unavailable');
    } finally {
      await slow.context.close();
    }
  });
});

describe('the checkout on a phone and a desktop', () => {
  /** Words of the cart lines' values that the layout split over two lines ('Guardia' / 'n Shield'). */
  const splitWords = (page: Page) =>
    page.locator('.cart-line__fact dd').evaluateAll((values) =>
      values.flatMap((dd) => {
        const node = dd.firstChild;
        if (!node) return [];
        const split: string[] = [];
        let at = 0;
        for (const word of (dd.textContent ?? '').split(' ')) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) split.push(word);
          at += word.length + 1;
        }
        return split;
      }),
    );

  it("wraps a cart line's logo name between words, never inside one, and shows a failure beside Checkout without covering it", async () => {
    const polo = cartLine(guardian, 'K500', 'Medium', 12, 'Navy', { embroidery: 'Guardian Shield', placement: 'Left Chest' });
    const script = cartLine(guardian, 'K500', 'Large', 12, 'Black', { embroidery: 'Guardian Script', placement: 'Left Chest' });
    const { context, page } = await openCheckout(world, 'guardian', [polo, script]);
    try {
      for (const width of [1280, 960, 768, 390, 360]) {
        await page.setViewportSize({ width, height: 844 });
        expect((await shownLines(page)).map((line) => line.facts.Embroidery)).toEqual(['Guardian Shield', 'Guardian Script']);
        expect(await splitWords(page), `at ${width} px`).toEqual([]);
      }

      // At 390 px: the order API goes away as the buyer presses Checkout.
      await fillDetails(page, { first: 'Ana', last: 'Phone', email: uniqueEmail('phone') });
      await enterCode(page, GUARDIAN_CODE);
      await expect.poll(() => checkoutButton(page).isEnabled(), { timeout: 5_000, message: 'Checkout is enabled' }).toBe(true);
      await context.route(`${world.apiUrl}/**`, (route) => route.abort('connectionrefused'));
      await checkoutButton(page).evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 8));
      await snackbar(page, 'error', SERVICE_UNREACHABLE, () => checkoutButton(page).click());
      const boxes = await page.evaluate(() => {
        const box = (element: Element) => element.getBoundingClientRect().toJSON() as { left: number; top: number; right: number; bottom: number };
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Checkout')!;
        const b = box(button);
        const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
        return {
          message: box(document.querySelector('.snackbar--error')!),
          button: b,
          onTop: hit !== null && button.contains(hit),
          height: window.innerHeight,
        };
      });
      const { message, button } = boxes;
      expect(
        message.left < button.right && button.left < message.right && message.top < button.bottom && button.top < message.bottom,
        JSON.stringify(boxes),
      ).toBe(false);
      expect(boxes.onTop).toBe(true);
      expect(message.bottom).toBeLessThanOrEqual(boxes.height);
    } finally {
      await context.close();
    }
  });
});
