import path from 'node:path';
import type { LogLevel } from './logger.ts';
import { PAYPAL_BASE_URLS, type PayPalConfig } from './paypal/paypal-client.ts';
import type { RetentionPolicy } from './retention.ts';
import type { GitHubOAuthConfig } from './app/github-oauth-config.ts';
import { REPO_ROOT } from '../src/core/project-root.ts';
import { UserError } from '../src/core/user-error.ts';
import { ORDER_API_VARIABLES } from './env/order-api-variables.ts';
import { readEnv } from './env/read-env.ts';

/**
 * Everything the order API can be told, read only from environment variables (each declared,
 * with its meaning, in env/order-api-variables.ts). A bad value stops the start with the variable's name.
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
    buyerConfirmationsPerRecipientPerHour: number;
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
  /** The supplier's order desk password as a scrypt hash (desk-password.ts); undefined: no desk. */
  deskPasswordHash?: string;
  /** The editor's GitHub OAuth app; undefined when its id, secret or callback is missing: GitHub sign-in answers 503. */
  githubOAuth?: GitHubOAuthConfig;
  /** Use the last X-Forwarded-For address as the client's (behind one reverse proxy). */
  trustProxy: boolean;
  /** An IPv6 client is its address's first this many bits, for every per-client limit (client-key.ts). */
  clientIpv6PrefixLength: number;
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  /** How often orders whose capture PayPal left PENDING are looked up again. */
  pendingCapturePollMs: number;
}

export class ConfigError extends UserError {}

export { DEFAULT_CORS_ORIGINS } from './env/order-api-variables.ts';
export { redact } from './env/redact-password.ts';

/**
 * The configuration the environment gives, each variable read through its declaration
 * (env/order-api-variables.ts); throws a ConfigError naming every wrong variable.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { values: v, problems } = readEnv(ORDER_API_VARIABLES, env);
  if (Boolean(v.PAYPAL_CLIENT_ID) !== Boolean(v.PAYPAL_CLIENT_SECRET)) problems.push('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
  const oauthSet = [v.GITHUB_OAUTH_CLIENT_ID, v.GITHUB_OAUTH_CLIENT_SECRET, v.GITHUB_OAUTH_CALLBACK_URL].filter(Boolean).length;
  if (oauthSet !== 0 && oauthSet !== 3) problems.push('GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET and GITHUB_OAUTH_CALLBACK_URL must be set together');
  if (problems.length > 0) throw new ConfigError(`The order API cannot start:\n${problems.map((p) => `  ${p}`).join('\n')}`);

  const seconds = (value: number) => value * 1000;
  return {
    host: v.HOST,
    port: v.PORT,
    dataRoot: path.resolve(v.DATA_ROOT),
    storage: v.DATABASE_URL
      ? { kind: 'postgres', url: v.DATABASE_URL, maxConnections: v.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: path.resolve(v.SQLITE_PATH) },
    corsOrigins: v.CORS_ORIGINS,
    paypal:
      v.PAYPAL_CLIENT_ID && v.PAYPAL_CLIENT_SECRET
        ? {
            clientId: v.PAYPAL_CLIENT_ID,
            clientSecret: v.PAYPAL_CLIENT_SECRET,
            baseUrl: v.PAYPAL_API_BASE ?? PAYPAL_BASE_URLS[v.PAYPAL_ENV],
            timeoutMs: v.PAYPAL_TIMEOUT_MS,
          }
        : undefined,
    mail: {
      smtpUrl: v.SMTP_URL,
      folder: path.resolve(v.MAIL_DIR),
      from: v.MAIL_FROM,
      pollMs: v.MAIL_POLL_MS,
      retryBaseMs: v.MAIL_RETRY_BASE_MS,
      maxRetryMs: v.MAIL_RETRY_MAX_MS,
      buyerConfirmationsPerHour: v.BUYER_CONFIRMATIONS_PER_HOUR,
      buyerConfirmationsPerRecipientPerHour: v.BUYER_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR,
    },
    rateLimit: {
      maxFailures: v.RATE_LIMIT_MAX_FAILURES,
      windowMs: seconds(v.RATE_LIMIT_WINDOW_SECONDS),
      tenantMax: v.TENANT_GUESS_LIMIT,
      tenantIntervalMs: seconds(v.TENANT_GUESS_INTERVAL_SECONDS),
    },
    unpaidOrders: { maxPerClient: v.MAX_UNPAID_ORDERS_PER_CLIENT, ttlMs: seconds(v.UNPAID_ORDER_TTL_SECONDS) },
    server: {
      headersTimeoutMs: seconds(v.HEADERS_TIMEOUT_SECONDS),
      requestTimeoutMs: seconds(v.REQUEST_TIMEOUT_SECONDS),
      keepAliveTimeoutMs: seconds(v.KEEP_ALIVE_TIMEOUT_SECONDS),
      maxConnections: v.MAX_CONNECTIONS,
    },
    maintenanceIntervalMs: seconds(v.MAINTENANCE_INTERVAL_SECONDS),
    retention: { orderDays: v.ORDER_RETENTION_DAYS, mailDays: v.MAIL_RETENTION_DAYS },
    requestLimit: { max: v.REQUEST_LIMIT, windowMs: seconds(v.REQUEST_LIMIT_WINDOW_SECONDS) },
    bodyLimits: { maxBytes: v.MAX_BODY_BYTES, maxCartLines: v.MAX_CART_LINES },
    session: {
      secret: v.SESSION_SECRET,
      secretFile: path.join(REPO_ROOT, '.cache/order-api/session-secret'),
      ttlSeconds: v.SESSION_TTL_SECONDS,
    },
    deskPasswordHash: v.SUPPLIER_DESK_PASSWORD_HASH,
    githubOAuth:
      v.GITHUB_OAUTH_CLIENT_ID && v.GITHUB_OAUTH_CLIENT_SECRET && v.GITHUB_OAUTH_CALLBACK_URL
        ? {
            clientId: v.GITHUB_OAUTH_CLIENT_ID,
            clientSecret: v.GITHUB_OAUTH_CLIENT_SECRET,
            callbackUrl: v.GITHUB_OAUTH_CALLBACK_URL,
            scope: v.GITHUB_OAUTH_SCOPE,
            baseUrl: v.GITHUB_BASE_URL ?? 'https://github.com',
          }
        : undefined,
    trustProxy: v.TRUST_PROXY,
    clientIpv6PrefixLength: v.CLIENT_IPV6_PREFIX_LENGTH,
    logLevel: v.LOG_LEVEL,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    pendingCapturePollMs: v.PENDING_CAPTURE_POLL_MS,
  };
}
