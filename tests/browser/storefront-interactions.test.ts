// What a shopper does on the built storefront with JavaScript on: follows links, picks a colour,
// opens the description and the second logo, enters store and entry passwords (checked by the
// real order API), and uses the keyboard alone. (Adding to the cart and ordering are the
// ordering issue's tests.)
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LABELS } from '../../src/site/category-labels.ts';
import {
  CASES,
  expectFrame,
  expectNoSeriousAxeViolations,
  isShown,
  mainHeading,
  pressAndSee,
  productOf,
  supplier,
  storeOf,
  visible,
  visit,
  withVisit as visitChecked,
  type Visit,
  STOREFRONT_API_ENV,
} from './storefront-checks.ts';
import { withSession } from '../helpers/session-builders.ts';
import { openWorld, type SiteWorld, tenant } from './harness.ts';

let storefront: SiteWorld;

beforeAll(async () => {
  storefront = await openWorld({ apiEnv: STOREFRONT_API_ENV });
}, 300_000);

afterAll(async () => {
  await storefront?.close();
});

const withVisit = (url: string, run: (visit: Visit) => Promise<void>, options: Parameters<typeof visit>[2] = {}) =>
  visitChecked(storefront.browser, url, run, options);

/** Clicks a link and waits for the page it leads to; fails on the 404 page. */
async function follow(page: Page, link: Locator, base: string): Promise<string> {
  const href = await link.evaluate((a: HTMLAnchorElement) => a.href);
  expect(href.startsWith(base), `${href} stays under ${base}`).toBe(true);
  const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), link.click()]);
  expect(response?.status(), href).toBe(200);
  expect(await page.title(), href).not.toMatch(/^Page not found/);
  expect(page.url().startsWith(base)).toBe(true);
  return mainHeading(page);
}

/** The file name stem of the picture the browser chose for an image ('K500_black'). */
async function pictureStem(image: Locator): Promise<string> {
  await image.page().waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.currentSrc !== '', await image.elementHandle());
  const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  return decodeURIComponent(src.split('/').pop() ?? '').replace(/-[0-9a-f]{8}-\d+\.\w+$/, '');
}

const imageStem = (code: string, color: string) => `${code}_${color.toLowerCase().replace(/ /g, '_')}`;

for (const testCase of CASES) {
  describe(`${testCase.id} (${testCase.kind})`, () => {
    const t = tenant(testCase.id);
    let base = '';
    beforeAll(() => {
      base = storefront.baseUrl(t.id);
    });

    it('links lead from the landing page to a catalog, an item and back, all under the base path', async () => {
      await withVisit(
        base,
        async ({ page }) => {
          const tiles = page.getByRole('region', { name: 'Shop by category' });
          expect(await follow(page, tiles.getByRole('link', { name: CATEGORY_LABELS.mens, exact: true }), base)).toBe(CATEGORY_LABELS.mens);
          const apparel = productOf(t, testCase.apparel);
          expect(await follow(page, page.getByRole('main').getByRole('link', { name: apparel.name, exact: true }), base)).toBe(apparel.fullname);
          const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
          expect(await follow(page, breadcrumb.getByRole('link', { name: CATEGORY_LABELS.mens, exact: true }), base)).toBe(CATEGORY_LABELS.mens);
          expect(await follow(page, page.getByRole('banner').getByRole('link', { name: `${t.title} home` }), base)).toBe(t.title);
          // The customs tile opens the store picker.
          expect(await follow(page, tiles.getByRole('link', { name: CATEGORY_LABELS.customs, exact: true }), base)).toBe('Choose your store');
          expect(await follow(page, page.getByRole('link', { name: 'Back to home' }), base)).toBe(t.title);
          expect(await follow(page, page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Printed catalogs' }), base)).toBe(
            'Catalogs',
          );
          expect(await follow(page, page.getByRole('banner').getByRole('link', { name: 'Cart (0)' }), base)).toBe('Checkout');
        },
        { foreign: true },
      );
    });

    it('item page: a swatch changes the picture, Read more / Show less, the second logo', async () => {
      const product = productOf(t, testCase.longDescription);
      await withVisit(`${base}item/${product.code}/`, async ({ page }) => {
        // Colour: the picture follows the chosen swatch.
        const first = page.getByRole('img', { name: `${product.fullname}, ${product.defaultColor}` });
        expect(await pictureStem(first)).toBe(imageStem(product.code, product.defaultColor));
        const other = product.colors.find((color) => color !== product.defaultColor);
        if (!other) throw new Error(`${product.code} needs two colours`);
        await page.getByRole('radio', { name: other, exact: true }).check();
        const changed = page.getByRole('img', { name: `${product.fullname}, ${other}` });
        await visible(changed);
        expect(await pictureStem(changed)).toBe(imageStem(product.code, other));
        expect(await page.getByRole('radio', { name: product.defaultColor, exact: true }).isChecked()).toBe(false);
        expect(await isShown(page.getByRole('group', { name: `Color: ${other}` }))).toBe(true);

        // Description: one line until 'Read more'.
        const description = page.getByText(product.description);
        const readMore = await visible(page.getByRole('button', { name: 'Read more' }));
        const collapsed = (await description.boundingBox())?.height ?? 0;
        const lineHeight = await description.evaluate((p) => Number.parseFloat(getComputedStyle(p).lineHeight));
        expect(collapsed).toBeLessThan(lineHeight * 1.5);
        await readMore.click();
        const showLess = await visible(page.getByRole('button', { name: 'Show less' }));
        expect(await showLess.getAttribute('aria-expanded')).toBe('true');
        expect((await description.boundingBox())?.height ?? 0).toBeGreaterThan(lineHeight * 1.5);
        await showLess.click();
        await visible(page.getByRole('button', { name: 'Read more' }));
        expect((await description.boundingBox())?.height).toBeCloseTo(collapsed, 0);

        // Second logo.
        expect(await page.getByRole('combobox', { name: 'Second logo' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Want to add a second logo?' }).click();
        const secondLogo = await visible(page.getByRole('combobox', { name: 'Second logo' }));
        expect(await secondLogo.locator('option').allInnerTexts()).toEqual(['No logo', ...(t.embroideries[product.type] ?? [])]);
        expect(await page.getByRole('combobox', { name: 'Second placement' }).isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Read more' }).click();
        await expectNoSeriousAxeViolations(page); // with everything open
        await page.getByRole('button', { name: 'Only want one logo?' }).click();
        await page.getByRole('combobox', { name: 'Second logo' }).waitFor({ state: 'detached' });
        expect(await page.getByRole('button', { name: 'Want to add a second logo?' }).isVisible()).toBe(true);
      });
    });

    if (testCase.lockedStore) {
      const locked = testCase.lockedStore;
      it('stores: a store with a password asks for it, refuses a wrong one and opens with the right one', async () => {
        const store = storeOf(t, locked.code);
        await withVisit(
          `${base}stores/`,
          async ({ page }) => {
            await page.getByRole('link', { name: new RegExp(`^${store.name}`) }).click();
            const dialog = await visible(page.getByRole('dialog', { name: 'Enter password' }));
            await expectNoSeriousAxeViolations(page);
            // Cancel closes it and stays.
            await dialog.getByRole('button', { name: 'Cancel' }).click();
            await dialog.waitFor({ state: 'hidden' });
            expect(page.url()).toBe(`${base}stores/`);

            await page.getByRole('link', { name: new RegExp(`^${store.name}`) }).click();
            await visible(dialog);
            await dialog.getByLabel('Password', { exact: true }).fill(`${locked.password}-wrong`);
            await dialog.getByRole('button', { name: 'Open' }).click();
            await visible(dialog.getByText('Wrong password'));
            expect(await dialog.isVisible()).toBe(true);
            expect(page.url()).toBe(`${base}stores/`);

            await dialog.getByLabel('Password', { exact: true }).fill(locked.password);
            await Promise.all([page.waitForURL(`${base}catalog/${store.code}/customs/`), dialog.getByRole('button', { name: 'Open' }).click()]);
            expect(await mainHeading(page)).toBe(`${CATEGORY_LABELS.customs} for ${store.name}`);
            // The order API checked the password; the store session it answered is where the
            // checkout finds it, so an order of this store's products is accepted.
            const kept = JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), `store-session:${t.id}:${store.code}`)) ?? 'null') as {
              token?: unknown;
              expiresAt?: unknown;
            } | null;
            expect(typeof kept?.token).toBe('string');
            expect(Date.parse(String(kept?.expiresAt))).toBeGreaterThan(Date.now());
            // The stores page calls the order API (another origin).
          },
          { foreign: true },
        );
      });

      it('stores: says so when the order service cannot be reached, and opens nothing', async () => {
        const store = storeOf(t, locked.code);
        await withVisit(
          `${base}stores/`,
          async ({ page }) => {
            await page.route(`${storefront.apiUrl}/**`, (route) => route.abort('connectionrefused'));
            await page.getByRole('link', { name: new RegExp(`^${store.name}`) }).click();
            const dialog = await visible(page.getByRole('dialog', { name: 'Enter password' }));
            await dialog.getByLabel('Password', { exact: true }).fill(locked.password);
            await dialog.getByRole('button', { name: 'Open' }).click();
            await visible(dialog.getByText('The order service cannot be reached; try again'));
            expect(page.url()).toBe(`${base}stores/`);
          },
          { foreign: true },
        );
      });
    }

    it('stores: a store without a password opens its customs catalog directly, which leads back to all stores', async () => {
      const store = storeOf(t, testCase.openStore);
      expect(store.password).toBeUndefined();
      await withVisit(`${base}stores/`, async ({ page }) => {
        await Promise.all([page.waitForURL(`${base}catalog/${store.code}/customs/`), page.getByRole('link', { name: new RegExp(`^${store.name}`) }).click()]);
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(await mainHeading(page)).toBe(`${CATEGORY_LABELS.customs} for ${store.name}`);
        const back = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'All stores' });
        expect(await follow(page, back, base)).toBe('Choose your store');
        expect(page.url()).toBe(`${base}stores/`);
      });
    });
  });
}

describe('a description that fits in one line', () => {
  it("has no 'Read more'", async () => {
    const testCase = CASES.find((c) => c.shortDescription);
    if (!testCase?.shortDescription) throw new Error('a case needs a short description');
    const product = productOf(tenant(testCase.id), testCase.shortDescription);
    await withVisit(`${storefront.baseUrl(testCase.id)}item/${product.code}/`, async ({ page }) => {
      await visible(page.getByText(product.description));
      // The page is hydrated once the swatches respond.
      const other = product.colors.find((color) => color !== product.defaultColor) ?? '';
      await page.getByRole('radio', { name: other, exact: true }).check();
      await visible(page.getByRole('group', { name: `Color: ${other}` }));
      expect(await isShown(page.getByRole('button', { name: 'Read more' }))).toBe(false);
    });
  });
});

describe('the entry screen', () => {
  const guardian = tenant('guardian');

  it("shows the contacts, and LOGIN asks for a password: a wrong one is refused, a tenant's leads to it", async () => {
    await withVisit(
      storefront.entryUrl,
      async ({ page, status }) => {
        expect(status).toBe(200);
        expect(await page.title()).toBe(supplier.supplierName);
        const contact = page.getByRole('region', { name: 'Contact' });
        expect(await contact.getByRole('link', { name: supplier.mainPhone }).getAttribute('href')).toBe(`tel:${supplier.mainPhone}`);
        expect(await contact.getByRole('link', { name: supplier.supportEmail }).getAttribute('href')).toBe(`mailto:${supplier.supportEmail}`);
        expect(await page.getByRole('banner').locator('img').count()).toBe(supplier.entryHeaderImage ? 1 : 0);
        expect(await page.getByRole('contentinfo').innerText()).toContain(supplier.postalAddress);

        await page.getByRole('button', { name: 'LOGIN' }).click();
        const dialog = await visible(page.getByRole('dialog', { name: 'Enter password' }));
        await expectNoSeriousAxeViolations(page);
        await dialog.getByLabel('Password', { exact: true }).fill('not-a-password');
        await dialog.getByLabel('Password', { exact: true }).press('Enter');
        await visible(dialog.getByText('Wrong password'));
        expect(page.url()).toBe(storefront.entryUrl);

        if (!guardian.password) throw new Error('guardian needs an entry password');
        // Only the order API knows the passwords: without it, nobody gets in, and the dialog says why.
        await page.route(`${storefront.apiUrl}/**`, (route) => route.abort('connectionrefused'));
        await dialog.getByLabel('Password', { exact: true }).fill(guardian.password);
        await dialog.getByLabel('Password', { exact: true }).press('Enter');
        await visible(dialog.getByText('The order service cannot be reached; try again'));
        expect(page.url()).toBe(storefront.entryUrl);
        await page.unroute(`${storefront.apiUrl}/**`);

        // The order API says whose password it is; the session it answers with opens the
        // group's order history too, so its orders page does not ask again.
        await dialog.getByLabel('Password', { exact: true }).fill(guardian.password);
        await Promise.all([page.waitForURL(storefront.baseUrl('guardian')), dialog.getByLabel('Password', { exact: true }).press('Enter')]);
        expect(await page.evaluate(() => sessionStorage.getItem('logged-in'))).toBe('true');
        const kept = JSON.parse((await page.evaluate(() => sessionStorage.getItem('order-session:guardian'))) ?? 'null') as {
          token: string;
          role: string;
        } | null;
        expect(kept?.role).toBe('staff');
        const orders = await storefront.api.post('/v1/retrieve-orders', { companyName: guardian.companyName }, withSession(String(kept?.token)));
        expect(orders.status).toBe(200);
        expect(await mainHeading(page)).toBe(guardian.title);
        await expectFrame(page, guardian, storefront.baseUrl('guardian'));
        // The entry screen calls the order API (another origin) to start the session.
      },
      { foreign: true },
    );
  });
});

describe('with the keyboard alone', () => {
  const testCase = CASES[1] ?? CASES[0]!;
  const t = tenant(testCase.id);

  /** Presses Tab until the focused element is named `name`; every stop on the way must be visible. */
  async function tabTo(page: Page, name: string | RegExp, limit = 80): Promise<string[]> {
    const stops: string[] = [];
    for (let i = 0; i < limit; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return undefined;
        // A visually hidden swatch input shows its focus on the chip beside it.
        const shown = element.matches('.swatch input') ? (element.nextElementSibling as HTMLElement) : element;
        const box = shown.getBoundingClientRect();
        const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
        const style = getComputedStyle(shown);
        return {
          name: label.replace(/\s+/g, ' ').trim(),
          visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden',
          indicated: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2,
        };
      });
      if (!focused) continue;
      expect(focused.visible, `focus on "${focused.name}" is visible`).toBe(true);
      expect(focused.indicated, `"${focused.name}" shows a focus outline`).toBe(true);
      stops.push(focused.name);
      if (typeof name === 'string' ? focused.name === name : name.test(focused.name)) return stops;
    }
    throw new Error(`Tab never reached "${name}" in ${limit} presses: ${stops.join(' → ')}`);
  }

  it("the skip link is the first stop and moves on to the page's content", async () => {
    const product = productOf(t, testCase.apparel);
    await withVisit(`${storefront.baseUrl(t.id)}item/${product.code}/`, async ({ page }) => {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      const box = await skip.boundingBox();
      expect(box && box.x >= 0 && box.y >= 0, 'the focused skip link is on screen').toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/#main$/);
      await page.keyboard.press('Tab');
      // The next stop is inside main, past the whole header.
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.closest('header') === null)).toBe(true);
    });
  });

  it("tabs from the top to 'View Orders', which Enter follows", async () => {
    const base = storefront.baseUrl(t.id);
    await withVisit(
      base,
      async ({ page }) => {
        const stops = await tabTo(page, 'View Orders');
        expect(stops[0]).toBe('Skip to content');
        await Promise.all([page.waitForURL((url) => url.pathname.endsWith('/orders/')), page.keyboard.press('Enter')]);
        expect(await mainHeading(page)).toMatch(/Orders$/);
      },
      { foreign: true },
    );
  });

  it("tabs from the top of an item page through its choices to 'Add to Cart'", async () => {
    const product = productOf(t, testCase.apparel);
    await withVisit(`${storefront.baseUrl(t.id)}item/${product.code}/`, async ({ page }) => {
      const stops = await tabTo(page, 'Add to Cart');
      // One stop for the whole colour group, then the pickers and every quantity.
      expect(stops).toEqual(
        expect.arrayContaining([
          'Skip to content',
          'View Orders',
          'Cart (0)',
          product.defaultColor,
          'Logo',
          'Placement',
          ...product.sizes.map((s) => `Quantity ${s.label}`),
        ]),
      );
      expect(stops.filter((stop) => [...product.colors, ...product.halfColors].includes(stop))).toHaveLength(1);
      // Arrow keys move through the colours.
      await page.getByRole('radio', { name: product.defaultColor, exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      const next = product.colors[1] ?? '';
      expect(await page.getByRole('radio', { name: next, exact: true }).isChecked()).toBe(true);
      await visible(page.getByRole('img', { name: `${product.fullname}, ${next}` }));
    });
  });

  it('opens a locked store, types its password and goes in, all from the keyboard', async () => {
    const locked = testCase.lockedStore;
    if (!locked) throw new Error(`${t.id} needs a store with a password`);
    const store = storeOf(t, locked.code);
    const base = storefront.baseUrl(t.id);
    await withVisit(
      `${base}stores/`,
      async ({ page }) => {
        await tabTo(page, new RegExp(`^${store.name}`));
        await page.keyboard.press('Enter');
        await visible(page.getByRole('dialog', { name: 'Enter password' }));
        expect(await page.getByLabel('Password', { exact: true }).evaluate((input) => input === document.activeElement)).toBe(true);
        await page.keyboard.type(locked.password);
        await Promise.all([page.waitForURL(`${base}catalog/${store.code}/customs/`), page.keyboard.press('Enter')]);
        expect(await mainHeading(page)).toBe(`${CATEGORY_LABELS.customs} for ${store.name}`);
        // The order API checks the password (another origin).
      },
      { foreign: true },
    );
  });
});

describe('messages on the item page', () => {
  const t = tenant('guardian');
  const product = productOf(t, 'K500');

  interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  /**
   * The message `press` raises: its box and the button's, whether the button's centre is the
   * button itself, and the window's height.
   */
  async function layout(page: Page, role: 'alert' | 'status', text: string, press: () => Promise<unknown>) {
    await pressAndSee(page.locator('.snackbar-region').getByRole(role).filter({ hasText: text }), press);
    // Let a scroll that shows the message settle.
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    return page.evaluate((selector) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add to Cart')!;
      const shown = document.querySelector(selector)!;
      const box = (element: Element) => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const b = box(button);
      const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
      return { message: box(shown), button: b, buttonOnTop: hit !== null && button.contains(hit), height: window.innerHeight };
    }, `.snackbar-region [role=${role}]`);
  }

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`never cover 'Add to Cart' at ${viewport.width}×${viewport.height}: after an error and after an add, it can be pressed again at once`, async () => {
      await withVisit(
        `${storefront.baseUrl(t.id)}item/${product.code}/`,
        async ({ page }) => {
          const addToCart = page.getByRole('button', { name: 'Add to Cart' });
          await page.getByLabel('Quantity Small').fill('2');
          // Where a floating message would sit: the button at the bottom of the window.
          await addToCart.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 8));
          const afterError = await layout(page, 'alert', 'Must select an embroidery', () => addToCart.click());
          expect(overlap(afterError.message, afterError.button), JSON.stringify(afterError)).toBe(false);
          expect(afterError.buttonOnTop).toBe(true);
          // Both on screen: the message is read where the buyer looks, the button is still there to press.
          expect(afterError.message.top).toBeGreaterThanOrEqual(0);
          expect(afterError.message.bottom).toBeLessThanOrEqual(afterError.height);
          expect(afterError.button.top).toBeGreaterThanOrEqual(0);

          // Fixing the error and pressing again right away (no force: Playwright checks nothing covers it).
          await page.getByLabel('Logo', { exact: true }).selectOption('Guardian Shield');
          const afterAdd = await layout(page, 'status', 'Item added to cart', () => addToCart.click({ timeout: 1_000 }));
          expect(overlap(afterAdd.message, afterAdd.button), JSON.stringify(afterAdd)).toBe(false);
          expect(afterAdd.buttonOnTop).toBe(true);
          expect(afterAdd.message.bottom).toBeLessThanOrEqual(afterAdd.height);
          await page.getByRole('link', { name: 'Cart (1)' }).waitFor();
          await addToCart.click({ trial: true, timeout: 1_000 });
        },
        { viewport },
      );
    });
  }

  it('gives the second logo another placement than the first, and refuses two logos at one placement', async () => {
    await withVisit(`${storefront.baseUrl(t.id)}item/${product.code}/`, async ({ page }) => {
      await page.getByLabel('Logo', { exact: true }).selectOption('Guardian Shield');
      expect(await page.getByLabel('Placement', { exact: true }).inputValue()).toBe('Left Chest');
      await page.getByRole('button', { name: 'Want to add a second logo?' }).click();
      const secondPlacement = page.getByLabel('Second placement');
      expect(await secondPlacement.inputValue()).toBe('Left Sleeve');
      await page.getByLabel('Second logo').selectOption('Guardian Script');

      // Moved onto the first logo's placement: refused, with the reason, and nothing added.
      await secondPlacement.selectOption('Left Chest');
      await page.getByLabel('Quantity Small').fill('12');
      await pressAndSee(
        page.locator('.snackbar-region').getByRole('alert').filter({ hasText: 'Both logos are at Left Chest: pick a different placement for the second logo' }),
        () => page.getByRole('button', { name: 'Add to Cart' }).click(),
        8_000,
      );
      expect(await page.getByRole('link', { name: 'Cart (0)' }).count()).toBe(1);

      await secondPlacement.selectOption('Yoke');
      await pressAndSee(
        page.locator('.snackbar-region').getByRole('status').filter({ hasText: 'Item added to cart' }),
        () => page.getByRole('button', { name: 'Add to Cart' }).click(),
        8_000,
      );
      const cart = JSON.parse((await page.evaluate(() => sessionStorage.getItem('cart'))) ?? '{}') as Record<
        string,
        { placement: string; secondPlacement?: string }
      >;
      expect(Object.values(cart).map((line) => [line.placement, line.secondPlacement])).toEqual([['Left Chest', 'Yoke']]);
    });
  });

  it('names every colour under its swatch, and tells Graphite from White', async () => {
    const polo = productOf(t, 'K540');
    expect(polo.colors).toEqual(expect.arrayContaining(['Graphite', 'White']));
    await withVisit(`${storefront.baseUrl(t.id)}item/${polo.code}/`, async ({ page }) => {
      const swatches = page.getByRole('group', { name: /^Color: / });
      await visible(swatches);
      for (const color of polo.colors) {
        const name = swatches.locator('.swatch__name').filter({ hasText: new RegExp(`^${color}$`) });
        expect(await name.isVisible(), `${color} is named`).toBe(true);
        expect(await page.getByRole('radio', { name: color, exact: true }).count()).toBe(1);
      }
      const chip = (color: string) =>
        page.getByRole('radio', { name: color, exact: true }).evaluate((input) => {
          const style = getComputedStyle(input.nextElementSibling!);
          return { fill: style.backgroundImage, edge: style.boxShadow };
        });
      const [graphite, white] = [await chip('Graphite'), await chip('White')];
      expect(graphite.fill).not.toBe(white.fill);
      expect(graphite.fill).toContain('rgb(74, 77, 82)');
      // A white chip on a white page still has an edge.
      expect(white.edge).toMatch(/inset/);
    });
  });
});
