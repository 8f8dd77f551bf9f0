// The success page against the built sample site: the lines the checkout handed over in
// sessionStorage ('last-order'), written here before the page loads, and a visit without any.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { saveScreenshot } from './chromium.ts';
import { openOrderingSite, watchConsole, type OrderingSite } from './orders-harness.ts';

const LINES: CartLine[] = [
  {
    type: 'mens',
    name: 'Sport Polo',
    price: 40.77,
    quantity: 12,
    size: '2XL',
    color: 'Royal Blue',
    code: 'K500',
    placement: 'Left Chest',
    embroidery: 'Guardian Shield',
    secondEmbroidery: 'Guardian Script',
    secondPlacement: 'Full Back',
  },
  { type: 'customs', name: 'Metal Frame', price: 0.0279, quantity: 1500, size: '500', color: 'Chrome', code: 'MF-STR', placement: '', embroidery: '' },
  { type: 'customs', name: 'Aluminum Plate', price: 0.99, quantity: 1000, size: '500', color: 'Black Red', code: 'PLT-AL', placement: '', embroidery: '' },
];

let site: OrderingSite;
let successUrl: string;

beforeAll(async () => {
  site = await openOrderingSite();
  successUrl = `${site.baseUrl('guardian')}success/`;
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/**
 * A fresh visitor whose checkout handed `value` over. Written once per session (not on every
 * load), so a reload shows what the page itself left in storage.
 */
async function openWith(value: string | undefined, options: { viewport?: { width: number; height: number } } = {}): Promise<{ context: BrowserContext; page: Page; console: ReturnType<typeof watchConsole> }> {
  const context = await site.browser.newContext(options);
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

async function imageOf(item: Locator): Promise<{ alt: string | null; loaded: boolean; src: string }> {
  return item.getByRole('img').evaluate((img: HTMLImageElement) => ({ alt: img.getAttribute('alt'), loaded: img.complete && img.naturalWidth > 0, src: img.currentSrc }));
}

describe('the success page', () => {
  it('shows every handed-over line: image, name, price each, colour, embroideries, placements, size and quantity', async () => {
    const { context, page, console: seen } = await openWith(JSON.stringify(LINES));
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Order Placed Successfully');
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
          ],
        },
        { name: 'Metal Frame', facts: ['Price each: $0.0279', 'Color: Chrome', 'Size: 500', 'Quantity: 1,500'] },
        { name: 'Aluminum Plate', facts: ['Price each: $0.99', 'Color: Black Red', 'Size: 500', 'Quantity: 1,000'] },
      ]);

      // Each line's own product image (code and colour), loaded, with alt text.
      const items = page.getByRole('main').getByRole('listitem');
      const images = [];
      for (let i = 0; i < LINES.length; i++) {
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

      expect(await page.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/guardian/');
      expect(await page.getByRole('link', { name: 'View orders' }).getAttribute('href')).toBe('/guardian/orders/');
      await saveScreenshot(page, 'success-order');

      // A reload still shows the order: the hand-over is kept until the next order replaces it.
      await page.reload();
      expect((await shownLines(page)).map((line) => line.name)).toEqual(['Sport Polo', 'Metal Frame', 'Aluminum Plate']);
      expect(await page.evaluate(() => sessionStorage.getItem('last-order'))).toBe(JSON.stringify(LINES));
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone without sideways scrolling', async () => {
    const { context, page } = await openWith(JSON.stringify(LINES), { viewport: { width: 360, height: 740 } });
    try {
      await shownLines(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, 'success-order-phone');
    } finally {
      await context.close();
    }
  });

  it('says there is no recent order and links to the catalog when nothing was handed over', async () => {
    const { context, page, console: seen } = await openWith(undefined);
    try {
      await page.getByText('There is no recent order to show.').waitFor();
      expect(await page.getByRole('main').getByRole('listitem').count()).toBe(0);
      const catalog = page.getByRole('link', { name: 'Browse the catalog' });
      expect(await catalog.getAttribute('href')).toBe('/guardian/');
      await catalog.click();
      await page.waitForURL(site.baseUrl('guardian'));
      expect(await page.title()).toContain('Guardian');
      expect(seen.errors).toEqual([]);
      expect(seen.warnings).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('treats an unreadable hand-over as none, with a console warning, never a crash', async () => {
    for (const value of ['{not json', JSON.stringify([{ ...LINES[0], quantity: 'twelve' }])]) {
      const { context, page, console: seen } = await openWith(value);
      try {
        await page.getByText('There is no recent order to show.').waitFor();
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
    } finally {
      await context.close();
    }
  });
});
