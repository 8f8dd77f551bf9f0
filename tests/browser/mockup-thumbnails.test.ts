// Mock-up thumbnails against the built sample site: cart (checkout), success and orders lines
// show the line's picture with its logos drawn inside their placements' areas on a tenant with
// show_modification_thumbnail (Stivers), and none on a tenant without it (Guardian); the
// landing page's logo preview (render_logo_preview) draws each logo on a shirt of the catalog.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { placementAreaFor } from '../../src/domain/placement-areas.ts';
import type { LastOrder } from '../../src/islands/shared/last-order.ts';
import { logoPreviewProduct } from '../../src/site/logo-preview-product.ts';
import { catalogProduct, saveScreenshot, tenant, visibleProducts } from './harness.ts';
import { cartLine, openCheckout, openCheckoutWorld, type CheckoutWorld } from './checkout-steps.ts';

let world: CheckoutWorld;

beforeAll(async () => {
  world = await openCheckoutWorld();
}, 300_000);

afterAll(async () => {
  await world?.close();
});

const stivers = tenant('stivers');
const guardian = tenant('guardian');
/** Two logos on one side and a line without any. */
const poloWithTwoLogos = (t = stivers, logos: [string, string] = ['Stivers Script', 'Stivers Ford']): CartLine => ({
  ...cartLine(t, 'K500', 'Medium', 12, 'Navy', { embroidery: logos[0], placement: 'Left Chest' }),
  secondEmbroidery: logos[1],
  secondPlacement: 'Right Sleeve',
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each logo of `mockup` is drawn and where its area is on the rendered picture, once every image has loaded. */
async function logoBoxes(
  mockup: Locator,
  product = catalogProduct(stivers, 'K500'),
  color = 'Navy',
): Promise<{ placement: string; logo: Box; area: Box; fit: string }[]> {
  await expect
    .poll(
      () =>
        mockup
          .locator('img')
          .evaluateAll((imgs) => imgs.length > 1 && imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
      { timeout: 8_000, message: 'the picture and logos load' },
    )
    .toBe(true);
  const picture = (await mockup.locator('.mockup-thumbnail__picture, .logo-mockups__picture img').first().boundingBox())!;
  const logos = mockup.locator('[data-placement]');
  const out = [];
  for (let index = 0; index < (await logos.count()); index++) {
    const logo = logos.nth(index);
    const placement = (await logo.getAttribute('data-placement'))!;
    const area = placementAreaFor(product, color, placement)!;
    out.push({
      placement,
      logo: (await logo.boundingBox())!,
      area: {
        x: picture.x + area.x * picture.width,
        y: picture.y + area.y * picture.height,
        width: area.width * picture.width,
        height: area.height * picture.height,
      },
      fit: await logo.evaluate((element) => getComputedStyle(element.tagName === 'IMG' ? element : element.querySelector('img')!).objectFit),
    });
  }
  return out;
}

/** The logo's box is the area's box (to a pixel), and the logo keeps its shape inside it. */
function expectInsideArea({ logo, area, fit }: { logo: Box; area: Box; fit: string }): void {
  expect(Math.abs(logo.x - area.x)).toBeLessThan(1);
  expect(Math.abs(logo.y - area.y)).toBeLessThan(1);
  expect(Math.abs(logo.x + logo.width - (area.x + area.width))).toBeLessThan(1);
  expect(Math.abs(logo.y + logo.height - (area.y + area.height))).toBeLessThan(1);
  expect(fit).toBe('contain');
}

async function writeLastOrder(page: Page, order: LastOrder): Promise<void> {
  await page.evaluate((value) => sessionStorage.setItem('last-order', value), JSON.stringify(order));
}

const lastOrder = (lines: CartLine[]): LastOrder => ({
  orderId: '0b0c6f3e-9a1d-4c2b-8e7f-123456789abc',
  total: 100,
  placedAt: '2025-03-04T15:04:05.123Z',
  store: '',
  customerPo: '',
  lines: lines.map((line) => ({ ...line, lineTotal: line.price * line.quantity })),
});

describe('mock-up thumbnails in the cart and on the success page', () => {
  it("draws a Stivers polo line's two logos inside their areas on the cart line, and leaves a line without a logo as it was", async () => {
    const mats = cartLine(
      stivers,
      visibleProducts(stivers).find((p) => p.type === 'service')!.code,
      visibleProducts(stivers).find((p) => p.type === 'service')!.sizes[0]!.label,
      2,
    );
    const { context, page, pageErrors } = await openCheckout(world, 'stivers', [poloWithTwoLogos(), mats]);
    try {
      const lines = page.locator('.cart-line');
      const mockup = lines.nth(0).locator('.mockup-thumbnail');
      expect(await mockup.getAttribute('aria-label')).toBe('Sport Polo with Stivers Script at Left Chest and Stivers Ford at Right Sleeve');
      const boxes = await logoBoxes(mockup);
      expect(boxes.map((box) => box.placement)).toEqual(['Left Chest', 'Right Sleeve']);
      boxes.forEach(expectInsideArea);
      // The line without a logo shows its plain picture, as before.
      expect(await lines.nth(1).locator('.mockup-thumbnail').count()).toBe(0);
      expect(await lines.nth(1).locator('.cart-line__image').count()).toBe(1);
      await saveScreenshot(page, 'mockup-thumbnail-cart');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows no mock-up on a tenant without show_modification_thumbnail', async () => {
    const { context, page } = await openCheckout(world, 'guardian', [poloWithTwoLogos(guardian, ['Guardian Shield', 'Guardian Script'])]);
    try {
      await page.locator('.cart-line__image').first().waitFor();
      expect(await page.locator('.mockup-thumbnail').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('draws the logos inside their areas on the success page of a Stivers order, and none on a Guardian one', async () => {
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(world.baseUrl('stivers'), { waitUntil: 'domcontentloaded' });
      await writeLastOrder(page, lastOrder([poloWithTwoLogos()]));
      await page.goto(`${world.baseUrl('stivers')}success/`);
      const mockup = page.locator('.order-summary__line').first().locator('.mockup-thumbnail');
      await mockup.waitFor();
      (await logoBoxes(mockup)).forEach(expectInsideArea);

      await page.goto(world.baseUrl('guardian'), { waitUntil: 'domcontentloaded' });
      await writeLastOrder(page, lastOrder([poloWithTwoLogos(guardian, ['Guardian Shield', 'Guardian Script'])]));
      await page.goto(`${world.baseUrl('guardian')}success/`);
      await page.locator('.order-summary__image').first().waitFor();
      expect(await page.locator('.mockup-thumbnail').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('mock-up thumbnails on the orders screen', () => {
  it("shows an opened Stivers order's line with its logos inside their areas", async () => {
    const placed = await world.api.post('/v1/create-order', {
      first_name: 'Lee',
      last_name: 'Moss',
      email: 'lee@stivers.example',
      store: '',
      companyName: stivers.companyName,
      bypassPaypal: true,
      code: stivers.bypassCodes[0],
      cart: [poloWithTwoLogos()],
    });
    expect(placed.status).toBe(200);
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${world.baseUrl('stivers')}orders/`);
      const dialog = page.getByRole('dialog', { name: 'Enter password' });
      await dialog.getByLabel('Password', { exact: true }).fill(stivers.password!);
      await dialog.getByRole('button', { name: 'Show orders' }).click();
      await page.getByRole('button', { name: /^Lines of the order of Lee Moss, / }).click();
      const mockup = page.getByRole('region', { name: /^Lines of the order of Lee Moss, / }).locator('.mockup-thumbnail');
      await mockup.waitFor();
      (await logoBoxes(mockup)).forEach(expectInsideArea);
    } finally {
      await context.close();
    }
  });
});

describe("the landing page's logo preview", () => {
  it("draws each of the group's shirt logos at Left Chest on the catalog's first shirt, without a script", async () => {
    const friendship = tenant('friendship');
    const preview = logoPreviewProduct(visibleProducts(friendship), friendship, () => true)!;
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(world.baseUrl('friendship'));
      const items = page.locator('.logo-mockups__item').filter({ has: page.locator('.logo-mockups__frame') });
      expect(await items.locator('.logo-mockups__frame').evaluateAll((frames) => frames.map((frame) => frame.getAttribute('aria-label')))).toEqual(
        preview.logos.map((logo) => `${logo} at Left Chest on the ${preview.product.name}, ${preview.product.defaultColor}`),
      );
      // Every logo of the group is listed, the shirt's drawn on it and the others alone (American Flag is for other products).
      const allLogos = [...new Set(Object.values(friendship.embroideries).flat())];
      expect(await page.getByRole('list', { name: 'Your logos' }).getByRole('listitem').allInnerTexts()).toEqual(allLogos);
      expect(allLogos.length).toBeGreaterThan(preview.logos.length);
      for (let index = 0; index < (await items.count()); index++) {
        const frame = items.nth(index).locator('.logo-mockups__frame');
        await frame.scrollIntoViewIfNeeded();
        const [box] = await logoBoxes(frame, preview.product, preview.product.defaultColor);
        expectInsideArea(box!);
      }
      await saveScreenshot(page, 'logo-preview-landing');
      const none = await context.newPage();
      await none.goto(world.baseUrl('mattbowers'));
      expect(await none.locator('.logo-mockups').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
