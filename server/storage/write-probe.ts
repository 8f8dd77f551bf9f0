import type { SqlDatabase } from './sql-database.ts';

/** A key no guess uses (those start `secret:`, `tenant:`, `device:`). */
const PROBE_KEY = 'readyz:probe';

/**
 * Whether the database takes a write now: one committed transaction that records a row and
 * deletes it again, so the write really reaches the disk (the WAL) and a full or read-only
 * file system, or a PostgreSQL in read-only mode, makes it throw. A read (`SELECT 1`) would
 * still answer then, which is why liveness alone cannot tell that orders cannot be stored.
 */
export async function probeWrite(db: SqlDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run('INSERT INTO secret_failures (client_key, failed_at) VALUES (?, ?)', [PROBE_KEY, 0]);
    await tx.run('DELETE FROM secret_failures WHERE client_key = ?', [PROBE_KEY]);
  });
}
