import type { SqlDatabase, SqlExecutor } from './sql-database.ts';

/**
 * Migration 5: orders were found by `company_name`, which a merchandiser may edit like any
 * other field; they are now found by `tenant_id`, the tenant file's name, which the server
 * wrote on every order. Each existing row is first given the tenant it belongs to, then the
 * listing index and the one-order-per-instant rule move from company_name to tenant_id.
 */

/** What the migration knows of a tenant of the data the API starts with. */
export interface KnownTenant {
  id: string;
  companyName: string;
}

/**
 * Starts the tenant_id of an order whose recorded tenant and company name point at two
 * different tenants. No tenant id can begin with it (ids are file names of lowercase letters,
 * digits and dashes), so such an order is shown to no one until an operator reattaches it.
 */
export const HELD_PREFIX = '?';

/**
 * The tenant id an order stored before migration 5 belongs to, from its `tenant_id` (written by
 * the server from the tenant file's name) and its `company_name` (how it was listed until now):
 *
 * - its tenant_id names a tenant: that tenant, also when its company_name has changed since
 *   (a rename had hidden that history; it is the tenant's again), unless
 * - … its company_name names another tenant: which one it belongs to cannot be told, so it is
 *   held (`?<tenant id>`) for an operator, rather than shown to either;
 * - its tenant_id is empty or names no tenant (the file was renamed), and its company_name names
 *   one: that tenant, which listed it until now;
 * - neither names a tenant: unchanged, so it belongs to no tenant until it is reattached.
 */
export function tenantOfStoredOrder(row: { tenantId: string; companyName: string }, tenants: readonly KnownTenant[]): string {
  const recorded = tenants.find((t) => t.id === row.tenantId);
  const named = tenants.find((t) => t.companyName === row.companyName);
  if (recorded && named && recorded.id !== named.id) return `${HELD_PREFIX}${row.tenantId}`;
  return recorded?.id ?? named?.id ?? row.tenantId;
}

export async function rekeyOrdersByTenantId(tx: SqlExecutor, dialect: SqlDatabase['dialect'], tenants: readonly KnownTenant[]): Promise<void> {
  const pairs = await tx.query<{ tenant_id: string; company_name: string }>('SELECT DISTINCT tenant_id, company_name FROM orders');
  for (const pair of pairs) {
    const tenantId = tenantOfStoredOrder({ tenantId: pair.tenant_id, companyName: pair.company_name }, tenants);
    if (tenantId !== pair.tenant_id) {
      await tx.run('UPDATE orders SET tenant_id = ? WHERE tenant_id = ? AND company_name = ?', [tenantId, pair.tenant_id, pair.company_name]);
    }
  }
  await refuseDuplicateInstants(tx);
  if (dialect === 'postgres') {
    await tx.run('ALTER TABLE orders DROP CONSTRAINT orders_created_unique');
    await tx.run('ALTER TABLE orders ADD CONSTRAINT orders_created_unique UNIQUE (tenant_id, email, created_at)');
    await tx.run('DROP INDEX orders_listing');
  } else {
    await rebuildSqliteOrders(tx);
  }
  await tx.run('CREATE INDEX orders_listing ON orders (tenant_id, created_at)');
}

/**
 * Two orders of one e-mail at one instant under one tenant could not be told apart by
 * update-historical-order; under company_name keys they could have been two tenants' orders.
 */
async function refuseDuplicateInstants(tx: SqlExecutor): Promise<void> {
  const duplicates = await tx.query<{ tenant_id: string; email: string; created_at: string }>(
    'SELECT tenant_id, email, created_at FROM orders GROUP BY tenant_id, email, created_at HAVING COUNT(*) > 1 LIMIT 5',
  );
  if (duplicates.length === 0) return;
  const named = duplicates.map((d) => `tenant "${d.tenant_id}", ${d.email} at ${d.created_at}`).join('; ');
  throw new Error(
    `migration 5: orders now belong to their tenant id, and these tenants would each have two orders of one e-mail at one instant: ${named}. Move one of each pair's created_at by a millisecond in the database, then start again.`,
  );
}

/**
 * SQLite cannot drop a constraint written in CREATE TABLE: the table is copied into one with the
 * new constraint (the same definition otherwise, as SQLite keeps it, so columns added by any
 * migration stay), and its indexes are made again.
 */
async function rebuildSqliteOrders(tx: SqlExecutor): Promise<void> {
  const [table] = await tx.query<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'orders'");
  const oldUnique = /UNIQUE\s*\(\s*company_name\s*,\s*email\s*,\s*created_at\s*\)/;
  if (!table || !oldUnique.test(table.sql))
    throw new Error('migration 5: the orders table does not have the unique (company_name, email, created_at) it was created with');
  const rebuilt = table.sql.replace(/^CREATE TABLE\s+"?orders"?/, 'CREATE TABLE orders_rekeyed').replace(oldUnique, 'UNIQUE (tenant_id, email, created_at)');
  const indexes = await tx.query<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL AND name <> 'orders_listing'",
  );
  await tx.run(rebuilt);
  await tx.run('INSERT INTO orders_rekeyed SELECT * FROM orders');
  await tx.run('DROP TABLE orders');
  await tx.run('ALTER TABLE orders_rekeyed RENAME TO orders');
  for (const index of indexes) await tx.run(index.sql);
}
