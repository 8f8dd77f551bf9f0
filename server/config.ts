import path from 'node:path';
import { isLogLevel, type LogLevel } from './logger.ts';
import { PAYPAL_BASE_URLS, type PayPalConfig } from './paypal/paypal-client.ts';
import type { RetentionPolicy } from './retention.ts';
import { REPO_ROOT } from '../src/core/project-root.ts';
import { UserError } from '../src/core/user-error.ts';


/**
 * Everything the order API can be told, read only from environment variables (each is
 * described in docs/order-api.md). A bad value stops the start with the variable's name.
 */
export interface Config {
  host: string;
  port: number;
  /** Where tenants/ and catalogs/ are read from. */
  dataRoot: string;
  storage: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; maxConnections: number };
  /** Origins whose browsers may call the API (exact, scheme://host[:port]). */
  corsOrigins: string[];
  /** Undefined when PAYPAL_CLIENT_ID or PAYPAL_CLIENT_SECRET is missing: PayPal checkout answers 503. */
  paypal?: PayPalConfig;
  mail: {
    smtpUrl?: string;
    folder: string;
    from?: string;
    pollMs: number;
    retryBaseMs: number;
    maxRetryMs: number;
    /** Confirmations one tenant's buyers may be sent per hour; past it orders are placed without one (docs/security.md). */
    buyerConfirmationsPerHour: number;
  };
  rateLimit: { maxFailures: number; windowMs: number; tenantMax: number; tenantIntervalMs: number };
  /** Unpaid PayPal orders: how many one client may create per hour, and how long one is kept. */
  unpaidOrders: { maxPerClient: number; ttlMs: number };
  /** Node's HTTP server limits against slow or piled-up connections. */
  server: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  /** How often expired unpaid orders, idempotency keys, old failures and personal data past its retention are removed. */
  maintenanceIntervalMs: number;
  /** Days an order keeps its personal fields, and a sent e-mail its text and `.eml` file (docs/security.md). */
  retention: RetentionPolicy;
  /** Requests one client may make to each call per window, wrong secrets or not. */
  requestLimit: { max: number; windowMs: number };
  /** Caps on what one request may carry. */
  bodyLimits: { maxBytes: number; maxCartLines: number };
  session: {
    /** Signs session tokens; undefined: generated once and kept in `secretFile`. */
    secret?: string;
    secretFile: string;
    ttlSeconds: number;
  };
  /** Use the last X-Forwarded-For address as the client's (behind one reverse proxy). */
  trustProxy: boolean;
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  /** How often orders whose capture PayPal left PENDING are looked up again. */
  pendingCapturePollMs: number;
}

export class ConfigError extends UserError {}

export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const value = text(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
      return fallback;
    }
    return n;
  };
  const flag = (name: string) => {
    const value = text(name)?.toLowerCase();
    if (value === undefined) return false;
    if (['1', 'true', 'yes'].includes(value)) return true;
    if (['0', 'false', 'no'].includes(value)) return false;
    problems.push(`${name} must be 1 or 0 (true or false), got "${value}"`);
    return false;
  };
  const url = (name: string, protocols: string[]) => {
    const value = text(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) throw new Error();
      return value;
    } catch {
      problems.push(`${name} must be a ${protocols.map((p) => `${p}//…`).join(' or ')} address, got "${redact(value)}"`);
      return undefined;
    }
  };

  // Not parsed as a URL: libpq's forms (a Unix socket as ?host=/path, no host at all) are valid here.
  const databaseUrl = text('DATABASE_URL');
  const postgresUrl = databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? databaseUrl : undefined;
  if (databaseUrl && !postgresUrl) problems.push(`DATABASE_URL must start with postgres:// or postgresql://, got "${redact(databaseUrl)}"`);
  const storage: Config['storage'] = postgresUrl
    ? { kind: 'postgres', url: postgresUrl, maxConnections: integer('DATABASE_POOL_SIZE', 10, 1, 500) }
    : { kind: 'sqlite', file: path.resolve(text('SQLITE_PATH') ?? path.join(REPO_ROOT, '.cache/order-api/orders.sqlite')) };

  const corsOrigins = (text('CORS_ORIGINS')?.split(',') ?? DEFAULT_CORS_ORIGINS).map((o) => o.trim()).filter(Boolean);
  for (const origin of corsOrigins) {
    let ok = false;
    try {
      const parsed = new URL(origin);
      ok = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === origin;
    } catch {
      // reported below
    }
    if (!ok) problems.push(`CORS_ORIGINS: "${origin}" is not an origin; write scheme://host[:port] with no path or trailing slash, e.g. https://shop.example.com`);
  }

  const clientId = text('PAYPAL_CLIENT_ID');
  const clientSecret = text('PAYPAL_CLIENT_SECRET');
  if (Boolean(clientId) !== Boolean(clientSecret)) problems.push('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
  const paypalEnv = text('PAYPAL_ENV') ?? 'sandbox';
  if (paypalEnv !== 'sandbox' && paypalEnv !== 'live') problems.push(`PAYPAL_ENV must be sandbox or live, got "${paypalEnv}"`);
  const paypalBase = url('PAYPAL_API_BASE', ['http:', 'https:']) ?? PAYPAL_BASE_URLS[paypalEnv === 'live' ? 'live' : 'sandbox'];
  const paypal = clientId && clientSecret ? { clientId, clientSecret, baseUrl: paypalBase, timeoutMs: integer('PAYPAL_TIMEOUT_MS', 15_000, 100, 120_000) } : undefined;

  const sessionSecret = text('SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) problems.push(`SESSION_SECRET must be at least 32 characters (for example \`openssl rand -hex 32\`), got ${sessionSecret.length}`);

  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!isLogLevel(logLevel)) problems.push(`LOG_LEVEL must be debug, info, warn or error, got "${logLevel}"`);

  const config: Config = {
    host: text('HOST') ?? '127.0.0.1',
    port: integer('PORT', 8787, 0, 65_535),
    dataRoot: path.resolve(text('DATA_ROOT') ?? REPO_ROOT),
    storage,
    corsOrigins,
    paypal,
    mail: {
      smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
      folder: path.resolve(text('MAIL_DIR') ?? path.join(REPO_ROOT, '.cache/order-api/mail')),
      from: text('MAIL_FROM'),
      pollMs: integer('MAIL_POLL_MS', 5_000, 10, 3_600_000),
      retryBaseMs: integer('MAIL_RETRY_BASE_MS', 30_000, 1, 86_400_000),
      maxRetryMs: integer('MAIL_RETRY_MAX_MS', 3_600_000, 1, 86_400_000),
      buyerConfirmationsPerHour: integer('BUYER_CONFIRMATIONS_PER_HOUR', 200, 0, 1_000_000),
    },
    rateLimit: {
      maxFailures: integer('RATE_LIMIT_MAX_FAILURES', 10, 1, 1_000_000),
      windowMs: integer('RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86_400) * 1000,
      tenantMax: integer('TENANT_GUESS_LIMIT', 50, 1, 1_000_000),
      tenantIntervalMs: integer('TENANT_GUESS_INTERVAL_SECONDS', 5, 1, 3_600) * 1000,
    },
    unpaidOrders: {
      maxPerClient: integer('MAX_UNPAID_ORDERS_PER_CLIENT', 20, 1, 1_000_000),
      ttlMs: integer('UNPAID_ORDER_TTL_SECONDS', 3 * 86_400, 1, 365 * 86_400) * 1000,
    },
    server: {
      headersTimeoutMs: integer('HEADERS_TIMEOUT_SECONDS', 10, 1, 600) * 1000,
      requestTimeoutMs: integer('REQUEST_TIMEOUT_SECONDS', 30, 1, 3_600) * 1000,
      // Longer than a load balancer keeps an idle connection to us (AWS ALB: 60 s), so it is never
      // the server that closes a connection the balancer is about to reuse (which it answers with 502).
      keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_SECONDS', 65, 1, 3_600) * 1000,
      maxConnections: integer('MAX_CONNECTIONS', 1_000, 1, 1_000_000),
    },
    maintenanceIntervalMs: integer('MAINTENANCE_INTERVAL_SECONDS', 3_600, 1, 86_400) * 1000,
    retention: {
      orderDays: integer('ORDER_RETENTION_DAYS', 730, 1, 36_500),
      mailDays: integer('MAIL_RETENTION_DAYS', 30, 1, 36_500),
    },
    requestLimit: {
      max: integer('REQUEST_LIMIT', 300, 1, 1_000_000),
      windowMs: integer('REQUEST_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    },
    bodyLimits: {
      maxBytes: integer('MAX_BODY_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
      maxCartLines: integer('MAX_CART_LINES', 200, 1, 500),
    },
    session: {
      secret: sessionSecret,
      secretFile: path.join(REPO_ROOT, '.cache/order-api/session-secret'),
      ttlSeconds: integer('SESSION_TTL_SECONDS', 8 * 3600, 60, 30 * 86_400),
    },
    trustProxy: flag('TRUST_PROXY'),
    logLevel: isLogLevel(logLevel) ? logLevel : 'info',
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    pendingCapturePollMs: integer('PENDING_CAPTURE_POLL_MS', 60_000, 10, 86_400_000),
  };
  if (problems.length > 0) throw new ConfigError(`The order API cannot start:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return config;
}

/** A URL with its password replaced, for messages and logs. */
export function redact(value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return value.replace(/:[^:@/]*@/, ':***@');
  }
}
