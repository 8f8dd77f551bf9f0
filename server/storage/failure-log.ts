import type { FailureLog, KeyLimit, Reservation } from '../app/failure-limiter.ts';
import type { SqlDatabase, SqlExecutor } from './sql-database.ts';

/**
 * Secret attempts, in the order database so every API instance counts the same ones (the
 * guess limits' FailureLog). A reservation is one transaction: on PostgreSQL it first takes a
 * transaction-scoped advisory lock per key, so two connections (of one instance or of several)
 * reserving for the same client or tenant go one after the other, and the second counts what
 * the first recorded; on SQLite, `BEGIN IMMEDIATE` on the one connection already serialises them.
 */
export class StoredFailureLog implements FailureLog {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(
    check: readonly KeyLimit[],
    record: readonly string[],
    since: number,
    at: number,
    admit: (recent: ReadonlyMap<string, number[]>) => void,
  ): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      if (this.db.dialect === 'postgres') {
        // Sorted, so two reservations sharing keys always lock them in the same order: no deadlock.
        for (const key of [...new Set([...check.map((c) => c.key), ...record])].sort()) {
          await tx.query('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
        }
      }
      const recent = new Map<string, number[]>();
      for (const { key, limit } of check) {
        const rows = await tx.query<{ failed_at: number | string }>(
          'SELECT failed_at FROM secret_failures WHERE client_key = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT ?',
          [key, since, limit],
        );
        recent.set(
          key,
          rows.map((row) => Number(row.failed_at)),
        );
      }
      admit(recent);
      const ids: number[] = [];
      for (const key of record) {
        const [row] = await tx.query<{ id: number | string }>('INSERT INTO secret_failures (client_key, failed_at) VALUES (?, ?) RETURNING id', [key, at]);
        ids.push(Number(row!.id));
      }
      return ids;
    });
  }

  async release(reservation: Reservation, within: SqlExecutor = this.db): Promise<void> {
    if (reservation.length === 0) return;
    await within.run(`DELETE FROM secret_failures WHERE id IN (${reservation.map(() => '?').join(', ')})`, reservation.map(Number));
  }

  /** Forgets failures older than `maxAgeMs`: past the rate limit's window they count for nothing. */
  async prune(maxAgeMs: number): Promise<number> {
    return this.db.run('DELETE FROM secret_failures WHERE failed_at < ?', [this.now() - maxAgeMs]);
  }
}
