// What the storefront suites check on the pages of the sample site: the tenants they drive,
// what a visit watches for, and the checks every page passes. The world they drive comes from
// harness.ts.
import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Locator, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { Category } from '../../src/domain/categories.ts';
import type { Product } from '../../src/domain/product.ts';
import { startingPrice, startingPriceText } from '../../src/domain/starting-price.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { seriousAxeViolations } from './axe.ts';
import { project, tenant, visibleProducts } from './harness.ts';

export const supplier = project.supplier;

/**
 * The order API's environment for the storefront suites: they type a few wrong passwords on
 * purpose, all from one address, more than the test API's usual limit of wrong guesses.
 */
export const STOREFRONT_API_ENV = { RATE_LIMIT_MAX_FAILURES: '50' };

export function productOf(t: Tenant, code: string): Product {
  const found = visibleProducts(t).find((p) => p.code === code);
  if (!found) throw new Error(`${t.id} has no visible product ${code}`);
  return found;
}

export function presentCategories(t: Tenant): Category[] {
  return [...new Set(visibleProducts(t).map((p) => p.type))];
}

/** Products listed on a store's customs catalog. */
export function storeProducts(t: Tenant, storeCode: string): Product[] {
  return visibleProducts(t).filter((p) => p.type === 'customs' && p.supportedStores.includes(storeCode));
}

/** 'Starts at' as the item page words it, from the domain's starting price. */
export function startsAt(product: Product): string {
  const lowest = startingPrice(product);
  if (lowest === undefined) throw new Error(`${product.code} has no starting price`);
  return startingPriceText(lowest);
}

/**
 * The tenants the browser suite drives, one of each kind the issue names, with the pages of
 * each worth a closer look.
 */
export interface TenantCase {
  id: string;
  kind: string;
  /** An apparel item: prices, swatches, logo pickers, a size grid. */
  apparel: string;
  /** A customs item sold in print runs: a quantity per tier and colour, no price, no logo. */
  customs: string;
  /** A store whose customs catalog exists and which opens without a password. */
  openStore: string;
  /** A store that asks for a password, and that password. */
  lockedStore?: { code: string; password: string };
  /** A product whose description is longer than one line on the item page. */
  longDescription: string;
  /** One whose description fits in one line. */
  shortDescription?: string;
}

export const CASES: TenantCase[] = [
  {
    id: 'stivers',
    kind: 'prefixed, PayPal',
    apparel: 'K500',
    customs: 'PLT-ST',
    openStore: 'SFRDMG',
    lockedStore: lockedStore('stivers', 'SFRDDC'),
    longDescription: 'J754',
  },
  {
    id: 'guardian',
    kind: 'prefixed, bypass only, store picker',
    apparel: 'K500',
    customs: 'PLT-AL',
    openStore: 'GFORD1',
    lockedStore: lockedStore('guardian', 'GCHEV1'),
    longDescription: 'K540',
    shortDescription: 'K500',
  },
  { id: 'first', kind: 'no prefix', apparel: 'K500', customs: 'PLT-FA', openStore: 'FTOYHB', longDescription: 'J754' },
];

/** A store of a sample tenant with its password, as its file has it (tenants/<id>.yaml). */
function lockedStore(id: string, code: string): { code: string; password: string } {
  const { password } = storeOf(tenant(id), code);
  if (!password) throw new Error(`${id}'s store ${code} has no password`);
  return { code, password };
}

export function storeOf(t: Tenant, code: string) {
  const store = t.stores.find((s) => s.code === code);
  if (!store) throw new Error(`${t.id} has no store ${code}`);
  return store;
}

// ---------------------------------------------------------------------------------------------
// Visiting a page.

/**
 * Everything that went wrong while a page was open: uncaught errors, console errors, failed
 * requests and 4xx/5xx responses. Requests to other origins are allowed only where `foreign`
 * says so (the ordering pages call the order API and PayPal, neither of which runs here).
 */
export class Problems {
  readonly list: string[] = [];
  private readonly detach: () => void;

  constructor(page: Page, origin: string, { expectedMissing = [] as string[], foreign = false, javaScript = true } = {}) {
    const ours = (url: string) => url.startsWith('data:') || new URL(url).origin === origin;
    const onError = (error: Error) => this.list.push(`uncaught error: ${error.message}`);
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const at = message.location().url;
      // A 404 is logged by Chromium as a console error as well; the response below judges it.
      if (/^Failed to load resource/.test(message.text()) && (expectedMissing.includes(at) || (foreign && at && !ours(at)))) return;
      this.list.push(`console error: ${message.text()} ${at}`);
    };
    const onFailed = (request: Request) => {
      if (foreign && !ours(request.url())) return;
      // With JavaScript off Chromium refuses the page's module preloads (as 'csp'); nothing is missing for the visitor.
      if (!javaScript && request.failure()?.errorText === 'csp') return;
      // The browser cancelled it: a lazy picture still loading when the test went to the next page.
      // A file the server cannot give answers 404 or breaks the connection, which are judged.
      if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
      this.list.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
    };
    const onRequest = (request: Request) => {
      if (!foreign && !ours(request.url())) this.list.push(`request to another origin: ${request.url()}`);
    };
    const onResponse = (response: Response) => {
      if (response.status() < 400 || expectedMissing.includes(response.url())) return;
      if (foreign && !ours(response.url())) return;
      this.list.push(`HTTP ${response.status()}: ${response.url()}`);
    };
    page.on('pageerror', onError);
    page.on('console', onConsole);
    page.on('requestfailed', onFailed);
    page.on('request', onRequest);
    page.on('response', onResponse);
    this.detach = () => {
      page.off('pageerror', onError);
      page.off('console', onConsole);
      page.off('requestfailed', onFailed);
      page.off('request', onRequest);
      page.off('response', onResponse);
    };
  }

  /** Stops watching (for a page that the next test reuses). */
  stop(): void {
    this.detach();
  }
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  problems: Problems;
  status: number | undefined;
}

export interface VisitOptions extends BrowserContextOptions {
  expectedMissing?: string[];
  foreign?: boolean;
}

/** Opens `url` in a fresh browser context (JavaScript on unless told), watching for problems. */
export async function visit(browser: Browser, url: string, options: VisitOptions = {}): Promise<Visit> {
  const { expectedMissing, foreign, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = new Problems(page, new URL(url).origin, { expectedMissing, foreign, javaScript: contextOptions.javaScriptEnabled !== false });
  const response = await page.goto(url, { waitUntil: 'load' });
  return { context, page, problems, status: response?.status() };
}

/** Opens `url` as visit() does, runs `check` on it, fails on any problem seen meanwhile, and closes it. */
export async function withVisit(browser: Browser, url: string, check: (opened: Visit) => Promise<void>, options: VisitOptions = {}): Promise<void> {
  const opened = await visit(browser, url, options);
  try {
    await check(opened);
    expect(opened.problems.list, `problems after visiting ${url}`).toEqual([]);
  } finally {
    await opened.context.close();
  }
}

/** Waits until the locator is visible (vitest's expect does not wait), failing with its description. */
export async function visible(locator: Locator, timeout = 5_000): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/**
 * Runs `press` (an action that raises a notice) while already waiting for `notice` to be visible:
 * a notice hides itself after 2.5 s (NOTICE_MS), which a loaded machine can spend between a click
 * and a wait started after it. The wait is called first, so its poller runs in the page before
 * the press. `timeout` is Playwright's default unless given.
 */
export async function pressAndSee(notice: Locator, press: () => Promise<unknown>, timeout?: number): Promise<Locator> {
  await Promise.all([notice.waitFor({ state: 'visible', timeout }), press()]);
  return notice;
}

export async function isShown(locator: Locator): Promise<boolean> {
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

// ---------------------------------------------------------------------------------------------
// Checks shared by every storefront page.

/**
 * The layout a user sees on every page: header with the main phone, the account reps,
 * the company logo linking home, 'View Orders', 'Cart (0)'; footer with address and phone.
 */
export async function expectFrame(page: Page, t: Tenant, baseUrl: string): Promise<void> {
  const header = page.getByRole('banner');
  await visible(header);
  expect(await header.innerText()).toContain(`Call ${supplier.mainPhone}`);
  expect(await header.getByRole('link', { name: supplier.mainPhone, exact: true }).getAttribute('href')).toBe(`tel:${supplier.mainPhone}`);
  const reps = header.getByRole('list', { name: 'Account representatives' }).getByRole('listitem');
  expect((await reps.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(t.accountReps.map((rep) => `${rep.name} ${rep.phone}`));
  const home = header.getByRole('link', { name: `${t.title} home` });
  expect(await home.evaluate((a: HTMLAnchorElement) => a.href)).toBe(baseUrl);
  expect(await home.locator('img').count(), 'the home link shows the company logo').toBe(t.companyLogo ? 1 : 0);
  expect(await header.getByRole('button', { name: 'View Orders' }).isVisible()).toBe(true);
  const cart = header.getByRole('link', { name: 'Cart (0)' });
  expect(await cart.isVisible()).toBe(true);
  expect(await cart.evaluate((a: HTMLAnchorElement) => a.href)).toBe(`${baseUrl}checkout/`);

  const footer = page.getByRole('contentinfo');
  const footerText = await footer.innerText();
  expect(footerText).toContain(supplier.postalAddress);
  expect(footerText).toContain(supplier.mainPhone);
  expect(await page.getByRole('main').count()).toBe(1);
}

export async function mainHeading(page: Page): Promise<string> {
  const headings = page.getByRole('main').getByRole('heading', { level: 1 });
  expect(await headings.count(), 'one h1 in main').toBe(1);
  return (await headings.innerText()).trim();
}

/** Every link of the page that stays on the site (not tel:, mailto: or another site). */
export async function siteLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return [...new Set(hrefs.filter((href) => href.startsWith('http') && new URL(href).origin === origin).map((href) => href.split('#')[0] ?? href))];
}

/**
 * Every on-site link stays under the tenant's base path and leads to a page or file that
 * exists (no 404 page). Fetched by the page itself, since only Chromium resolves *.localhost.
 */
export async function expectLinksResolve(page: Page, baseUrl: string): Promise<void> {
  const here = page.url().split('#')[0];
  const links = (await siteLinks(page)).filter((href) => href !== here);
  expect(links.length).toBeGreaterThan(0);
  expect(
    links.filter((href) => !href.startsWith(baseUrl)),
    `links leaving ${baseUrl}`,
  ).toEqual([]);
  const broken = await page.evaluate(async (urls) => {
    const statuses = await Promise.all(urls.map(async (url) => ({ url, status: (await fetch(url, { redirect: 'manual' })).status })));
    return statuses.filter(({ status }) => status !== 200).map(({ url, status }) => `${status} ${url}`);
  }, links);
  expect(broken, 'links that do not lead to a page').toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// axe-core

/** Fails the test with axe-core's serious and critical violations of the whole page, if any. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `axe on ${page.url()}:\n${violations.join('\n')}`).toEqual([]);
}
