// The logo mock-up on the built item page: a chosen logo is drawn on the product's picture
// inside its placement's area (src/domain/placement-areas.ts), follows the colour, switches to
// the back picture for a back placement, draws a second logo at its own area, and moves nothing
// on the page while the buyer chooses.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placementAreaFor, type PlacementArea } from '../../src/domain/placement-areas.ts';
import { catalogProduct, openWorld, saveScreenshot, tenant, type SiteWorld } from './harness.ts';
import { withVisit as visitChecked, type Visit } from './storefront-checks.ts';

let storefront: SiteWorld;

beforeAll(async () => {
  storefront = await openWorld();
}, 300_000);

afterAll(async () => {
  await storefront?.close();
});

const withVisit = (url: string, run: (visit: Visit) => Promise<void>) => visitChecked(storefront.browser, url, run);

// Guardian offers Guardian Shield and Guardian Script on men's apparel at Left Chest, Left Sleeve,
// Right Sleeve, Yoke and Full Back; K500 has back pictures in every colour, K540 none.
const guardian = tenant('guardian');
const polo = catalogProduct(guardian, 'K500');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

/** Where `area` lies on the page, from the rendered picture's box. */
function areaOnPage(picture: Box, area: PlacementArea): Box {
  return {
    x: picture.x + area.x * picture.width,
    y: picture.y + area.y * picture.height,
    width: area.width * picture.width,
    height: area.height * picture.height,
  };
}

/** The drawn logo lies inside the area (half a pixel of rounding allowed) and touches two of its sides (as large as fits). */
function expectInside(logo: Box, area: Box, what: string): void {
  const slack = 0.5;
  expect(logo.x, `${what}: left`).toBeGreaterThanOrEqual(area.x - slack);
  expect(logo.y, `${what}: top`).toBeGreaterThanOrEqual(area.y - slack);
  expect(logo.x + logo.width, `${what}: right`).toBeLessThanOrEqual(area.x + area.width + slack);
  expect(logo.y + logo.height, `${what}: bottom`).toBeLessThanOrEqual(area.y + area.height + slack);
  const fillsWidth = Math.abs(logo.width - area.width) <= 1;
  const fillsHeight = Math.abs(logo.height - area.height) <= 1;
  expect(fillsWidth || fillsHeight, `${what}: as large as fits (${JSON.stringify(logo)} in ${JSON.stringify(area)})`).toBe(true);
}

/**
 * The item page of `code`, hydrated, with a layout-shift observer summing CLS from the start: as
 * CLS counts, shifts right after the buyer's own input (a click that opens the second logo's
 * pickers) are left out; choosing from a list, as the test does it, is not such input.
 */
async function openItem(page: Page, code: string, query = ''): Promise<void> {
  await page.goto(`${storefront.baseUrl(guardian.id)}item/${code}/${query}`, { waitUntil: 'load' });
  await page.locator('[data-island="item"][data-hydrated]').waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
const mockup = (page: Page) => page.locator('[data-island="item"] .mockup');
const frontPicture = (page: Page) => mockup(page).locator('.item__image img');
const drawnLogo = (page: Page, placement: string) => mockup(page).locator(`.mockup__logo[data-placement="${placement}"] img`);

describe('the logo mock-up on the item page', () => {
  it('draws the chosen logo inside the Left Chest area, keeps it there when the colour changes, and moves nothing', async () => {
    await withVisit(`${storefront.baseUrl(guardian.id)}item/K500/`, async ({ page }) => {
      await openItem(page, 'K500');
      expect(await mockup(page).locator('.mockup__logo').count(), 'no logo chosen: nothing drawn').toBe(0);
      await page.getByLabel('Logo', { exact: true }).selectOption('Guardian Shield');
      await page.getByLabel('Placement', { exact: true }).selectOption('Left Chest');
      const logo = drawnLogo(page, 'Left Chest');
      await logo.waitFor();
      await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await logo.elementHandle());
      expect(await logo.getAttribute('src'), "the logo strips' own file").toMatch(/\/assets\/img\/Guardian-Shield-[0-9a-f]+-\d+\.png$/);
      const picture = await boxOf(frontPicture(page));
      expectInside(await boxOf(logo), areaOnPage(picture, placementAreaFor(polo, polo.defaultColor, 'Left Chest')!), 'Left Chest');
      await saveScreenshot(page, 'item-mockup-left-chest');

      await page.getByRole('radio', { name: 'Black' }).check({ force: true });
      await mockup(page).and(page.locator('[data-color="Black"]')).waitFor();
      expectInside(
        await boxOf(drawnLogo(page, 'Left Chest')),
        areaOnPage(await boxOf(frontPicture(page)), placementAreaFor(polo, 'Black', 'Left Chest')!),
        'Left Chest in Black',
      );
      expect(await layoutShift(page), 'CLS while choosing').toBe(0);
    });
  });

  it('shows the back picture for Full Back, with the logo in its area, and the front again for a front placement', async () => {
    await withVisit(`${storefront.baseUrl(guardian.id)}item/K500/`, async ({ page }) => {
      await openItem(page, 'K500');
      await page.getByLabel('Logo', { exact: true }).selectOption('Guardian Script');
      await page.getByLabel('Placement', { exact: true }).selectOption('Full Back');
      const back = mockup(page).locator('.mockup__back img');
      await back.waitFor();
      await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).currentSrc !== '', await back.elementHandle());
      expect(decodeURIComponent(await back.evaluate((img: HTMLImageElement) => img.currentSrc))).toMatch(/K500_navy_back/);
      const backBox = await boxOf(back);
      expect(backBox, 'the back lies exactly over the front').toEqual(await boxOf(frontPicture(page)));
      expectInside(await boxOf(drawnLogo(page, 'Full Back')), areaOnPage(backBox, placementAreaFor(polo, 'Navy', 'Full Back')!), 'Full Back');
      await page.waitForFunction((img) => (img as HTMLImageElement).complete, await drawnLogo(page, 'Full Back').elementHandle());
      await saveScreenshot(page, 'item-mockup-full-back');
      // guardian shows the enlarge-on-click preview: of the picture shown.
      const enlarge = page.locator('[data-island="item"] .item__enlarge');
      expect(decodeURIComponent((await enlarge.getAttribute('href')) ?? '')).toMatch(/K500_navy_back-/);

      await page.getByLabel('Placement', { exact: true }).selectOption('Left Sleeve');
      await drawnLogo(page, 'Left Sleeve').waitFor();
      expect(await back.count(), 'a front placement shows the front').toBe(0);
      expect(decodeURIComponent((await enlarge.getAttribute('href')) ?? '')).toMatch(/K500_navy-/);
      expect(await layoutShift(page), 'CLS while choosing').toBe(0);
    });
  });

  it('draws a second logo at its own area; on the other side (Full Back) both sides show, the latest choice large and the other in the corner', async () => {
    await withVisit(`${storefront.baseUrl(guardian.id)}item/K500/`, async ({ page }) => {
      await openItem(page, 'K500');
      await page.getByLabel('Logo', { exact: true }).selectOption('Guardian Shield');
      await page.getByRole('button', { name: 'Want to add a second logo?' }).click();
      await page.getByLabel('Second logo', { exact: true }).selectOption('Guardian Script');
      await page.getByLabel('Second placement', { exact: true }).selectOption('Right Sleeve');
      await drawnLogo(page, 'Right Sleeve').waitFor();
      const picture = await boxOf(frontPicture(page));
      expectInside(await boxOf(drawnLogo(page, 'Left Chest')), areaOnPage(picture, placementAreaFor(polo, 'Navy', 'Left Chest')!), 'first logo at Left Chest');
      expectInside(
        await boxOf(drawnLogo(page, 'Right Sleeve')),
        areaOnPage(picture, placementAreaFor(polo, 'Navy', 'Right Sleeve')!),
        'second logo at Right Sleeve',
      );
      expect(await drawnLogo(page, 'Right Sleeve').evaluate((img: HTMLImageElement) => img.closest('picture')?.dataset.logo)).toBe('Guardian Script');

      // The second logo on the back shows the back large with it; the first stays drawn, on the front in the corner.
      await page.getByLabel('Second placement', { exact: true }).selectOption('Full Back');
      await mockup(page).and(page.locator('[data-side="back"]')).waitFor();
      const inset = mockup(page).locator('.mockup__inset');
      expect(await inset.getAttribute('data-side')).toBe('front');
      const large = mockup(page).locator(':scope > .mockup__logo');
      expect(await large.evaluateAll((logos) => logos.map((logo) => (logo as HTMLElement).dataset.placement))).toEqual(['Full Back']);
      const back = await boxOf(mockup(page).locator('.mockup__back img'));
      expectInside(await boxOf(large.locator('img')), areaOnPage(back, placementAreaFor(polo, 'Navy', 'Full Back')!), 'second logo at Full Back, large');
      const insetLogo = inset.locator('.mockup__logo[data-placement="Left Chest"] img');
      expect(await insetLogo.evaluate((img: HTMLImageElement) => img.closest('picture')?.dataset.logo)).toBe('Guardian Shield');
      expectInside(
        await boxOf(insetLogo),
        areaOnPage(await boxOf(inset.locator('.mockup__inset-picture img')), placementAreaFor(polo, 'Navy', 'Left Chest')!),
        'first logo at Left Chest, in the inset',
      );
      await page.waitForFunction((img) => (img as HTMLImageElement).complete, await insetLogo.elementHandle());
      await saveScreenshot(page, 'item-mockup-two-sides');

      // Moving the first logo makes it the latest choice: the front is large again, the back in the corner with Full Back.
      await page.getByLabel('Placement', { exact: true }).selectOption('Left Sleeve');
      await mockup(page).and(page.locator('[data-side="front"]')).waitFor();
      expect(await inset.getAttribute('data-side')).toBe('back');
      await inset.locator('.mockup__logo[data-placement="Full Back"] img').waitFor();
      expect(await layoutShift(page), 'CLS while choosing').toBe(0);
    });
  });

  it("draws no area outlines on a built page, even when asked with ?areas (they are npm run dev's)", async () => {
    await withVisit(`${storefront.baseUrl(guardian.id)}item/K500/?areas`, async ({ page }) => {
      await openItem(page, 'K500', '?areas');
      expect(await page.locator('[data-outline]').count()).toBe(0);
    });
  });

  it('keeps the front for Full Back on a product without a back picture, draws nothing there, and says so on the picture', async () => {
    const other = catalogProduct(guardian, 'K540');
    expect(other.backPictureColors ?? []).toEqual([]);
    await withVisit(`${storefront.baseUrl(guardian.id)}item/K540/`, async ({ page }) => {
      await openItem(page, 'K540');
      await page.getByLabel('Logo', { exact: true }).selectOption('Guardian Shield');
      await page.getByLabel('Placement', { exact: true }).selectOption('Full Back');
      await expect.poll(() => mockup(page).getAttribute('data-side')).toBe('front');
      expect(await mockup(page).locator('.mockup__logo, .mockup__back, .mockup__inset').count()).toBe(0);
      // Not dropped without a word: the picture says why that logo is not drawn.
      expect(await mockup(page).locator('[data-undrawn]').textContent()).toMatch(
        /^Full Back: not drawn, \w[\w ]* has no back picture; the logo is still stitched there$/,
      );
      expect(await layoutShift(page), 'CLS while choosing').toBe(0);
    });
  });
});
