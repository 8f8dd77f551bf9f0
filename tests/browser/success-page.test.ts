// The success page against the built sample site: the order the checkout handed over in
// sessionStorage ('last-order'), written here before the page loads, and a visit without any.
// ordering-journey.test.ts places a real order and follows it to this page, the orders screen
// and the e-mail.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LastOrder } from '../../src/islands/shared/last-order.ts';
import { aFrameLine, anOrderLine, aPlateLine } from '../helpers/order-builders.ts';
import { watchConsole } from './orders-steps.ts';
import { openWorld, project, saveScreenshot, type SiteWorld } from './harness.ts';

const ORDER: LastOrder = {
  orderId: '0b0c6f3e-9a1d-4c2b-8e7f-123456789abc',
  total: 1521.09,
  placedAt: '2025-03-04T15:04:05.123Z',
  store: 'Guardian Chevrolet — 100 Main St, Springfield',
  customerPo: 'PO-77',
  buyer: { name: 'Dana Reyes', email: 'dana@guardian.example' },
  lines: [
    {
      ...anOrderLine({ price: 40.77, size: '2XL', color: 'Royal Blue', secondEmbroidery: 'Guardian Script', secondPlacement: 'Full Back' }),
      lineTotal: 489.24,
    },
    { ...aFrameLine({ quantity: 1500 }), lineTotal: 41.85 },
    { ...aPlateLine({ color: 'Black Red' }), lineTotal: 990 },
  ],
};
const TIME_ZONE = 'America/Chicago';
/** Who supplies the order and for whom: what a printed copy needs to name. */
const SUPPLIER = `Supplier: ${project.supplier.supplierName}`;
const DEALERSHIP = 'Dealership: Guardian Automotive Group';

let site: SiteWorld;
let successUrl: string;

beforeAll(async () => {
  site = await openWorld();
  successUrl = `${site.baseUrl('guardian')}success/`;
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/**
 * A fresh visitor whose checkout handed `value` over. Written once per session (not on every
 * load), so a reload shows what the page itself left in storage.
 */
async function openWith(
  value: string | undefined,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; console: ReturnType<typeof watchConsole> }> {
  const context = await site.browser.newContext({ timezoneId: TIME_ZONE, ...options });
  if (value !== undefined) {
    await context.addInitScript((handedOver: string) => {
      if (sessionStorage.getItem('test-seeded') === null) {
        sessionStorage.setItem('last-order', handedOver);
        sessionStorage.setItem('test-seeded', '1');
      }
    }, value);
  }
  const page = await context.newPage();
  const seen = watchConsole(page);
  await page.goto(successUrl);
  return { context, page, console: seen };
}

/** Each shown line: its name and its facts as 'term: value'. */
async function shownLines(page: Page): Promise<{ name: string; facts: string[] }[]> {
  const items = page.getByRole('main').getByRole('listitem');
  await items.first().waitFor();
  return items.evaluateAll((elements) =>
    elements.map((item) => ({
      name: item.querySelector('h2')?.textContent ?? '',
      facts: [...item.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
    })),
  );
}

/** The order's own facts (number, date, store, PO, total) as 'term: value'. */
async function orderFacts(page: Page): Promise<string[]> {
  const facts = page.getByRole('main').locator('dl[aria-label="Order"]');
  await facts.waitFor();
  return facts.evaluate((dl) => [...dl.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`));
}

async function imageOf(item: Locator): Promise<{ alt: string | null; loaded: boolean; src: string }> {
  return item
    .getByRole('img')
    .evaluate((img: HTMLImageElement) => ({ alt: img.getAttribute('alt'), loaded: img.complete && img.naturalWidth > 0, src: img.currentSrc }));
}

describe('the success page', () => {
  it('shows the order to quote (number, date, store, PO, total) and every line with its image, facts and line total', async () => {
    const { context, page, console: seen } = await openWith(JSON.stringify(ORDER));
    try {
      await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' }).waitFor();
      expect(await page.getByRole('main').getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await orderFacts(page)).toEqual([
        'Order number: 0B0C-6F3E',
        'Date: March 04, 2025',
        'Store: Guardian Chevrolet — 100 Main St, Springfield',
        'Customer PO: PO-77',
        'Order total: $1,521.09',
        SUPPLIER,
        DEALERSHIP,
        'Ordered by: Dana Reyes, dana@guardian.example',
      ]);
      expect(await shownLines(page)).toEqual([
        {
          name: 'Sport Polo',
          facts: [
            'Price each: $40.77',
            'Color: Royal Blue',
            'Embroidery: Guardian Shield',
            'Second embroidery: Guardian Script',
            'Placement: Left Chest',
            'Second placement: Full Back',
            'Size: 2XL',
            'Quantity: 12',
            'Line total: $489.24',
          ],
        },
        // Print runs say what they are, not 'Size 500 · Quantity 1,500'.
        { name: 'Metal Frame', facts: ['Price each: $0.0279', 'Color: Chrome', 'Quantity: 3 runs of 500 (1,500 pieces)', 'Line total: $41.85'] },
        { name: 'Aluminum Plate', facts: ['Price each: $0.99', 'Color: Black Red', 'Quantity: 2 runs of 500 (1,000 pieces)', 'Line total: $990.00'] },
      ]);

      // Each line's own product image (code and colour), loaded, with alt text.
      const items = page.getByRole('main').getByRole('listitem');
      const images = [];
      for (let i = 0; i < ORDER.lines.length; i++) {
        const item = items.nth(i);
        await expect.poll(async () => (await imageOf(item)).loaded, { timeout: 10_000 }).toBe(true);
        images.push(await imageOf(item));
      }
      expect(images.map((image) => image.alt)).toEqual(['Sport Polo, Royal Blue', 'Metal Frame, Chrome', 'Aluminum Plate, Black Red']);
      expect(images.map((image) => new URL(image.src).pathname)).toEqual([
        expect.stringMatching(/^\/guardian\/assets\/img\/K500_royal_blue-/),
        expect.stringMatching(/^\/guardian\/assets\/img\/MF-STR_chrome-/),
        expect.stringMatching(/^\/guardian\/assets\/img\/PLT-AL_black_red-/),
      ]);

      const main = page.getByRole('main');
      expect(await main.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/guardian/');
      expect(await main.getByRole('link', { name: 'View orders' }).getAttribute('href')).toBe('/guardian/orders/');
      await saveScreenshot(page, 'success-order');

      // A reload still shows the order: the hand-over is kept until the next order replaces it.
      await page.reload();
      expect((await shownLines(page)).map((line) => line.name)).toEqual(['Sport Polo', 'Metal Frame', 'Aluminum Plate']);
      expect(await orderFacts(page)).toContain('Order number: 0B0C-6F3E');
      expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('last-order'))) ?? 'null')).toEqual(ORDER);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('leaves out the store and the customer PO when the order had none', async () => {
    const { context, page } = await openWith(JSON.stringify({ ...ORDER, store: '', customerPo: '' }));
    try {
      expect(await orderFacts(page)).toEqual([
        'Order number: 0B0C-6F3E',
        'Date: March 04, 2025',
        'Order total: $1,521.09',
        SUPPLIER,
        DEALERSHIP,
        'Ordered by: Dana Reyes, dana@guardian.example',
      ]);
    } finally {
      await context.close();
    }
  });

  it("'Print' prints one clean page: the confirmation, without the site's header, navigation, footer or buttons", async () => {
    const { context, page, console: seen } = await openWith(JSON.stringify(ORDER));
    try {
      await shownLines(page);
      await page.evaluate(() => {
        const counted = window as unknown as { printed: number };
        counted.printed = 0;
        window.print = () => void counted.printed++;
      });
      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

      const chrome = [
        page.locator('header'),
        page.getByRole('navigation'),
        page.locator('footer'),
        page.getByRole('button', { name: 'Print' }),
        page.getByRole('main').getByRole('link', { name: 'Continue shopping' }),
        page.getByRole('main').getByRole('link', { name: 'View orders' }),
      ];
      // On screen all of it shows; in print none of it, and the order does.
      for (const part of chrome) expect(await part.isVisible()).toBe(true);
      await page.emulateMedia({ media: 'print' });
      for (const part of chrome) expect(await part.isVisible()).toBe(false);
      // The printed copy names the supplier, the dealership and the buyer.
      for (const text of [
        'Order Placed Successfully',
        '0B0C-6F3E',
        '$1,521.09',
        '2 runs of 500 (1,000 pieces)',
        project.supplier.supplierName,
        'Guardian Automotive Group',
        'Dana Reyes, dana@guardian.example',
      ]) {
        expect(await page.getByRole('main').getByText(text, { exact: true }).isVisible(), text).toBe(true);
      }
      await saveScreenshot(page, 'success-order-print');
      const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Pages\b[^]*?\/Count\s+(\d+)/)?.[1], 'pages printed').toBe('1');
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone without sideways scrolling', async () => {
    const { context, page } = await openWith(JSON.stringify(ORDER), { viewport: { width: 360, height: 740 } });
    try {
      await shownLines(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, 'success-order-phone');
    } finally {
      await context.close();
    }
  });

  it('opened without an order in this browser session: says there is none, links to the orders screen, never claims success', async () => {
    // The page as served, before any script runs, claims nothing: the island decides.
    const served = await (await fetch(successUrl)).text();
    expect(served).not.toMatch(/Order Placed Successfully|placed successfully/i);
    expect(served).toContain('<h1 class="page-title">Your order</h1>');

    const { context, page, console: seen } = await openWith(undefined);
    try {
      await page.getByText('There is no recent order to show.').waitFor();
      await page.getByRole('heading', { level: 1, name: 'No recent order' }).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(/success/i);
      expect(await page.getByRole('main').getByRole('listitem').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Print' }).count()).toBe(0);
      expect(await page.getByRole('main').getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/guardian/');
      const orders = page.getByRole('main').getByRole('link', { name: 'View orders' });
      expect(await orders.getAttribute('href')).toBe('/guardian/orders/');
      await orders.click();
      await page.waitForURL(`${site.baseUrl('guardian')}orders/`);
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      expect(seen.errors).toEqual([]);
      expect(seen.warnings).toEqual([]);
    } finally {
      await context.close();
    }

    // Without JavaScript the page cannot read the session: it says so, and still claims nothing.
    const still = await openWith(undefined, { javaScriptEnabled: false });
    try {
      expect(await still.page.getByRole('main').getByRole('heading', { level: 1 }).innerText()).toBe('Your order');
      expect(await still.page.locator('body').innerText()).not.toMatch(/success/i);
    } finally {
      await still.context.close();
    }
  });

  it('treats an unreadable hand-over as none, with a console warning, never a crash', async () => {
    const unreadable = [
      '{not json',
      JSON.stringify({ ...ORDER, lines: [{ ...ORDER.lines[0], quantity: 'twelve' }] }),
      // The lines alone, as the checkout handed them over before orders had a number and total.
      JSON.stringify(ORDER.lines.map(({ lineTotal: _, ...line }) => line)),
    ];
    for (const value of unreadable) {
      const { context, page, console: seen } = await openWith(value);
      try {
        await page.getByText('There is no recent order to show.').waitFor();
        expect(await page.locator('body').innerText()).not.toMatch(/success/i);
        expect(seen.errors).toEqual([]);
        expect(seen.warnings.some((warning) => warning.startsWith('Ignored the stored last order'))).toBe(true);
      } finally {
        await context.close();
      }
    }
  });

  it('links a tenant without route prefix to its own root', async () => {
    const context = await site.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${site.baseUrl('first')}success/`);
      const catalog = page.getByRole('link', { name: 'Browse the catalog' });
      await catalog.waitFor();
      expect(await catalog.getAttribute('href')).toBe('/');
      expect(await page.getByRole('main').getByRole('link', { name: 'View orders' }).getAttribute('href')).toBe('/orders/');
    } finally {
      await context.close();
    }
  });
});
