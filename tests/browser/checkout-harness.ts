// The checkout suite's world: the sample site built for a real order API on loopback (with
// the fake PayPal REST server behind it), served the way `npm start` serves it, a Chromium,
// and PayPal's SDK script replaced by a local fake.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { startFakePayPal, type FakePayPal } from '../../server/tests/helpers/fake-paypal.ts';
import { startTestApi, type TestApi } from '../../server/tests/helpers/test-api.ts';
import { loadProject, type Project } from '../../src/core/data/load-project.ts';
import { siteMounts } from '../../src/core/serve/site-mounts.ts';
import { createSiteServer } from '../../src/core/serve/site-server.ts';
import { cartKey, type CartLine } from '../../src/domain/cart-line.ts';
import { recordsPlacement } from '../../src/domain/logo-rules.ts';
import type { Product } from '../../src/domain/product.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { sampleBuild } from '../helpers/sample-build.ts';
import { launchChromium } from './chromium.ts';

const loaded = loadProject(REPO_ROOT);
if (!loaded.project) throw new Error('the sample data must be valid');
export const project: Project = loaded.project;

export function tenant(id: string): Tenant {
  const found = project.tenants.find((t) => t.id === id);
  if (!found) throw new Error(`no sample tenant ${id}`);
  return found;
}

export function product(t: Tenant, code: string): Product {
  const found = project.catalogs.get(t.catalogId)?.products.find((p) => p.code === code);
  if (!found) throw new Error(`${t.id}'s catalog has no ${code}`);
  return found;
}

/** A cart line as the item page adds it: name and type from the catalog, price as the item page showed it. */
export function cartLine(t: Tenant, code: string, size: string, quantity: number, color?: string, logo: { embroidery?: string; placement?: string } = {}): CartLine {
  const p = product(t, code);
  const price = p.sizes.find((s) => s.label === size)?.price;
  if (price === undefined) throw new Error(`${code} has no size ${size}`);
  return {
    type: p.type,
    name: p.name,
    price: price / 10_000,
    quantity,
    size,
    color: color ?? p.defaultColor,
    code,
    placement: recordsPlacement(p.type) ? (logo.placement ?? 'Left Chest') : '',
    embroidery: logo.embroidery ?? '',
  };
}

/** The map sessionStorage holds under `cart`. */
export function cartMap(lines: readonly CartLine[]): Record<string, CartLine> {
  return Object.fromEntries(lines.map((line) => [cartKey(line), line]));
}

export const FAKE_SDK = readFileSync(new URL('./checkout-fake-paypal-sdk.js', import.meta.url), 'utf8');
export const SDK_PATTERN = 'https://www.paypal.com/sdk/js**';

export interface CheckoutWorld {
  browser: Browser;
  api: TestApi;
  paypal: FakePayPal;
  /** http://localhost:PORT: the storefront's origin, allowed by the API's CORS. */
  siteOrigin: string;
  baseUrl(tenantId: string): string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/**
 * The site's port is taken first (its handler is filled in once the build exists), so the API
 * can start on a free port allowing that origin, and the site is built for the API's URL.
 */
export async function openCheckoutWorld(): Promise<CheckoutWorld> {
  let site: Server | undefined;
  const front = createServer((request, response) => {
    if (site) site.emit('request', request, response);
    else response.writeHead(503).end('not built yet');
  });
  const sitePort = await listen(front);
  const siteOrigin = `http://localhost:${sitePort}`;
  const paypal = await startFakePayPal();
  const api = await startTestApi({ dataRoot: REPO_ROOT, paypal, env: { CORS_ORIGINS: siteOrigin } });
  const { outDir } = await sampleBuild(api.url);
  site = createSiteServer(siteMounts(project.tenants, outDir));
  const browser = await launchChromium();
  return {
    browser,
    api,
    paypal,
    siteOrigin,
    baseUrl: (tenantId) => `${siteOrigin}/${tenant(tenantId).routePrefix}/`,
    close: async () => {
      await browser.close();
      await closeServer(front);
      await api.close();
      await paypal.close();
    },
  };
}

export interface Shopper {
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked PayPal's SDK host for. */
  sdkRequests: string[];
  /** Uncaught errors of the page. */
  pageErrors: string[];
  /** What the page logged as errors (React's hydration errors among them). */
  consoleErrors: string[];
}

export type SdkMode = 'fake' | 'abort' | 'hang';

/**
 * A fresh browser session with `lines` in its cart, on the tenant's checkout page. PayPal's
 * script is served by the fake, refused as an ad blocker would, or never answered.
 */
export async function openCheckout(world: CheckoutWorld, tenantId: string, lines: readonly CartLine[], sdk: SdkMode = 'fake'): Promise<Shopper> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const sdkRequests: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  const hung: Route[] = [];
  await context.route(SDK_PATTERN, async (route) => {
    sdkRequests.push(route.request().url());
    if (sdk === 'abort') return route.abort('blockedbyclient');
    if (sdk === 'hang') return void hung.push(route);
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK });
  });
  context.on('close', () => hung.forEach((route) => route.abort().catch(() => undefined)));
  // The cart lives in sessionStorage of the storefront's origin: the page goes there first.
  await page.goto(`${world.baseUrl(tenantId)}`, { waitUntil: 'domcontentloaded' });
  await loadCheckout(page, world.baseUrl(tenantId), lines);
  return { context, page, sdkRequests, pageErrors, consoleErrors };
}

/**
 * Writes `lines` as the cart the way the item page leaves it: the cartMap in sessionStorage of
 * the storefront's origin, which the page must already be on.
 */
export async function writeCart(page: Page, lines: readonly CartLine[]): Promise<void> {
  await page.evaluate((cart) => sessionStorage.setItem('cart', JSON.stringify(cart)), cartMap(lines));
}

/** From a page on the storefront's origin: `lines` in the cart, then the checkout under `baseUrl`, hydrated. */
export async function loadCheckout(page: Page, baseUrl: string, lines: readonly CartLine[]): Promise<void> {
  await writeCart(page, lines);
  // Not 'load': a PayPal script that never answers holds the load event for as long as it hangs,
  // whenever the island asks for it before the page's images are in.
  await page.goto(`${baseUrl}checkout/`, { waitUntil: 'domcontentloaded' });
  await waitForCheckoutIsland(page);
}

/** The prerendered checkout looks like the live one; only the island's hydrated mark tells them apart. */
export async function waitForCheckoutIsland(page: Page): Promise<void> {
  await page.locator('[data-island="checkout"][data-hydrated]').waitFor({ state: 'attached' });
  // A cart with lines waits for the tenant's catalog price file before it shows.
  await page.locator('[data-island="checkout"]').getByText('Loading your cart…').waitFor({ state: 'hidden' });
}

export interface ContactDetails {
  first: string;
  last: string;
  email: string;
  po?: string;
  /** The Store option's text. */
  store?: string;
}

export async function fillDetails(page: Page, details: ContactDetails): Promise<void> {
  await page.getByLabel('First Name', { exact: true }).fill(details.first);
  await page.getByLabel('Last Name', { exact: true }).fill(details.last);
  await page.getByLabel('Email', { exact: true }).fill(details.email);
  if (details.po !== undefined) await page.getByLabel('Customer PO', { exact: true }).fill(details.po);
  if (details.store !== undefined) await page.getByLabel('Store', { exact: true }).selectOption({ label: details.store });
}

/** The orders the API lists for the tenant with this e-mail. */
export async function ordersOf(world: CheckoutWorld, companyName: string, email: string): Promise<Record<string, any>[]> {
  const admin = project.tenants.find((t) => t.companyName === companyName)?.adminPassword ?? '';
  const answer = await world.api.post('/v1/retrieve-orders', { companyName }, await world.api.signIn(companyName, admin));
  if (answer.status !== 200) throw new Error(`retrieve-orders answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body.orders as Record<string, any>[]).filter((order) => order.email === email);
}

/** A unique e-mail per test, so each test finds only its own orders. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@dealer.example`;
}

/** Whether the page is wider than its viewport (a phone would scroll sideways). */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
