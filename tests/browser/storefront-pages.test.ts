// Every screen of three sample tenants, with JavaScript on and off, as a shopper sees it:
// titles, headings, header and footer, tiles, cards, notices, the item page's controls, the
// links (they resolve and stay under the tenant's base path), and axe-core with JavaScript on.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/domain/categories.ts';
import type { Product } from '../../src/domain/product.ts';
import { CATEGORY_LABELS } from '../../src/site/category-labels.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { isTierLabel } from '../../src/domain/size-labels.ts';
import {
  CASES,
  expectFrame,
  expectLinksResolve,
  expectNoSeriousAxeViolations,
  isShown,
  mainHeading,
  Problems,
  presentCategories,
  productOf,
  supplier,
  startsAt,
  storeOf,
  storeProducts,
  visible,
  visit,
  STOREFRONT_API_ENV,
} from './storefront-checks.ts';
import { openWorld, project, type SiteWorld, tenant, visibleProducts } from './harness.ts';

let storefront: SiteWorld;

beforeAll(async () => {
  storefront = await openWorld({ apiEnv: STOREFRONT_API_ENV });
}, 300_000);

afterAll(async () => {
  await storefront?.close();
});

const sortByHref = <T extends { href: string }>(list: T[]) => [...list].sort((a, b) => a.href.localeCompare(b.href));

/** The item links of the page's main content, as shown: name and address. */
async function cards(page: Page): Promise<{ name: string; href: string }[]> {
  return page
    .getByRole('main')
    .locator('a[href*="/item/"]')
    .evaluateAll((links) => links.map((a) => ({ name: (a.textContent ?? '').trim(), href: (a as HTMLAnchorElement).href })));
}

describe('the sample tenants the suite drives', () => {
  it('are one of each kind the storefront issue names', () => {
    const [stivers, guardian, first] = CASES.map((c) => tenant(c.id));
    expect(stivers?.routePrefix).not.toBe('');
    expect(stivers?.flags.paypalNotSupported).toBe(false);
    expect(guardian?.routePrefix).not.toBe('');
    expect(guardian?.flags.paypalNotSupported).toBe(true);
    expect(guardian?.bypassCodes.length).toBeGreaterThan(0);
    expect(guardian?.flags.enableCustomsStorePicker && guardian.stores.length > 0).toBe(true);
    expect(first?.routePrefix).toBe('');
  });
});

/**
 * What the visitor sees of the page as text. Playwright's text locators never look inside
 * <noscript>, even when JavaScript is off and the browser shows its content, so this reads it.
 */
async function shownText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

for (const testCase of CASES) {
  for (const js of [true, false]) {
    describe(`${testCase.id} (${testCase.kind}), JavaScript ${js ? 'on' : 'off'}`, () => {
      const t = tenant(testCase.id);
      let base = '';
      // One tab per tenant and mode, which every test of the block navigates itself: these
      // pages keep no state, and a fresh browser context per page would double the run time.
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        base = storefront.baseUrl(t.id);
        context = await storefront.browser.newContext({ javaScriptEnabled: js });
        page = await context.newPage();
      });
      afterAll(async () => {
        await context.close();
      });

      /**
       * Opens a page of the tenant, checks the frame every page has and, once the test's own
       * checks are done, that nothing went wrong and (JavaScript on) the links resolve and
       * axe finds nothing serious.
       */
      async function onPage(
        path: string,
        check: (opened: { page: Page; status: number | undefined }) => Promise<void>,
        { axe = js, expectedMissing = [] as string[], foreign = false } = {},
      ) {
        const problems = new Problems(page, new URL(base).origin, { expectedMissing, foreign, javaScript: js });
        try {
          const response = await page.goto(base + path, { waitUntil: 'load' });
          await expectFrame(page, t, base);
          await check({ page, status: response?.status() });
          if (js) await expectLinksResolve(page, base);
          if (axe) await expectNoSeriousAxeViolations(page);
          // What an island shows when it fails in the browser.
          expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
          expect(problems.list, `problems on ${base + path}`).toEqual([]);
        } finally {
          problems.stop();
        }
      }

      it('landing: title, quick links, a tile per category present, the logo preview', async () => {
        await onPage('', async ({ page, status }) => {
          expect(status).toBe(200);
          expect(await page.title()).toBe(t.title);
          expect(await mainHeading(page)).toBe(t.title);
          expect(await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link').count()).toBeGreaterThan(0);

          const present = presentCategories(t);
          const pickerOn = t.flags.enableCustomsStorePicker && t.stores.length > 0;
          const expected = CATEGORIES.filter((c) => present.includes(c)).map((c) => ({
            name: CATEGORY_LABELS[c],
            href: `${base}${c === 'customs' && pickerOn ? 'stores/' : `catalog/${c}/`}`,
          }));
          const tiles = await page
            .getByRole('region', { name: 'Shop by category' })
            .getByRole('link')
            .evaluateAll((links) => links.map((a) => ({ name: (a.textContent ?? '').trim(), href: (a as HTMLAnchorElement).href })));
          expect(tiles).toEqual(expected);
          for (const absent of CATEGORIES.filter((c) => !present.includes(c))) {
            expect(tiles.map((tile) => tile.name)).not.toContain(CATEGORY_LABELS[absent]);
          }

          const logos = [...new Set(Object.values(t.embroideries).flat())];
          const preview = page.getByRole('list', { name: 'Your logos' });
          if (t.flags.renderLogoPreview && logos.length > 0) {
            expect(await page.getByRole('heading', { name: 'Your logos' }).isVisible()).toBe(true);
            expect(await preview.getByRole('listitem').allInnerTexts()).toEqual(logos);
            // What the logos go on, true for this tenant: the categories shown whose products take one.
            const carriers = CATEGORIES.filter((c) => present.includes(c) && c !== 'customs' && (t.embroideries[c]?.length ?? 0) > 0).map(
              (c) => CATEGORY_LABELS[c],
            );
            const said = `${carriers.length > 1 ? `${carriers.slice(0, -1).join(', ')} and ${carriers.at(-1)}` : carriers[0]} can carry one of these, embroidered or printed.`;
            const previewText = await page.getByRole('region', { name: 'Your logos' }).innerText();
            expect(previewText).toContain(said);
            expect(previewText).not.toContain('Every garment and accessory');
            if (t.id === 'guardian') expect(said).toBe("Men's Apparel and Hats can carry one of these, embroidered or printed.");
          } else {
            expect(await preview.count()).toBe(0);
          }
        });
      });

      it('View Orders in the header leads to the orders page', async () => {
        await page.goto(base, { waitUntil: 'load' });
        await Promise.all([page.waitForURL((url) => url.pathname.endsWith('/orders/')), page.getByRole('button', { name: 'View Orders' }).click()]);
        // No bare '?' from the form's GET in the address to bookmark (only the no-JavaScript fallback has one).
        if (js) expect(page.url()).toBe(`${base}orders/`);
        else expect(page.url().startsWith(`${base}orders/`)).toBe(true);
        expect(await mainHeading(page)).toMatch(/Orders$/);
        // The orders island asks the API at once (401 without a session): let that answer arrive
        // here, not while the next test, on this same page, watches for problems.
        if (js) await page.waitForLoadState('networkidle');
      });

      it('catalog pages: one per category present, cards linking to items, notices and logos', async () => {
        const problems = new Problems(page, new URL(base).origin, { javaScript: js });
        try {
          const present = presentCategories(t);
          const pickerOn = t.flags.enableCustomsStorePicker && t.stores.length > 0;
          // The issue's two special cases must be among them: the accessory notice and 'Available Logos:' of mens.
          expect(present).toEqual(expect.arrayContaining(['mens', 'accessory']));
          for (const category of present) {
            const where = `catalog/${category}`;
            const response = await page.goto(`${base}${where}/`, { waitUntil: 'load' });
            expect(response?.status(), where).toBe(200);
            expect(await page.title(), where).toBe(`${CATEGORY_LABELS[category]} | ${t.title}`);
            expect(await mainHeading(page), where).toBe(CATEGORY_LABELS[category]);
            // With the store picker, store-made customs are listed only in their stores' catalogs.
            const storeMade = (p: Product) => category === 'customs' && pickerOn && p.supportedStores.length > 0;
            const products = visibleProducts(t).filter((p) => p.type === category && !storeMade(p));
            expect(sortByHref(await cards(page)), where).toEqual(sortByHref(products.map((p) => ({ name: p.name, href: `${base}item/${p.code}/` }))));
            // Grouped by sub-category, under a heading each when there are several.
            const groups = [...new Set(products.map((p) => p.subCategory))];
            const groupHeadings = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
            const named = groups.filter((g) => g !== undefined).map((g) => g.toLowerCase());
            if (groups.length > 1)
              expect(
                groupHeadings.map((h) => h.toLowerCase()),
                where,
              ).toEqual(expect.arrayContaining(named));
            expect(await isShown(page.getByText('Must order at least 12 units')), where).toBe(category === 'accessory');
            const logos = t.embroideries[category] ?? [];
            expect(await isShown(page.getByRole('heading', { name: 'Available Logos:' })), where).toBe(logos.length > 0);
            if (logos.length > 0) {
              expect(await page.getByRole('list', { name: 'Available Logos' }).getByRole('listitem').allInnerTexts(), where).toEqual(logos);
            }
            if (category === 'mens' || category === 'accessory') {
              await expectFrame(page, t, base);
              if (js) {
                await expectLinksResolve(page, base);
                await expectNoSeriousAxeViolations(page);
              }
            }
          }
          expect(problems.list).toEqual([]);
        } finally {
          problems.stop();
        }
      });

      it("a store's customs catalog lists only that store's products", async () => {
        const store = storeOf(t, testCase.openStore);
        await onPage(`catalog/${store.code}/customs/`, async ({ page, status }) => {
          expect(status).toBe(200);
          expect(await page.title()).toBe(`Custom plates for ${store.name} | ${t.title}`);
          expect(await mainHeading(page)).toBe(`${CATEGORY_LABELS.customs} for ${store.name}`);
          const expected = storeProducts(t, store.code);
          expect(expected.length).toBeGreaterThan(0);
          // Each links to the item page for this store, which gives the lines it adds the store.
          expect(await cards(page)).toEqual(expected.map((p) => ({ name: p.name, href: `${base}item/${p.code}/?store=${store.code}` })));
          // Fewer than the whole customs catalog: the store's own products only.
          expect(expected.length).toBeLessThan(visibleProducts(t).filter((p) => p.type === 'customs').length);
        });
      });

      for (const which of ['apparel', 'customs'] as const) {
        const code = testCase[which];
        it(`item page of ${which === 'apparel' ? 'an apparel item' : 'a customs item sold in print runs'} (${code})`, async () => {
          const product = productOf(t, code);
          await onPage(`item/${code}/`, async ({ page, status }) => {
            expect(status).toBe(200);
            expect(await page.title()).toBe(`${product.fullname} | ${t.title}`);
            expect(await mainHeading(page)).toBe(product.fullname);
            const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
            expect(await breadcrumb.getByRole('link', { name: CATEGORY_LABELS[product.type] }).evaluate((a: HTMLAnchorElement) => a.href)).toBe(
              `${base}catalog/${product.type}/`,
            );

            const image = page.getByRole('img', { name: `${product.fullname}, ${product.defaultColor}` });
            await visible(image);
            await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete, await image.elementHandle());
            expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

            const priced = project.catalogs.get(t.catalogId)?.priced && product.type !== 'customs';
            if (priced) expect(await page.getByText(startsAt(product)).isVisible()).toBe(true);
            else expect(await page.getByText(/Starts at/).count()).toBe(0);

            // Volume prices show before checkout, with JavaScript or without: a 'Price breaks' table up to the best one.
            const breaks = page.getByRole('table', { name: 'Price breaks' });
            const best = [...product.discounts].sort((a, b) => a.quantity - b.quantity).at(-1);
            if (project.catalogs.get(t.catalogId)?.priced && best) {
              await visible(breaks);
              const rows = await breaks.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
              expect(rows.at(-1)).toEqual([`${best.quantity.toLocaleString('en-US')}+`, formatMoney(best.price)]);
            } else {
              expect(await breaks.count()).toBe(0);
            }

            if (product.description) expect(await page.getByText(product.description).isVisible()).toBe(true);
            // Without JavaScript the whole description shows and there is nothing to expand.
            if (!js) expect(await isShown(page.getByRole('button', { name: 'Read more' }))).toBe(false);

            const colors = [...product.colors, ...product.halfColors];
            const group = page.getByRole('group', { name: `Color: ${product.defaultColor}` });
            await visible(group);
            for (const color of colors) {
              const swatch = group.getByRole('radio', { name: color, exact: true });
              expect(await swatch.count(), `swatch ${color}`).toBe(1);
              expect(await swatch.isChecked(), `swatch ${color}`).toBe(color === product.defaultColor);
            }
            expect(await group.getByRole('radio').count()).toBe(colors.length);

            const logos = product.type === 'customs' ? [] : (t.embroideries[product.type] ?? []);
            const logoSelect = page.getByRole('combobox', { name: 'Logo', exact: true });
            if (logos.length > 0) {
              expect(await logoSelect.locator('option').allInnerTexts()).toEqual(['No logo', ...logos]);
              const placements = t.logoPlacements[product.type] ?? [];
              const placement = page.getByRole('combobox', { name: 'Placement', exact: true });
              expect(await placement.locator('option').allInnerTexts()).toEqual(placements);
              if (placements.includes('Left Chest')) expect(await placement.inputValue()).toBe('Left Chest');
              expect(await page.getByRole('button', { name: 'Want to add a second logo?' }).isVisible()).toBe(true);
            } else {
              expect(await logoSelect.count()).toBe(0);
              expect(await page.getByRole('button', { name: 'Want to add a second logo?' }).count()).toBe(0);
            }
            expect(await page.getByRole('combobox', { name: 'Second logo' }).count()).toBe(0);

            const tiers = product.sizes.filter((size) => isTierLabel(size.label));
            const names =
              tiers.length > 0
                ? tiers.flatMap((tier) => colors.map((color) => `Quantity ${tier.label} ${color}`))
                : product.sizes.map((size) => `Quantity ${size.label}`);
            for (const name of names) expect(await page.getByRole('textbox', { name, exact: true }).isVisible(), name).toBe(true);
            expect(await page.getByRole('textbox', { name: /^Quantity / }).count()).toBe(names.length);

            expect(await page.getByRole('button', { name: 'Add to Cart' }).isVisible()).toBe(true);
            // Without JavaScript the form is there but inert: the page says so.
            expect(await shownText(page)).toContain(js ? 'Add to Cart' : 'Turn on JavaScript to choose quantities and add this item to your cart.');
            if (js) expect(await shownText(page)).not.toContain('Turn on JavaScript');
          });
        });
      }

      it('stores: every store with its address, a way back home, links to the customs catalogs', async () => {
        await onPage('stores/', async ({ page, status }) => {
          expect(status).toBe(200);
          expect(await page.title()).toBe(`Stores | ${t.title}`);
          expect(await mainHeading(page)).toBe('Choose your store');
          expect(await page.getByRole('link', { name: 'Back to home' }).evaluate((a: HTMLAnchorElement) => a.href)).toBe(base);
          const main = page.getByRole('main');
          for (const store of t.stores) {
            const hasProducts = storeProducts(t, store.code).length > 0;
            const link = main.getByRole('link', { name: new RegExp(`^${store.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) });
            expect(await link.count(), store.name).toBe(hasProducts ? 1 : 0);
            if (hasProducts) {
              expect(await link.evaluate((a: HTMLAnchorElement) => a.href)).toBe(`${base}catalog/${store.code}/customs/`);
              const text = await link.innerText();
              if (store.address) expect(text).toContain(store.address);
              expect(text.includes('Password required'), store.name).toBe(store.password !== undefined);
            } else {
              expect(await main.getByText(store.name, { exact: true }).isVisible()).toBe(true);
            }
          }
          // The dialog is closed until a locked store is chosen.
          expect(await page.getByRole('dialog').count()).toBe(0);
        });
      });

      for (const [path, title, heading] of [
        ['checkout/', 'Checkout', /^Checkout$/],
        // Opened without an order in this browser session: it never claims one was placed.
        ['success/', 'Your order', /^(Your order|No recent order)$/],
        ['orders/', 'Orders', /Orders$/],
        // Opened without an e-mail's link: it shows no order and says how to get one.
        ['order/', 'Your order', /^(Your order|Order not shown)$/],
      ] as const) {
        it(`${path.slice(0, -1)}: its frame (the ordering issue tests the rest)`, async () => {
          await onPage(
            path,
            async ({ page, status }) => {
              expect(status).toBe(200);
              expect(await page.title()).toBe(`${title} | ${t.title}`);
              expect(await mainHeading(page)).toMatch(heading);
              // These pages are islands end to end; without JavaScript they offer the phone instead.
              expect((await shownText(page)).includes(`This page needs JavaScript. Call ${supplier.mainPhone} to order by phone.`)).toBe(!js);
            },
            { foreign: true },
          );
        });
      }

      it('catalog-links: the three flipbooks and the two supplier sites, each in a new tab', async () => {
        await onPage('catalog-links/', async ({ page, status }) => {
          expect(status).toBe(200);
          expect(await page.title()).toBe(`Catalogs | ${t.title}`);
          expect(await mainHeading(page)).toBe('Catalogs');
          const links = supplier.catalogLinks;
          for (const [name, href] of [
            ['Auto catalog', links.auto],
            ['Apparel catalog', links.apparel],
            ['Promotional catalog', links.promotional],
            ['More promotional', links.morePromotional],
            ['More apparel', links.moreApparel],
          ] as const) {
            // Named by its title first and the new tab last (the card's blurb sits between).
            const link = page.getByRole('link', { name: new RegExp(`^${name}\\b.*\\(opens in a new tab\\)$`) });
            expect(await link.getAttribute('href'), name).toBe(href);
            expect(await link.getAttribute('target'), name).toBe('_blank');
            expect(await link.isVisible(), name).toBe(true);
          }
        });
      });

      it("a missing address shows the tenant's own 404 page with status 404", async () => {
        const missing = `${base}catalog/no-such-thing/`;
        await onPage(
          'catalog/no-such-thing/',
          async ({ page, status }) => {
            expect(status).toBe(404);
            expect(page.url()).toBe(missing);
            expect(await page.title()).toBe(`Page not found | ${t.title}`);
            expect(await mainHeading(page)).toBe('Page not found');
            expect(await page.getByRole('link', { name: `Go to the ${t.title} home page` }).evaluate((a: HTMLAnchorElement) => a.href)).toBe(base);
          },
          { expectedMissing: [missing] },
        );
      });
    });
  }
}

describe('prices that are not shown', () => {
  /** Opens an item page with JavaScript on; the main content's text once hydrated. */
  async function itemText(tenantId: string, code: string): Promise<string> {
    const { context, page, problems } = await visit(storefront.browser, `${storefront.baseUrl(tenantId)}item/${code}/`);
    try {
      const product = productOf(tenant(tenantId), code);
      await visible(page.getByRole('heading', { name: product.fullname, level: 1 }));
      await visible(page.getByRole('button', { name: 'Add to Cart' }));
      expect(problems.list).toEqual([]);
      return await page.getByRole('main').innerText();
    } finally {
      await context.close();
    }
  }

  it("a price-less catalog shows no 'Starts at' and no price at all, even where the data has one", async () => {
    const priceless = project.tenants.find((t) => project.catalogs.get(t.catalogId)?.priced === false);
    if (!priceless) throw new Error('the sample data needs a tenant with a price-less catalog');
    const withPrice = visibleProducts(priceless).find((p) => p.type !== 'customs' && p.sizes.some((size) => size.price > 0));
    if (!withPrice) throw new Error(`${priceless.id} needs a product with a price in the data`);
    const text = await itemText(priceless.id, withPrice.code);
    expect(text).not.toContain('Starts at');
    expect(text).not.toMatch(/\$\d/);
  });

  it("a priced catalog's product whose prices are all 0 shows no 'Starts at'", async () => {
    const guardian = tenant('guardian');
    const unpriced = visibleProducts(guardian).find((p) => p.type !== 'customs' && p.sizes.every((size) => size.price === 0));
    if (!unpriced) throw new Error('guardian needs a product without prices');
    expect(await itemText(guardian.id, unpriced.code)).not.toContain('Starts at');
  });
});
