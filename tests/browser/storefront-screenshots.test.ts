// Phone and desktop screenshots of the landing, catalog and item pages of the three tenants,
// saved into test-artifacts/ for people to look at. Each also checks what is plain to see in
// them: the page fits the screen's width and every picture has arrived.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from './harness.ts';
import type { Product } from '../../src/domain/product.ts';
import { isTierLabel } from '../../src/domain/size-labels.ts';
import { CASES, Problems, STOREFRONT_API_ENV } from './storefront-checks.ts';
import { openWorld, type SiteWorld, tenant, visibleProducts } from './harness.ts';

let storefront: SiteWorld;

beforeAll(async () => {
  storefront = await openWorld({ apiEnv: STOREFRONT_API_ENV });
}, 300_000);

afterAll(async () => {
  await storefront?.close();
});

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Scrolls through the page so lazy images load, waits for every one and their fade-in, back to the top. */
async function loadEveryImage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  // Shown at once: the screenshots' contexts prefer reduced motion, which skips the fade-in.
  await page.waitForFunction(() => [...document.images].every((img) => getComputedStyle(img).opacity === '1'));
}

function score(product: Product): number {
  const tiers = product.sizes.filter((size) => isTierLabel(size.label)).length;
  const longestColor = Math.max(...[...product.colors, ...product.halfColors].map((color) => color.length));
  return tiers === 0 ? 0 : tiers * 100 + longestColor;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`screenshots on a ${viewportName}`, () => {
    // One tab per screen size, which each test navigates itself; no fade-ins to wait for.
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await storefront.browser.newContext({ viewport, reducedMotion: 'reduce' });
      page = await context.newPage();
    });
    afterAll(async () => {
      await context.close();
    });

    async function shoot(url: string, name: string): Promise<void> {
      const problems = new Problems(page, new URL(url).origin);
      try {
        expect((await page.goto(url, { waitUntil: 'load' }))?.status()).toBe(200);
        await loadEveryImage(page);
        const broken = await page.evaluate(() => [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src));
        expect(broken, 'images that did not load').toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(viewport.width);
        await saveScreenshot(page, name);
        expect(problems.list).toEqual([]);
      } finally {
        problems.stop();
      }
    }

    for (const testCase of CASES) {
      for (const [pageName, path] of [
        ['landing', ''],
        ['catalog', 'catalog/mens/'],
        ['item', `item/${testCase.apparel}/`],
      ] as const) {
        it(`${testCase.id} ${pageName}`, async () => {
          await shoot(storefront.baseUrl(testCase.id) + path, `storefront-${testCase.id}-${pageName}-${viewportName}`);
        });
      }
      if (viewportName === 'phone') {
        // The widest quantity grid of the tenant's catalog: the most print runs, then the longest colour names.
        const widest = [...visibleProducts(tenant(testCase.id))].sort((a, b) => score(b) - score(a))[0]!;
        it(`${testCase.id}: the widest print-run grid (${widest.code}) fits`, async () => {
          await shoot(`${storefront.baseUrl(testCase.id)}item/${widest.code}/`, `storefront-${testCase.id}-item-print-run-${viewportName}`);
        });
      }
    }
  });
}
