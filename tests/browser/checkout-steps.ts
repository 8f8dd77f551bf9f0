// The checkout suite's steps: cart lines as the item page writes them, a shopper on the
// checkout page with PayPal's SDK script replaced by a local fake, the contact form, and the
// orders the API recorded. The world (site, order API with the fake PayPal, Chromium) comes
// from harness.ts.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { FakePayPal } from '../../server/tests/helpers/fake-paypal.ts';
import { cartKey, recordedPlacements, type CartLine } from '../../src/domain/cart-line.ts';
import { moneyToDollars } from '../../src/domain/money.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { catalogProduct, openWorld, project, type SiteWorld } from './harness.ts';

export type CheckoutWorld = SiteWorld & { paypal: FakePayPal };

/** The world with the fake PayPal behind the order API. */
export async function openCheckoutWorld(): Promise<CheckoutWorld> {
  const world = await openWorld({ paypal: true });
  if (!world.paypal) throw new Error('the world was opened without the fake PayPal');
  return { ...world, paypal: world.paypal };
}

/**
 * A cart line as the item page adds it: name and type from the catalog, the size's price as
 * the page showed it, the logo placement recorded only where the domain records it (a type
 * that records placement, beside a logo; 'Left Chest' is the form's default).
 */
export function cartLine(
  t: Tenant,
  code: string,
  size: string,
  quantity: number,
  color?: string,
  logo: { embroidery?: string; placement?: string } = {},
): CartLine {
  const p = catalogProduct(t, code);
  const price = p.sizes.find((s) => s.label === size)?.price;
  if (price === undefined) throw new Error(`${code} has no size ${size}`);
  const embroidery = logo.embroidery ?? '';
  const { placement } = recordedPlacements(p.type, { embroidery, placement: logo.placement ?? 'Left Chest' });
  return { type: p.type, name: p.name, price: moneyToDollars(price), quantity, size, color: color ?? p.defaultColor, code, placement, embroidery };
}

/** The map sessionStorage holds under `cart`. */
export function cartMap(lines: readonly CartLine[]): Record<string, CartLine> {
  return Object.fromEntries(lines.map((line) => [cartKey(line), line]));
}

export const FAKE_SDK = readFileSync(new URL('./checkout-fake-paypal-sdk.js', import.meta.url), 'utf8');
export const SDK_PATTERN = 'https://www.paypal.com/sdk/js**';

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
