// The success and orders suites' steps: bypass-code orders placed through the real order
// API, the orders it lists, the e-mail it wrote, and what the page logged. The world comes
// from harness.ts.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Answer, TestApi } from '../../server/tests/helpers/test-api.ts';
import type { CartLine } from '../../src/domain/cart-line.ts';
import { anOrderLine } from '../helpers/order-builders.ts';
import { tenant } from './harness.ts';

export const GUARDIAN_COMPANY = 'Guardian Automotive Group';
// Guardian's secrets as its file has them (tenants/guardian.yaml).
const guardian = tenant('guardian');
export const GUARDIAN_BYPASS_CODE = guardian.bypassCodes[0]!;
export const GUARDIAN_ADMIN_PASSWORD = guardian.adminPassword!;
/** The group's own password (the entry screen's): a staff session that lists its orders. */
export const GUARDIAN_STAFF_PASSWORD = guardian.password!;

/** Twelve navy Sport Polos with the Guardian Shield at Left Chest: $465.24, as the catalog prices them. */
export const GUARDIAN_POLO: CartLine = anOrderLine();

/** The same dozen polos with a second logo on the right sleeve. */
export const GUARDIAN_TWO_LOGO_POLO: CartLine = { ...GUARDIAN_POLO, secondEmbroidery: 'Guardian Script', secondPlacement: 'Right Sleeve' };

export interface OrderCustomer {
  first_name: string;
  last_name: string;
  email: string;
  store?: string;
  customer_po?: string;
}

/** Places a bypass-code order through the API, as the checkout does; answers the order as retrieve-orders lists it. */
export async function placeBypassOrder(api: TestApi, customer: OrderCustomer, cart: CartLine[], storeTokens: string[] = []): Promise<Record<string, any>> {
  const placed = await api.post(
    '/v1/create-order',
    {
      ...customer,
      companyName: GUARDIAN_COMPANY,
      bypassPaypal: true,
      code: GUARDIAN_BYPASS_CODE,
      cart,
      ...(storeTokens.length > 0 ? { store_tokens: storeTokens } : {}),
    },
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

/** The staff e-mail the order API wrote about `orderId` (the buyer's e-mails name it too, in their order link). */
export function waitForOrderMail(api: TestApi, orderId: string, timeoutMs = 10_000): Promise<WrittenMail> {
  return waitForMail(api, `Order id:     ${orderId}`, timeoutMs);
}

/**
 * The first e-mail the order API wrote that mentions `mention` (its .eml files in MAIL_DIR, which
 * the outbox worker writes shortly after the order), with headers unfolded and the
 * quoted-printable body decoded, so a test asserts on what a mail program shows.
 */
export async function waitForMail(api: TestApi, mention: string, timeoutMs = 10_000): Promise<WrittenMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(api.mailDir) ? readdirSync(api.mailDir).filter((name) => name.endsWith('.eml')) : [];
    for (const file of files) {
      const raw = readFileSync(path.join(api.mailDir, file), 'utf8');
      const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      const text = Buffer.from(
        body
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      if (!text.includes(mention)) continue;
      return { subject: /^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? '', text };
    }
    if (Date.now() > deadline) throw new Error(`no e-mail mentioning ${mention} in ${api.mailDir} within ${timeoutMs} ms`);
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
