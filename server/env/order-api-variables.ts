import { address, choice, flag, origins, place, text, textOr, wholeNumber, type EnvVariable } from './env-variable.ts';

/** Where the storefronts run under `npm run dev` and `npm start`. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

const DAY_SECONDS = 86_400;

/**
 * Every environment variable the order API reads, in the README's order ("Order API
 * configuration", written from this by `npm run docs:env`). server/config.ts turns the values
 * into the API's configuration.
 */
export const ORDER_API_VARIABLES = {
  HOST: textOr('127.0.0.1', { what: 'address to listen on (`0.0.0.0` for all)' }),
  PORT: wholeNumber({ default: 8787, min: 0, max: 65_535, what: 'port to listen on (`0`: any free port, logged at start)' }),
  DATA_ROOT: place('', { what: 'folder with `tenants/` and `catalogs/`; the data must pass `npm run validate` or the API refuses to start' }),
  CORS_ORIGINS: origins(DEFAULT_CORS_ORIGINS, {
    what: 'comma-separated exact origins of the storefronts allowed to call from a browser',
    requiredInProduction: true,
  }),
  SQLITE_PATH: place('.cache/order-api/orders.sqlite', { what: 'the SQLite database file, used when `DATABASE_URL` is not set' }),
  // Not parsed as a URL: libpq's forms (a Unix socket as ?host=/path, no host at all) are valid here.
  DATABASE_URL: text({
    pattern: '^postgres(ql)?://',
    expected: 'an address starting postgres:// or postgresql://',
    quoted: 'without-password',
    what: '`postgres://user:password@host:5432/db` (or `?host=/socket/dir`): use PostgreSQL instead of SQLite',
  }),
  DATABASE_POOL_SIZE: wholeNumber({ default: 10, min: 1, max: 500, unit: 'connections', what: 'PostgreSQL connections per instance' }),
  PAYPAL_CLIENT_ID: text({
    what: "the REST app's client id; it must be the one in `tenants/_site.yaml` that the buttons use. Without it and `PAYPAL_CLIENT_SECRET`, PayPal checkout answers 503",
  }),
  PAYPAL_CLIENT_SECRET: text({ what: "the REST app's secret, set together with `PAYPAL_CLIENT_ID`", quoted: 'length-only' }),
  PAYPAL_ENV: choice(['sandbox', 'live'], { default: 'sandbox', what: '`sandbox` or `live`' }),
  PAYPAL_API_BASE: address(['http', 'https'], { defaultText: 'by `PAYPAL_ENV`', what: "PayPal's REST base URL; tests point it at a local fake" }),
  PAYPAL_TIMEOUT_MS: wholeNumber({
    default: 15_000,
    min: 100,
    max: 120_000,
    unit: 'milliseconds',
    what: 'how long one PayPal call may take; a capture call waits for another one holding the same order this long plus 2 s (then answers 202 PROCESSING), and a capture claim older than twice this plus 5 s belonged to a request that died and is taken over',
  }),
  PENDING_CAPTURE_POLL_MS: wholeNumber({
    default: 60_000,
    min: 10,
    max: 86_400_000,
    unit: 'milliseconds',
    what: 'how often orders whose capture PayPal left PENDING are looked up again',
  }),
  SMTP_URL: address(['smtp', 'smtps'], {
    example: 'smtp://user:pass@host:587',
    what: '`smtp://user:pass@host:587` or `smtps://…:465`; without it e-mails are written to `MAIL_DIR`',
  }),
  MAIL_DIR: place('.cache/order-api/mail', { what: 'where `.eml` files go when there is no `SMTP_URL`' }),
  MAIL_FROM: text({ defaultText: "the site's `supplier_name <support_email>`", what: 'From of order e-mails' }),
  MAIL_POLL_MS: wholeNumber({
    default: 5_000,
    min: 10,
    max: 3_600_000,
    unit: 'milliseconds',
    what: 'how often the outbox is checked besides right after each order',
  }),
  MAIL_RETRY_BASE_MS: wholeNumber({
    default: 30_000,
    min: 1,
    max: 86_400_000,
    unit: 'milliseconds',
    what: 'a failed e-mail is retried after this delay, doubling up to `MAIL_RETRY_MAX_MS`, until it goes',
  }),
  MAIL_RETRY_MAX_MS: wholeNumber({
    default: 3_600_000,
    min: 1,
    max: 86_400_000,
    unit: 'milliseconds',
    what: 'the longest wait between two tries of a failed e-mail',
  }),
  BUYER_CONFIRMATIONS_PER_HOUR: wholeNumber({
    default: 200,
    min: 0,
    max: 1_000_000,
    unit: 'e-mails',
    what: "confirmation e-mails one tenant's buyers may be sent per hour; past it orders are still placed, without a confirmation (docs/security.md, E-mail to buyers); `0` sends none",
  }),
  BUYER_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR: wholeNumber({
    default: 10,
    min: 0,
    max: 1_000_000,
    unit: 'e-mails',
    what: 'confirmation e-mails one address may be sent per hour, by all tenants together; past it orders are still placed, without a confirmation (docs/security.md, E-mail to buyers)',
  }),
  RATE_LIMIT_MAX_FAILURES: wholeNumber({
    default: 10,
    min: 1,
    max: 1_000_000,
    unit: 'wrong secrets',
    what: 'wrong secrets (bypass codes, entry, store and admin passwords, counted together) a client may send per window',
  }),
  RATE_LIMIT_WINDOW_SECONDS: wholeNumber({
    default: 900,
    min: 1,
    max: DAY_SECONDS,
    unit: 'seconds',
    what: 'the window; past the limit, attempts are 429 with `Retry-After`',
  }),
  TENANT_GUESS_LIMIT: wholeNumber({
    default: 50,
    min: 1,
    max: 1_000_000,
    unit: 'wrong secrets',
    what: 'wrong secrets for one tenant, from any clients, per window; past it the tenant is braked (below) rather than locked',
  }),
  TENANT_GUESS_INTERVAL_SECONDS: wholeNumber({
    default: 5,
    min: 1,
    max: 3_600,
    unit: 'seconds',
    what: 'while braked, a tenant accepts one secret check per this many seconds (others get 429 with a short `Retry-After`)',
  }),
  MAX_UNPAID_ORDERS_PER_CLIENT: wholeNumber({
    default: 20,
    min: 1,
    max: 1_000_000,
    unit: 'orders',
    what: 'PayPal orders one client may create per hour; more is 429',
  }),
  UNPAID_ORDER_TTL_SECONDS: wholeNumber({
    default: 3 * DAY_SECONDS,
    min: 1,
    max: 365 * DAY_SECONDS,
    unit: 'seconds',
    what: 'an unpaid PayPal order (never captured, or declined) older than this is removed (3 days)',
  }),
  MAINTENANCE_INTERVAL_SECONDS: wholeNumber({
    default: 3_600,
    min: 1,
    max: DAY_SECONDS,
    unit: 'seconds',
    what: 'how often expired unpaid orders, old idempotency keys, old failed guesses and personal data past its retention are removed',
  }),
  ORDER_RETENTION_DAYS: wholeNumber({
    default: 730,
    min: 1,
    max: 36_500,
    unit: 'days',
    what: "days after which an order's first and last name, e-mail and client address are removed; the order stays, with its totals and lines (docs/security.md)",
  }),
  MAIL_RETENTION_DAYS: wholeNumber({
    default: 30,
    min: 1,
    max: 36_500,
    unit: 'days',
    what: "days after which a sent e-mail's text is removed from the outbox and its `.eml` file from `MAIL_DIR`",
  }),
  HEADERS_TIMEOUT_SECONDS: wholeNumber({ default: 10, min: 1, max: 600, unit: 'seconds', what: 'a client must send its request headers within this' }),
  REQUEST_TIMEOUT_SECONDS: wholeNumber({ default: 30, min: 1, max: 3_600, unit: 'seconds', what: '… and its whole request; a slower one is cut off (408)' }),
  // Longer than a load balancer keeps an idle connection to us (AWS ALB: 60 s), so it is never
  // the server that closes a connection the balancer is about to reuse (which it answers with 502).
  KEEP_ALIVE_TIMEOUT_SECONDS: wholeNumber({
    default: 65,
    min: 1,
    max: 3_600,
    unit: 'seconds',
    what: "how long an idle keep-alive connection stays open; keep it above a load balancer's idle timeout (AWS ALB: 60 s)",
  }),
  MAX_CONNECTIONS: wholeNumber({
    default: 1_000,
    min: 1,
    max: 1_000_000,
    unit: 'connections',
    what: 'open connections one instance accepts; more are refused',
  }),
  REQUEST_LIMIT: wholeNumber({
    default: 300,
    min: 1,
    max: 1_000_000,
    unit: 'requests',
    what: 'requests a client may make to each call per window, right or wrong (in memory, per instance); past it 429 with `Retry-After`',
  }),
  REQUEST_LIMIT_WINDOW_SECONDS: wholeNumber({ default: 60, min: 1, max: DAY_SECONDS, unit: 'seconds', what: 'that window' }),
  MAX_BODY_BYTES: wholeNumber({ default: 1024 * 1024, min: 1024, max: 64 * 1024 * 1024, unit: 'bytes', what: 'the largest request body read; larger is 413' }),
  MAX_CART_LINES: wholeNumber({ default: 200, min: 1, max: 500, unit: 'lines', what: 'the most lines one order may have (at most 500); more is 400' }),
  SESSION_SECRET: text({
    minLength: 32,
    expected: 'at least 32 characters (for example `openssl rand -hex 32`)',
    quoted: 'length-only',
    defaultText: 'generated',
    requiredInProduction: true,
    what: 'at least 32 characters; signs the session tokens (`POST /v1/session`: order history, bypass mode, password stores). Unset, one is generated and kept in `.cache/order-api/session-secret`; in production the same on every instance. Changing it signs everyone out',
  }),
  SUPPLIER_DESK_PASSWORD_HASH: text({
    pattern: '^scrypt\\$\\d+\\$\\d+\\$\\d+\\$[A-Za-z0-9_-]{16,}\\$[A-Za-z0-9_-]{32,}$',
    expected: 'a hash written by `npm run desk:password-hash` (scrypt$N$r$p$salt$hash)',
    quoted: 'length-only',
    what: "the supplier's order desk password (`/desk/` of the entry site), as `npm run desk:password-hash` writes it, never the password itself; one sign-in for the supplier's staff, apart from every tenant's passwords. Unset, the desk answers 503. Changing it signs every desk session out",
  }),
  GITHUB_OAUTH_CLIENT_ID: text({
    what: "the client id of the editor's GitHub OAuth app (docs/editor-github.md); without it, `GITHUB_OAUTH_CLIENT_SECRET` and `GITHUB_OAUTH_CALLBACK_URL`, the editor's GitHub sign-in answers 503",
  }),
  GITHUB_OAUTH_CLIENT_SECRET: text({ what: "that app's client secret; only the order API holds it", quoted: 'length-only' }),
  GITHUB_OAUTH_CALLBACK_URL: address(['https', 'http'], {
    example: 'https://shop.example.com/admin/',
    what: "the editor's address, as the app's callback URL: GitHub sends the merchandiser back there, and only its origin may call the sign-in (it must also be in `CORS_ORIGINS`)",
  }),
  GITHUB_OAUTH_SCOPE: choice(['public_repo', 'repo'], {
    default: 'public_repo',
    what: 'what the token may do: `public_repo` (a public data repository) or `repo` (a private one; every repository the merchandiser can write to)',
  }),
  GITHUB_BASE_URL: address(['http', 'https'], {
    defaultText: '`https://github.com`',
    what: "GitHub's address for the sign-in; tests point it at a local fake",
  }),
  SESSION_TTL_SECONDS: wholeNumber({
    default: 8 * 3_600,
    min: 60,
    max: 30 * DAY_SECONDS,
    unit: 'seconds',
    what: 'how long a session token is accepted (8 hours)',
  }),
  TRUST_PROXY: flag({
    requiredInProduction: true,
    what: "`1` behind one reverse proxy: the client is the last `X-Forwarded-For` address when it is an IP address (else the peer's, with one warning). Only when the API is reachable through that proxy alone, or anyone can pick their address. With `0`, a request carrying `X-Forwarded-For` logs one warning",
  }),
  CLIENT_IPV6_PREFIX_LENGTH: wholeNumber({
    default: 64,
    min: 1,
    max: 128,
    unit: 'bits',
    what: "an IPv6 client is its address's first this many bits (a home or office line gets a whole /64 and may send from any address in it); IPv4 clients are their address, an IPv4-mapped IPv6 address is its IPv4 address",
  }),
  LOG_LEVEL: choice(['debug', 'info', 'warn', 'error'], { default: 'info', what: '`debug`, `info`, `warn` or `error`' }),
  SHUTDOWN_TIMEOUT_MS: wholeNumber({
    default: 10_000,
    min: 0,
    max: 600_000,
    unit: 'milliseconds',
    what: 'on SIGTERM, how long requests in flight may take before their connections are closed',
  }),
} satisfies Record<string, EnvVariable<unknown>>;

export type OrderApiVariable = keyof typeof ORDER_API_VARIABLES;
