import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { ApiAnswer, ApiContext, ApiRequest } from '../../app/api-context.ts';
import { clientKey } from '../../app/client-key.ts';
import { createSession } from '../../app/create-session.ts';
import { DeviceProofs } from '../../app/device-proofs.ts';
import { FailureLimiter } from '../../app/failure-limiter.ts';
import { errorAnswer } from '../../app/request-handler.ts';
import { loadServedData } from '../../app/served-data.ts';
import { OrderLinks } from '../../app/order-links.ts';
import { DeskOrders } from '../../storage/desk-orders.ts';
import { SessionTokens } from '../../app/session-tokens.ts';
import type { TenantDirectory } from '../../app/tenant-directory.ts';
import { createLogger } from '../../logger.ts';
import { withHtml } from '../../mail/buyer-confirmation-email.tsx';
import type { MailMessage, SupplierContact } from '../../mail/mail-message.ts';
import { PayPalClient } from '../../paypal/paypal-client.ts';
import { migrate } from '../../storage/migrations.ts';
import { OrderDatabase, type NewOrder } from '../../storage/order-database.ts';
import { moneyFromDollars } from '../../../src/domain/money.ts';
import { withSession } from '../../../tests/helpers/session-builders.ts';
import { aStoredOrderLine } from '../../../tests/helpers/order-builders.ts';
import { openSqliteDatabase } from '../../storage/sqlite-database.ts';
import type { FakePayPal } from './fake-paypal.ts';
import { BYPASS_TENANT, SUPPLIER, writeOrderFixture } from './order-fixture.ts';

export type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<ApiAnswer>;

export interface CallOptions {
  headers?: Record<string, string>;
  clientIp?: string;
}

/** The order API's handlers over an in-memory SQLite database: no socket, no sample build. */
export interface HandlerWorld {
  ctx: ApiContext;
  database: OrderDatabase;
  /** Every log line the handlers wrote. */
  logs: Record<string, unknown>[];
  /** The handler's answer, or the error it threw as the request handler answers it (status, `{ message, … }`). */
  call(handler: Handler, body: unknown, options?: CallOptions): Promise<ApiAnswer>;
  /** `Authorization` of a new session of the tenant (POST /v1/session's handler). */
  signIn(companyName: string, password: string): Promise<Record<string, string>>;
  /** The e-mails waiting in the outbox, oldest first. */
  outbox(): Promise<(MailMessage & { orderId: string })[]>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** PayPal credentials pointing at this fake; none: PayPal checkout is off. */
  paypal?: FakePayPal;
  maxFailures?: number;
  unpaidOrdersPerClient?: number;
  maxCartLines?: number;
}

export const SESSION_SECRET = 'handler-tests-session-secret-0123456789';
export const MAIL_FROM = `${SUPPLIER.name} <${SUPPLIER.email}>`;

let served: { root: string; tenants: TenantDirectory; supplier: SupplierContact } | undefined;

/** The order fixture's data (order-fixture.ts), loaded once per test file. */
export function fixtureData(): { tenants: TenantDirectory; supplier: SupplierContact } {
  if (!served) {
    const root = writeOrderFixture();
    const data = loadServedData(root);
    if ('problem' in data) throw new Error(data.problem);
    served = { root, tenants: data.tenants, supplier: data.project.supplier };
  }
  return served;
}

/** Removes the fixture's folder; for a file's afterAll. */
export function removeFixture(): void {
  if (served) rmSync(served.root, { recursive: true, force: true });
  served = undefined;
}

export async function handlerWorld(options: WorldOptions = {}): Promise<HandlerWorld> {
  const { tenants, supplier } = fixtureData();
  const db = openSqliteDatabase(':memory:');
  await migrate(db, { tenants: tenants.known() });
  const database = new OrderDatabase(db);
  const logs: Record<string, unknown>[] = [];
  const log = createLogger('debug', (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const { paypal } = options;
  const ctx: ApiContext = {
    database,
    tenants,
    paypal: paypal && new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, baseUrl: paypal.url, timeoutMs: 5_000 }),
    limiter: new FailureLimiter(database.failures, options.maxFailures ?? 3, 900_000),
    sessions: new SessionTokens(SESSION_SECRET, 3_600),
    orderLinks: new OrderLinks(SESSION_SECRET),
    desk: { orders: new DeskOrders(database.db) },
    devices: new DeviceProofs(SESSION_SECRET, database.deviceProofs),
    limits: { maxCartLines: options.maxCartLines ?? 200, unpaidOrdersPerClient: { max: options.unpaidOrdersPerClient ?? 20, windowMs: 3_600_000 } },
    log,
    mailFrom: MAIL_FROM,
    buyerMail: { supplier, from: MAIL_FROM, perTenantPerHour: 200, perRecipientPerHour: 10, outbox: database.outbox, log },
    mailQueued: () => undefined,
    storageKind: 'sqlite',
    timing: { keyLeaseMs: 5_000, keyRenewMs: 1_000, waitForOtherMs: 2_000, staleCaptureMs: 15_000, captureWaitMs: 1_000, pollMs: 10 },
  };

  let requests = 0;
  const call = async (handler: Handler, body: unknown, { headers = {}, clientIp = `198.51.100.${++requests % 250}` }: CallOptions = {}) => {
    const request: ApiRequest = { body, headers: lowerCase(headers), clientIp, client: clientKey(clientIp, 64), log };
    try {
      return await handler(ctx, request);
    } catch (error) {
      return errorAnswer(error, log);
    }
  };
  return {
    ctx,
    database,
    logs,
    call,
    async signIn(companyName, password) {
      const answer = await call(createSession, { companyName, password });
      if (answer.status !== 200) throw new Error(`no session for ${companyName}: ${JSON.stringify(answer.body)}`);
      return withSession(String(answer.body.token));
    },
    async outbox() {
      const rows = await db.query<{ order_id: string; message: string }>('SELECT order_id, message FROM mail_outbox ORDER BY id');
      // As the mail thread sends them: a confirmation with its HTML rendered.
      return rows.map((row) => ({ ...withHtml(JSON.parse(row.message) as MailMessage), orderId: row.order_id }));
    },
    close: () => database.close(),
  };
}

/**
 * An order as create-order stores it, for the handlers that read or change orders: Bypass
 * Motors' by default, placed with a bypass code, one line of 12 K500 polos ($465.24).
 */
export function storedOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  const line = aStoredOrderLine({ name: 'K500 name' });
  return {
    orderId: randomUUID(),
    tenantId: 'bypass-motors',
    companyName: BYPASS_TENANT,
    email: 'ann@dealer.example',
    firstName: 'Ann',
    lastName: 'Lee',
    store: '',
    customerPo: '',
    paid: 2,
    total: moneyFromDollars(465.24),
    lines: [line],
    createdAt: new Date().toISOString(),
    placedWith: 'bypass code 1 of 2',
    clientIp: '203.0.113.5',
    paymentRef: '',
    ...overrides,
  };
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
