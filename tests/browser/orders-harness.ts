// The success and orders suites' harness: the real order API on loopback, the sample site built
// against it and served by the project's own server, and one Chromium.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { startTestApi, type Answer, type TestApi } from '../../server/tests/helpers/test-api.ts';
import { loadProject } from '../../src/core/data/load-project.ts';
import { siteMounts } from '../../src/core/serve/site-mounts.ts';
import { createSiteServer } from '../../src/core/serve/site-server.ts';
import type { CartLine } from '../../src/domain/cart-line.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { sampleBuild } from '../helpers/sample-build.ts';
import { launchChromium } from './chromium.ts';

const loaded = loadProject(REPO_ROOT);
if (!loaded.project) throw new Error('the sample data must be valid');
export const project = loaded.project;

export function tenant(id: string): Tenant {
  const found = project.tenants.find((t) => t.id === id);
  if (!found) throw new Error(`no sample tenant ${id}`);
  return found;
}

export interface OrderingSite {
  /** The real order API, allowing the storefront's origin. */
  api: TestApi;
  apiClosed: boolean;
  closeApi(): Promise<void>;
  /** http://localhost:PORT */
  origin: string;
  /** http://localhost:PORT/guardian/, or http://first.localhost:PORT/ for a tenant without prefix. */
  baseUrl(tenantId: string): string;
  outDir: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The storefront's port is taken first (the API must allow its origin when it starts), then
 * the API starts on a free port, then the sample site is built against that API and served.
 */
export async function openOrderingSite(): Promise<OrderingSite> {
  let site: ReturnType<typeof createSiteServer> | undefined;
  const server = createServer((request, response) => {
    if (site) site.emit('request', request, response);
    else response.writeHead(503).end('not built yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  const api = await startTestApi({ dataRoot: REPO_ROOT, env: { CORS_ORIGINS: `${origin},http://first.localhost:${port}` } });
  try {
    const { outDir } = await sampleBuild(api.url);
    site = createSiteServer(siteMounts(project.tenants, outDir));
    const browser = await launchChromium();
    const result: OrderingSite = {
      api,
      apiClosed: false,
      async closeApi() {
        if (result.apiClosed) return;
        result.apiClosed = true;
        await api.close();
      },
      origin,
      baseUrl: (tenantId) => {
        const t = tenant(tenantId);
        return t.routePrefix === '' ? `http://${t.id}.localhost:${port}/` : `${origin}/${t.routePrefix}/`;
      },
      outDir,
      browser,
      close: async () => {
        await browser.close();
        await result.closeApi();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
    return result;
  } catch (error) {
    await api.close();
    server.close();
    throw error;
  }
}

export const GUARDIAN_COMPANY = 'Guardian Automotive Group';
export const GUARDIAN_BYPASS_CODE = 'NET30GUARD';
export const GUARDIAN_ADMIN_PASSWORD = 'guardian-admin-4821';
/** The group's own password (the entry screen's): a staff session that lists its orders. */
export const GUARDIAN_STAFF_PASSWORD = 'guardian-entry';

export interface OrderCustomer {
  first_name: string;
  last_name: string;
  email: string;
  store?: string;
  customer_po?: string;
}

/** Places a bypass-code order through the API, as the checkout does; answers the order as retrieve-orders lists it. */
export async function placeBypassOrder(api: TestApi, customer: OrderCustomer, cart: CartLine[]): Promise<Record<string, any>> {
  const placed = await api.post(
    '/v1/create-order',
    { ...customer, companyName: GUARDIAN_COMPANY, bypassPaypal: true, code: GUARDIAN_BYPASS_CODE, cart },
    { 'idempotency-key': randomUUID() },
  );
  if (placed.status !== 200) throw new Error(`create-order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  const order = (await retrieveOrders(api)).find((o) => o.order_id === placed.body.order_id);
  if (!order) throw new Error(`order ${placed.body.order_id} is not listed by retrieve-orders`);
  return order;
}

export async function retrieveOrders(api: TestApi): Promise<Record<string, any>[]> {
  const answer: Answer = await api.post('/v1/retrieve-orders', { companyName: GUARDIAN_COMPANY }, await api.signIn(GUARDIAN_COMPANY, GUARDIAN_ADMIN_PASSWORD));
  if (answer.status !== 200) throw new Error(`retrieve-orders answered ${answer.status}`);
  return answer.body.orders as Record<string, any>[];
}

/** An order e-mail as the API wrote it to its MAIL_DIR: the subject and the decoded text body. */
export interface WrittenMail {
  subject: string;
  text: string;
}

/**
 * The e-mail the order API wrote about `orderId` (its .eml files in MAIL_DIR, which the
 * outbox worker writes shortly after the order), with headers unfolded and the
 * quoted-printable body decoded, so a test asserts on what a mail program shows.
 */
export async function waitForOrderMail(api: TestApi, orderId: string, timeoutMs = 10_000): Promise<WrittenMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(api.mailDir) ? readdirSync(api.mailDir).filter((name) => name.endsWith('.eml')) : [];
    for (const file of files) {
      const raw = readFileSync(path.join(api.mailDir, file), 'utf8');
      const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      const text = Buffer.from(
        body.join('\n\n').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      if (!text.includes(orderId)) continue;
      return { subject: /^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? '', text };
    }
    if (Date.now() > deadline) throw new Error(`no e-mail about order ${orderId} in ${api.mailDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uncaught errors, console errors and warnings the page produced. */
export function watchConsole(page: Page): { errors: string[]; warnings: string[] } {
  const seen = { errors: [] as string[], warnings: [] as string[] };
  page.on('pageerror', (error) => seen.errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // The orders page's first request goes without a session, in case the server lists orders
    // to anyone (the spec's contract); ours answers 401 and Chromium logs that. Expected.
    if (message.type() === 'error' && /status of 401/.test(message.text())) return;
    if (message.type() === 'error') seen.errors.push(message.text());
    if (message.type() === 'warning') seen.warnings.push(message.text());
  });
  return seen;
}

/**
 * 'January 05, 2024' computed independently of the island's code: the date's parts in the
 * given time zone, the day padded to two digits.
 */
export function expectedOrderDate(createdAt: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).formatToParts(new Date(createdAt));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day').padStart(2, '0')}, ${part('year')}`;
}
