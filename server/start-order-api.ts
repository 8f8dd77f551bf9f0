import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiContext } from './app/api-context.ts';
import { compileBodySchemas } from './app/body-schemas.ts';
import { DeviceProofs } from './app/device-proofs.ts';
import { FailureLimiter } from './app/failure-limiter.ts';
import { createRequestHandler } from './app/request-handler.ts';
import { sessionSecret } from './app/session-secret.ts';
import { OrderLinks } from './app/order-links.ts';
import { SessionTokens } from './app/session-tokens.ts';
import { DeskOrders } from './storage/desk-orders.ts';
import { loadServedData } from './app/served-data.ts';
import type { TenantDirectory } from './app/tenant-directory.ts';
import { redact, type Config } from './config.ts';
import { applyRetention } from './retention.ts';
import type { Logger } from './logger.ts';
import type { BuyerMail } from './mail/buyer-confirmations.ts';
import { threadedTransport } from './mail/threaded-transport.ts';
import { OutboxWorker } from './mail/outbox-worker.ts';
import { PayPalClient } from './paypal/paypal-client.ts';
import { PendingCapturePoller } from './paypal/pending-capture-poller.ts';
import { migrate } from './storage/migrations.ts';
import { openOrderDatabase } from './storage/open-order-database.ts';
import { OrderDatabase } from './storage/order-database.ts';
import { storedTenants } from './storage/order-tenants.ts';
import { PersonalDataRetention } from './storage/personal-data-retention.ts';
import type { SqlDatabase } from './storage/sql-database.ts';
import { UserError } from '../src/core/user-error.ts';

export interface OrderApi {
  url: string;
  database: OrderDatabase;
  pendingCaptures?: PendingCapturePoller;
  /** Stops taking requests, finishes those in flight, then stops the workers and closes the database. */
  close(): Promise<void>;
}

/** The data did not load, or the database could not be opened: a message for the operator, not a bug. */
export class StartError extends UserError {}

export async function startOrderApi(config: Config, log: Logger): Promise<OrderApi> {
  const data = loadServedData(config.dataRoot);
  if ('problem' in data) throw new StartError(data.problem);
  const { tenants } = data;
  compileBodySchemas();
  const supplier = data.project.supplier;

  let db: SqlDatabase;
  try {
    db = openOrderDatabase(config.storage);
    const applied = await migrate(db, { tenants: tenants.known() });
    if (applied.length > 0) log.info('database migrated', { versions: applied });
  } catch (error) {
    const where = config.storage.kind === 'postgres' ? redact(config.storage.url) : config.storage.file;
    throw new StartError(`Cannot open the ${config.storage.kind} database at ${where}: ${(error as Error).message}`);
  }
  const database = new OrderDatabase(db);
  await warnOfOrdersWithoutTenant(db, tenants, log).catch((error: unknown) => log.warn('could not look for orders without a tenant', { error }));
  const retention = new PersonalDataRetention(db);

  const paypal = config.paypal && new PayPalClient(config.paypal);
  if (!paypal) log.warn('PayPal checkout is off: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to turn it on; bypass-code orders still work');

  const transport = threadedTransport({ smtpUrl: config.mail.smtpUrl, folder: config.mail.folder, dataRoot: config.dataRoot }, log.child({ part: 'mail' }));
  const mailFrom = config.mail.from ?? `${supplier.supplierName} <${supplier.supportEmail}>`;
  const outbox = new OutboxWorker(database, transport, log.child({ part: 'mail' }), {
    pollMs: config.mail.pollMs,
    retryBaseMs: config.mail.retryBaseMs,
    maxRetryMs: config.mail.maxRetryMs,
    leaseMs: 120_000,
    nudgeDelayMs: 100,
    // A buyer's confirmation may wait half a minute while orders keep coming; an order's answer may not.
    maxDeferMs: 30_000,
  });
  const buyerMail: BuyerMail = {
    supplier,
    from: mailFrom,
    perTenantPerHour: config.mail.buyerConfirmationsPerHour,
    perRecipientPerHour: config.mail.buyerConfirmationsPerRecipientPerHour,
    outbox: database.outbox,
    log: log.child({ part: 'mail' }),
  };
  const pendingCaptures =
    paypal &&
    new PendingCapturePoller(database, paypal, tenants, mailFrom, buyerMail, log.child({ part: 'paypal' }), () => outbox.nudge(), config.pendingCapturePollMs);

  const secret = sessionSecret(config.session);
  const ctx: ApiContext = {
    database,
    tenants,
    paypal,
    limiter: new FailureLimiter(database.failures, config.rateLimit.maxFailures, config.rateLimit.windowMs, Date.now, {
      max: config.rateLimit.tenantMax,
      intervalMs: config.rateLimit.tenantIntervalMs,
    }),
    sessions: new SessionTokens(secret, config.session.ttlSeconds),
    orderLinks: new OrderLinks(secret),
    desk: { passwordHash: config.deskPasswordHash, orders: new DeskOrders(database.db) },
    githubOAuth: config.githubOAuth,
    devices: new DeviceProofs(secret, database.deviceProofs),
    limits: {
      maxCartLines: config.bodyLimits.maxCartLines,
      unpaidOrdersPerClient: { max: config.unpaidOrders.maxPerClient, windowMs: 3_600_000 },
    },
    log,
    mailFrom,
    buyerMail,
    mailQueued: () => outbox.nudge(),
    storageKind: config.storage.kind,
    timing: {
      // Renewed every second by a live holder: a dead one's key is free again within 5 s.
      keyLeaseMs: 5_000,
      keyRenewMs: 1_000,
      waitForOtherMs: Math.max(20_000, (config.paypal?.timeoutMs ?? 0) + 5_000),
      // A capture makes at most a token call and the capture in a row, each given up after
      // PAYPAL_TIMEOUT_MS; past both and a margin, the request holding the claim has died.
      staleCaptureMs: 2 * (config.paypal?.timeoutMs ?? 0) + 5_000,
      captureWaitMs: (config.paypal?.timeoutMs ?? 0) + 2_000,
      pollMs: 50,
    },
  };
  const server = createServer(
    {
      // A client that sends its headers or body a byte at a time is cut off in seconds, not Node's minutes.
      headersTimeout: config.server.headersTimeoutMs,
      requestTimeout: config.server.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.server.headersTimeoutMs),
      keepAliveTimeout: config.server.keepAliveTimeoutMs,
    },
    createRequestHandler(ctx, {
      corsOrigins: config.corsOrigins,
      trustProxy: config.trustProxy,
      clientIpv6PrefixLength: config.clientIpv6PrefixLength,
      requestLimit: config.requestLimit,
      maxBodyBytes: config.bodyLimits.maxBytes,
    }),
  );
  server.maxConnections = config.server.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  }).catch(async (error: Error) => {
    // Nothing else runs yet: the workers start only once the API listens.
    transport.close();
    await database.close();
    throw new StartError(`Cannot listen on ${config.host}:${config.port}: ${error.message}`);
  });

  outbox.start();
  pendingCaptures?.start();
  let retaining: Promise<unknown> | undefined;
  const maintenance = setInterval(() => {
    database.keys.prune().catch((error: unknown) => log.warn('could not prune idempotency keys', { error }));
    database.outbox.pruneCounts().catch((error: unknown) => log.warn("could not prune buyer confirmations' hourly counts", { error }));
    database.failures.prune(config.rateLimit.windowMs).catch((error: unknown) => log.warn('could not prune failed attempts', { error }));
    database
      .removeExpiredUnpaidOrders(Date.now() - config.unpaidOrders.ttlMs)
      .then((removed) => removed > 0 && log.info('expired unpaid orders removed', { removed }))
      .catch((error: unknown) => log.warn('could not remove expired unpaid orders', { error }));
    // A first pass over years of orders may outlast a short interval: never two at once.
    retaining ??= applyRetention(retention, transport, config.retention, Date.now())
      .then(
        (removed) =>
          (removed.orders > 0 || removed.mailBodies > 0 || removed.mailFiles > 0) && log.info('personal data past its retention removed', { ...removed }),
      )
      .catch((error: unknown) => log.warn('could not remove personal data past its retention', { error }))
      .finally(() => (retaining = undefined));
  }, config.maintenanceIntervalMs);
  maintenance.unref();
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log.info('order API listening', {
    url,
    storage: config.storage.kind === 'postgres' ? redact(config.storage.url) : config.storage.file,
    mail: transport.description,
    paypal: config.paypal ? config.paypal.baseUrl : 'off',
    corsOrigins: config.corsOrigins,
    tenants: tenants.size,
    dataRoot: config.dataRoot,
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      log.info('shutting down: finishing requests in flight');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections that go idle after their last answer are closed as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      const force = setTimeout(() => {
        log.warn('shutdown timeout: closing connections still open', { afterMs: config.shutdownTimeoutMs });
        server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      await closed;
      clearInterval(idle);
      clearTimeout(force);
      clearInterval(maintenance);
      await retaining;
      await pendingCaptures?.stop();
      await outbox.stop();
      transport.close();
      await database.close();
      log.info('shut down');
    })());

  return { url, database, pendingCaptures, close };
}

/** Orders whose tenant file is gone are shown to no one; the operator should know they are there. */
async function warnOfOrdersWithoutTenant(db: SqlDatabase, tenants: TenantDirectory, log: Logger): Promise<void> {
  const orphaned = (await storedTenants(db)).filter((stored) => !tenants.byId(stored.tenantId));
  if (orphaned.length === 0) return;
  log.warn('orders belong to no tenant: nobody can see or edit them until they are reattached (npm run orders:reattach -- --list)', {
    tenantIds: orphaned.map((stored) => stored.tenantId),
    orders: orphaned.reduce((sum, stored) => sum + stored.orders, 0),
  });
}
