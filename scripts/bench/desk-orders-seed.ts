import { openPostgresDatabase } from '../../server/storage/postgres-database.ts';
import { openSqliteDatabase } from '../../server/storage/sqlite-database.ts';
import type { SqlValue } from '../../server/storage/sql-database.ts';
import { aStoredOrderLine } from '../../tests/helpers/order-builders.ts';

/** Rows one INSERT carries: well under SQLite's and PostgreSQL's parameter limits. */
const ROWS_PER_INSERT = 500;
const COLUMNS = [
  'order_id',
  'tenant_id',
  'company_name',
  'email',
  'first_name',
  'last_name',
  'store',
  'customer_po',
  'paid',
  'total',
  'lines',
  'created_at',
  'updated_at',
  'status_now',
] as const;
/** Every few orders a status other than placed, so the desk's status filter has something to find and skip. */
const STATUSES: (string | null)[] = [null, null, null, 'received', 'in_production', 'shipped', null, 'delivered', null, 'cancelled'];

/**
 * `count` placed orders spread over `tenants`, one every 30 seconds back from now, written
 * straight into the order API's database (migrated by the API already) in one transaction of
 * prepared multi-row INSERTs: 100,000 orders in seconds, not the hours create-order would take;
 * then ANALYZE, as a database that has lived with its orders would have.
 * Returns the milliseconds it took.
 */
export async function seedDeskOrders(
  storage: { sqlitePath?: string; databaseUrl?: string },
  tenants: readonly { id: string; companyName: string; stores: readonly string[] }[],
  count: number,
): Promise<number> {
  const started = performance.now();
  const db = storage.databaseUrl ? openPostgresDatabase(storage.databaseUrl, 1) : openSqliteDatabase(storage.sqlitePath!);
  const now = Date.now();
  const line = JSON.stringify([aStoredOrderLine()]);
  try {
    await db.transaction(async (tx) => {
      for (let from = 0; from < count; from += ROWS_PER_INSERT) {
        const rows = Math.min(ROWS_PER_INSERT, count - from);
        const values: SqlValue[] = [];
        for (let i = from; i < from + rows; i++) {
          const tenant = tenants[i % tenants.length]!;
          const createdAt = new Date(now - i * 30_000).toISOString();
          values.push(
            `BENCH-${String(i).padStart(6, '0')}`,
            tenant.id,
            tenant.companyName,
            `buyer${i}@bench.example`,
            'Bench',
            `Buyer${i}`,
            tenant.stores[i % Math.max(1, tenant.stores.length)] ?? '',
            `PO-${i % 997}`,
            2,
            4_652_400,
            line,
            createdAt,
            now,
            STATUSES[i % STATUSES.length]!,
          );
        }
        const placeholders = Array.from({ length: rows }, () => `(${COLUMNS.map(() => '?').join(', ')})`).join(', ');
        await tx.run(`INSERT INTO orders (${COLUMNS.join(', ')}) VALUES ${placeholders}`, values);
      }
    });
    // What autovacuum (PostgreSQL) or a long-lived database has: the planner's statistics of the table as it now is.
    await db.run('ANALYZE orders');
  } finally {
    await db.close();
  }
  return performance.now() - started;
}
