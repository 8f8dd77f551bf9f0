import type { SqlDatabase, SqlExecutor } from './sql-database.ts';
import { rekeyOrdersByTenantId, type KnownTenant } from './tenant-rekey.ts';

/**
 * The schema, as numbered steps run once each at start, in order. Never edit a released step:
 * add a new one. SQLite and PostgreSQL differ only in the type of the `id` columns, so each step
 * is written once and given that type (`ID_COLUMN`) by `migrate`.
 *
 * Times are epoch milliseconds (BIGINT) except `created_at`, which is the ISO text the API
 * answers with, so an order is found again by exactly the string the storefront was given.
 * Money is BIGINT ten-thousandths of a dollar (src/domain/money.ts).
 */
interface Migration {
  version: number;
  name: string;
  /** The step's statements, with `id` as the type of its auto-numbered id columns. */
  sql(id: string): string[];
  /** A step that needs more than fixed statements (the dialect, the tenants), run after `sql`. */
  run?(tx: SqlExecutor, context: MigrationContext): Promise<void>;
}

export interface MigrationContext {
  dialect: SqlDatabase['dialect'];
  /** The tenants of the data the API starts with: a step that maps rows to tenants needs them. */
  tenants: readonly KnownTenant[];
}

export interface MigrateOptions {
  tenants: readonly KnownTenant[];
  /** Stop after this version (tests build a database at an older schema). */
  upTo?: number;
}

const orders = (id: string) => `
  CREATE TABLE orders (
    id ${id},
    order_id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    company_name TEXT NOT NULL,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    store TEXT NOT NULL,
    customer_po TEXT NOT NULL,
    paid INTEGER NOT NULL,
    total BIGINT NOT NULL,
    lines TEXT NOT NULL,
    created_at TEXT NOT NULL,
    capture_state TEXT NOT NULL DEFAULT 'none',
    capture_token TEXT,
    capture_attempts INTEGER NOT NULL DEFAULT 0,
    capture_claimed_at BIGINT,
    capture_status TEXT,
    capture_answer TEXT,
    updated_at BIGINT NOT NULL,
    CONSTRAINT orders_created_unique UNIQUE (company_name, email, created_at)
  )`;

const idempotencyKeys = `
  CREATE TABLE idempotency_keys (
    idem_key TEXT PRIMARY KEY,
    request_hash TEXT NOT NULL,
    state TEXT NOT NULL,
    claim_token TEXT,
    claimed_at BIGINT NOT NULL,
    answer TEXT,
    created_at BIGINT NOT NULL
  )`;

const mailOutbox = (id: string) => `
  CREATE TABLE mail_outbox (
    id ${id},
    order_id TEXT NOT NULL,
    message TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_until BIGINT,
    last_error TEXT,
    sent_at BIGINT,
    created_at BIGINT NOT NULL
  )`;

const indexes = [
  'CREATE INDEX orders_listing ON orders (company_name, created_at)',
  'CREATE INDEX orders_capture ON orders (capture_status)',
  'CREATE INDEX mail_outbox_due ON mail_outbox (sent_at, next_attempt_at)',
  'CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at)',
];

/** Failed bypass codes and admin passwords per client, for the rate limits of every instance. */
const secretFailures = (id: string) => [
  `CREATE TABLE secret_failures (
    id ${id},
    client_key TEXT NOT NULL,
    failed_at BIGINT NOT NULL
  )`,
  'CREATE INDEX secret_failures_recent ON secret_failures (client_key, failed_at)',
];

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'orders, idempotency keys, mail outbox',
    sql: (id) => [orders(id), idempotencyKeys, mailOutbox(id), ...indexes],
  },
  {
    version: 2,
    name: 'secret failures shared by all instances',
    sql: secretFailures,
  },
  {
    version: 3,
    name: 'audit (how an order was paid, from which client) and the PayPal reference to verify captures against',
    sql: () => [
      "ALTER TABLE orders ADD COLUMN placed_with TEXT NOT NULL DEFAULT ''",
      "ALTER TABLE orders ADD COLUMN client_ip TEXT NOT NULL DEFAULT ''",
      "ALTER TABLE orders ADD COLUMN payment_ref TEXT NOT NULL DEFAULT ''",
      'CREATE INDEX orders_unpaid ON orders (paid, created_at)',
    ],
  },
  {
    version: 5,
    name: 'orders keyed by tenant id (the tenant file name), not company_name: rows mapped to their tenant, listing and uniqueness by tenant_id',
    sql: () => [],
    run: (tx, context) => rekeyOrdersByTenantId(tx, context.dialect, context.tenants),
  },
  {
    version: 6,
    name: "personal data retention: when an order's personal fields were removed; sent e-mails whose bodies are still kept",
    sql: () => [
      'ALTER TABLE orders ADD COLUMN personal_removed_at BIGINT',
      'CREATE INDEX orders_personal_kept ON orders (personal_removed_at, created_at)',
      "CREATE INDEX mail_outbox_body_kept ON mail_outbox (sent_at) WHERE message <> ''",
    ],
  },
  {
    version: 7,
    name: 'order status history: each change an admin made (received, in production, shipped with tracking, delivered, cancelled with a reason)',
    sql: (id) => [
      `CREATE TABLE order_status_history (
        id ${id},
        order_id TEXT NOT NULL,
        status TEXT NOT NULL,
        carrier TEXT,
        tracking_number TEXT,
        reason TEXT,
        changed_by TEXT NOT NULL,
        changed_at BIGINT NOT NULL
      )`,
      'CREATE INDEX order_status_history_order ON order_status_history (order_id, id)',
    ],
  },
  {
    version: 8,
    name: 'buyer confirmations: the tenant whose hourly cap a queued confirmation to a buyer counts against',
    sql: () => [
      'ALTER TABLE mail_outbox ADD COLUMN buyer_tenant_id TEXT',
      'CREATE INDEX mail_outbox_buyer_cap ON mail_outbox (buyer_tenant_id, created_at) WHERE buyer_tenant_id IS NOT NULL',
    ],
  },
  {
    version: 9,
    name: 'secret attempts pending until settled: a reservation whose request died stops counting after its lease',
    sql: () => ['ALTER TABLE secret_failures ADD COLUMN pending_until BIGINT'],
  },
  {
    version: 10,
    name: 'device proofs: the live ones per tenant and credential, so minting more retires the oldest',
    sql: (id) => [
      `CREATE TABLE device_proofs (
        id ${id},
        tenant_id TEXT NOT NULL,
        device_id TEXT NOT NULL,
        credential TEXT NOT NULL,
        issued_at BIGINT NOT NULL
      )`,
      'CREATE UNIQUE INDEX device_proofs_device ON device_proofs (tenant_id, device_id)',
      'CREATE INDEX device_proofs_credential ON device_proofs (tenant_id, credential, id)',
    ],
  },
  {
    version: 11,
    name: "the buyer's in-hands date and note to the supplier, given at checkout",
    sql: () => ["ALTER TABLE orders ADD COLUMN in_hands_date TEXT NOT NULL DEFAULT ''", "ALTER TABLE orders ADD COLUMN supplier_note TEXT NOT NULL DEFAULT ''"],
  },
  {
    version: 12,
    name: "buyer confirmations: a digest of the recipient's address, whose hourly cap a queued confirmation counts against",
    sql: () => [
      'ALTER TABLE mail_outbox ADD COLUMN buyer_recipient TEXT',
      'CREATE INDEX mail_outbox_recipient_cap ON mail_outbox (buyer_recipient, created_at) WHERE buyer_recipient IS NOT NULL',
    ],
  },
  {
    version: 14,
    name: "the supplier's order desk: each order's status kept on it (null: placed or paid), indexes for the list across tenants, and the audit of the desk's changes",
    sql: (id) => [
      'ALTER TABLE orders ADD COLUMN status_now TEXT',
      'UPDATE orders SET status_now = (SELECT h.status FROM order_status_history h WHERE h.order_id = orders.order_id ORDER BY h.id DESC LIMIT 1)',
      'CREATE INDEX orders_desk_newest ON orders (created_at, id)',
      'CREATE INDEX orders_desk_status ON orders (status_now, created_at)',
      'CREATE INDEX orders_desk_store ON orders (store, created_at)',
      `CREATE TABLE desk_audit (
        id ${id},
        order_id TEXT NOT NULL,
        tenant_id TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        before_state TEXT NOT NULL,
        after_state TEXT NOT NULL,
        changed_at BIGINT NOT NULL
      )`,
      'CREATE INDEX desk_audit_order ON desk_audit (order_id, id)',
    ],
  },
  // No 13 here: numbers were handed to parallel branches; the set of applied versions, not their order, decides what runs.
  {
    version: 15,
    name: "e-mailed device links: each sent link's hashed token, its tenant and a digest of its address, for single use and the hourly caps",
    sql: (id) => [
      `CREATE TABLE device_links (
        id ${id},
        tenant_id TEXT NOT NULL,
        recipient TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        requested_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      'CREATE UNIQUE INDEX device_links_token ON device_links (token_hash)',
      'CREATE INDEX device_links_tenant_cap ON device_links (tenant_id, requested_at)',
      'CREATE INDEX device_links_recipient_cap ON device_links (recipient, requested_at)',
    ],
  },
  {
    version: 17,
    name: "buyer confirmations counted per clock hour, by tenant and by recipient's digest, so a cap is checked by reading two numbers, not by counting the hour's e-mails",
    sql: () => [
      `CREATE TABLE buyer_confirmation_counts (
        counted_by TEXT NOT NULL,
        hour BIGINT NOT NULL,
        sent INTEGER NOT NULL,
        PRIMARY KEY (counted_by, hour)
      )`,
      // What the caps counted by before: no query reads these any more, and each was one more index an order's e-mails wrote to.
      'DROP INDEX mail_outbox_buyer_cap',
      'DROP INDEX mail_outbox_recipient_cap',
    ],
  },
];

/** The type of an auto-numbered id column in each dialect. */
const ID_COLUMN: Record<SqlDatabase['dialect'], string> = {
  sqlite: 'INTEGER PRIMARY KEY AUTOINCREMENT',
  postgres: 'BIGSERIAL PRIMARY KEY',
};

/** Any number; the PostgreSQL advisory lock that stops two instances migrating at once. */
const MIGRATION_LOCK = 4_004_2025;

/**
 * Brings the schema up to date; safe to run from several instances starting together. Returns
 * the versions applied. `tenants` are those of the data the API serves (a step maps old rows to them).
 */
export async function migrate(db: SqlDatabase, options: MigrateOptions): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    await tx.run('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version) || (options.upTo !== undefined && migration.version > options.upTo)) continue;
      for (const sql of migration.sql(ID_COLUMN[db.dialect])) await tx.run(sql);
      await migration.run?.(tx, { dialect: db.dialect, tenants: options.tenants });
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [migration.version, migration.name, Date.now()]);
      applied.push(migration.version);
    }
    return applied;
  });
}
