// `npm run dev` in real Chromium: the dev server runs in this process against copies of the
// sample data and of src/ (so no test ever edits a file of the repository), with the order API
// beside it; the open item page follows catalog edits, shows and clears the data-error overlay,
// and picks up a component edit through React Fast Refresh.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { freePort } from '../../src/core/serve/free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ERRORS_TAG } from '../../src/core/dev/data-errors-overlay.ts';
import { DEFAULT_PLACEMENT_AREAS } from '../../src/domain/placement-areas.ts';
import { startDevServer, type DevServer } from '../../src/core/dev/dev-server.ts';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { launchChromium, saveScreenshot } from './harness.ts';

const CATALOG = 'catalogs/default.yaml'; // guardian's catalog
const ISLAND = 'src/islands/add-to-cart/item-details.tsx';

let scratch: string;
let dataRoot: string;
let srcRoot: string;
let dev: DevServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

/** Rewrites a file of the copied data or source, replacing `from` (which must be there) with `to`. */
function edit(root: string, file: string, from: string, to: string): void {
  const full = path.join(root, file);
  const text = readFileSync(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  writeFileSync(full, text.replace(from, to));
}

const heading = () => page.locator('h1.item__title').innerText();
const overlayText = () => page.evaluate((tag) => document.querySelector(tag)?.shadowRoot?.textContent ?? '', DATA_ERRORS_TAG);

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'dev-server-test-'));
  dataRoot = path.join(scratch, 'data');
  srcRoot = path.join(scratch, 'code');
  for (const folder of ['tenants', 'catalogs']) cpSync(path.join(REPO_ROOT, folder), path.join(dataRoot, folder), { recursive: true });
  mkdirSync(srcRoot);
  cpSync(path.join(REPO_ROOT, 'src'), path.join(srcRoot, 'src'), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json']) cpSync(path.join(REPO_ROOT, file), path.join(srcRoot, file));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(srcRoot, 'node_modules'), 'dir');

  const port = await freePort();
  let apiPort = await freePort();
  // The sample's three tenants without a route prefix take PORT+1 to PORT+3 (npm run dev refuses a clash).
  while (apiPort >= port && apiPort <= port + 3) apiPort = await freePort();
  dev = await startDevServer({
    repoRoot: REPO_ROOT,
    srcRoot,
    dataRoot,
    port,
    apiPort,
    api: { env: { SQLITE_PATH: path.join(scratch, 'orders.sqlite'), MAIL_DIR: path.join(scratch, 'mail') } },
    log: () => {},
  });
  browser = await launchChromium();
  page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => errors.push(error.message));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves an item page whose island hydrates from Vite dev modules', async () => {
    const response = await page.goto(`${dev.baseUrl('guardian')}item/K500/`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.locator('[data-island="item"][data-hydrated]').waitFor({ timeout: 30_000 });
    expect(await heading()).toBe('Silk Touch Sport Polo');
    expect(await page.locator('script[src="/src/runtime/client/item.tsx"]').count()).toBe(1);
    // The product photo is encoded on request.
    await page.waitForFunction(
      () => [...document.images].some((image) => image.src.includes('/@dealer-img/product/') && image.complete && image.naturalWidth > 0),
      undefined,
      { timeout: 30_000 },
    );
    expect(errors).toEqual([]);
  });

  it('shows a catalog edit on the open page without a manual reload, keeping the cart (sessionStorage)', async () => {
    await page.evaluate(() => sessionStorage.setItem('dev-test', 'kept'));
    edit(dataRoot, CATALOG, 'fullname: Silk Touch Sport Polo\n', 'fullname: Silk Touch Sport Polo Deluxe\n');
    await expect.poll(heading, { timeout: 5_000 }).toBe('Silk Touch Sport Polo Deluxe');
    expect(await page.evaluate(() => sessionStorage.getItem('dev-test'))).toBe('kept');
  });

  it('shows every problem of a broken edit in an overlay naming the file and line, over the last good page; the fix clears it', async () => {
    const text = readFileSync(path.join(dataRoot, CATALOG), 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes('fullname: Silk Touch Sport Polo Deluxe')) + 1;
    edit(dataRoot, CATALOG, 'fullname: Silk Touch Sport Polo Deluxe\n', 'fullname: [Silk, Touch]\n');
    await expect.poll(overlayText, { timeout: 5_000 }).toContain(`${CATALOG}:${line}:`);
    expect(await overlayText()).toContain('fullname');
    await saveScreenshot(page, 'dev-server-data-error-overlay');
    // The last good page stays underneath, and a page opened now shows the overlay too.
    expect(await heading()).toBe('Silk Touch Sport Polo Deluxe');
    const second = await page.context().newPage();
    await second.goto(`${dev.baseUrl('guardian')}item/K500/`, { waitUntil: 'load' });
    await expect
      .poll(() => second.evaluate((tag) => document.querySelector(tag)?.shadowRoot?.textContent ?? '', DATA_ERRORS_TAG), { timeout: 5_000 })
      .toContain(`${CATALOG}:${line}:`);
    await second.close();

    edit(dataRoot, CATALOG, 'fullname: [Silk, Touch]\n', 'fullname: Silk Touch Sport Polo Fixed\n');
    await expect.poll(heading, { timeout: 5_000 }).toBe('Silk Touch Sport Polo Fixed');
    await expect.poll(() => page.locator(DATA_ERRORS_TAG).count(), { timeout: 5_000 }).toBe(0);
  });

  it('clears the overlay when the fix restores exactly the last good data', async () => {
    // A YAML syntax error this time: an unclosed quote.
    edit(dataRoot, CATALOG, 'fullname: Silk Touch Sport Polo Fixed\n', 'fullname: "Silk Touch\n');
    await expect.poll(overlayText, { timeout: 5_000 }).toContain(`${CATALOG}:`);
    edit(dataRoot, CATALOG, 'fullname: "Silk Touch\n', 'fullname: Silk Touch Sport Polo Fixed\n');
    await expect.poll(() => page.locator(DATA_ERRORS_TAG).count(), { timeout: 5_000 }).toBe(0);
  });

  it('outlines the logo areas on an item page with ?areas, and moves them when the catalog is saved', async () => {
    const tuning = await page.context().newPage();
    await tuning.goto(`${dev.baseUrl('guardian')}item/K500/?areas`, { waitUntil: 'load' });
    await tuning.locator('[data-island="item"][data-hydrated]').waitFor({ timeout: 30_000 });
    const outline = tuning.locator('[data-outline="Left Chest"]');
    await outline.waitFor();
    const frontAreas = Object.entries(DEFAULT_PLACEMENT_AREAS.mens!)
      .filter(([, area]) => area.side === 'front')
      .map(([name]) => name);
    expect((await tuning.locator('[data-outline]').allInnerTexts()).sort()).toEqual(frontAreas.sort());
    const leftOf = async () => {
      const picture = (await tuning.locator('.item__image').boundingBox())!;
      const box = (await tuning.locator('[data-outline="Left Chest"]').boundingBox())!;
      return Number(((box.x - picture.x) / picture.width).toFixed(2));
    };
    expect(await leftOf()).toBe(DEFAULT_PLACEMENT_AREAS.mens!['Left Chest']!.x);
    edit(
      dataRoot,
      CATALOG,
      '    sizes: { Small: 38.77, Medium: 38.77, Large: 38.77, XLarge: 38.77, 2XL: 40.77, 3XL: 41.77, 4XL: 43.32 }\n',
      '    sizes: { Small: 38.77, Medium: 38.77, Large: 38.77, XLarge: 38.77, 2XL: 40.77, 3XL: 41.77, 4XL: 43.32 }\n    placement_areas:\n      Left Chest: { x: 0.2, y: 0.5, width: 0.1, height: 0.1 }\n',
    );
    await expect.poll(() => leftOf().catch(() => undefined), { timeout: 10_000 }).toBe(0.2);
    // Without ?areas, no outline.
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-island="item"][data-hydrated]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-outline]').count()).toBe(0);
    await tuning.close();
  });

  it('shows an edit of an island component in src/ without reloading the page (React Fast Refresh)', async () => {
    await page.locator('[data-island="item"][data-hydrated]').waitFor();
    await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 1));
    const button = page.locator('[data-island="item"] button[type="submit"]');
    expect((await button.innerText()).trim()).toBe('Add to Cart');
    edit(srcRoot, ISLAND, '          Add to Cart\n', '          Add to Cart Now\n');
    await expect.poll(async () => (await button.innerText()).trim(), { timeout: 10_000 }).toBe('Add to Cart Now');
    expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker), 'the page was not reloaded').toBe(1);
  });

  it('shows an edit of a page rendered only on the server after an automatic reload', async () => {
    const file = 'src/components/page-shell.tsx';
    const source = readFileSync(path.join(srcRoot, file), 'utf8');
    const match = /Skip to content/.exec(source);
    expect(match, `${file} has the skip link`).not.toBeNull();
    edit(srcRoot, file, 'Skip to content', 'Skip to the content');
    await expect.poll(() => page.locator('a.skip-link').textContent(), { timeout: 10_000 }).toBe('Skip to the content');
    expect(errors).toEqual([]);
  });

  it("shows a page that fails to render in Vite's error overlay, with the error, and the page again once the code is fixed", async () => {
    const file = 'src/components/page-shell.tsx';
    const broken = "  const { config } = model;\n  if (config) throw new Error('the page shell is broken for this test');\n";
    edit(srcRoot, file, '  const { config } = model;\n', broken);
    const viteOverlay = () => page.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? '');
    await expect.poll(viteOverlay, { timeout: 10_000 }).toContain('the page shell is broken for this test');
    expect(await page.locator('h1.item__title').count()).toBe(0);
    edit(srcRoot, file, broken, '  const { config } = model;\n');
    await expect.poll(() => heading().catch(() => ''), { timeout: 10_000 }).toBe('Silk Touch Sport Polo Fixed');
    expect(await page.locator('vite-error-overlay').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
