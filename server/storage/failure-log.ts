import type { CountedAttempt, FailureLog, Reservation, ReserveRequest } from '../app/failure-limiter.ts';
import type { SqlDatabase, SqlExecutor } from './sql-database.ts';

/**
 * Secret attempts, in the order database so every API instance counts the same ones (the
 * guess limits' FailureLog). A reservation is one transaction: on PostgreSQL it first takes a
 * transaction-scoped advisory lock per key, so two connections (of one instance or of several)
 * reserving for the same client or tenant go one after the other, and the second counts what
 * the first recorded; on SQLite, `BEGIN IMMEDIATE` on the one connection already serialises them.
 * A row with `pending_until` is a reservation not yet settled; NULL is a failure.
 */
export class StoredFailureLog implements FailureLog {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(request: ReserveRequest, admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void): Promise<Reservation> {
    const { check, record, since, at, pendingUntil } = request;
    return this.db.transaction(async (tx) => {
      await this.lockKeys(tx, [...check.map((c) => c.key), ...record]);
      const recent = new Map<string, CountedAttempt[]>();
      for (const { key, limit } of check) {
        // Failures and pending attempts apart, at most `limit` of each: the limiter refuses on
        // failures alone and waits when pending ones would fill the limit (FailureLimiter).
        const failures = await tx.query<{ failed_at: number | string }>(
          `SELECT failed_at FROM secret_failures
           WHERE client_key = ? AND failed_at > ? AND pending_until IS NULL
           ORDER BY failed_at DESC LIMIT ?`,
          [key, since, limit],
        );
        const pending = await tx.query<{ failed_at: number | string; pending_until: number | string }>(
          `SELECT failed_at, pending_until FROM secret_failures
           WHERE client_key = ? AND failed_at > ? AND pending_until > ?
           ORDER BY failed_at DESC LIMIT ?`,
          [key, since, at, limit],
        );
        recent.set(
          key,
          [
            ...failures.map((row): CountedAttempt => ({ at: Number(row.failed_at) })),
            ...pending.map((row): CountedAttempt => ({ at: Number(row.failed_at), pendingUntil: Number(row.pending_until) })),
          ].sort((a, b) => b.at - a.at),
        );
      }
      admit(recent);
      const ids: number[] = [];
      for (const key of record) {
        const [row] = await tx.query<{ id: number | string }>(
          'INSERT INTO secret_failures (client_key, failed_at, pending_until) VALUES (?, ?, ?) RETURNING id',
          [key, at, pendingUntil],
        );
        ids.push(Number(row!.id));
      }
      return { ids, keys: record };
    });
  }

  async settle(reservation: Reservation, now: () => number): Promise<boolean> {
    const { ids, keys } = reservation;
    if (ids.length === 0) return true;
    const marks = ids.map(() => '?').join(', ');
    return this.db.transaction(async (tx) => {
      // Under the reservations' locks, with the clock read after taking them (FailureLog.settle).
      await this.lockKeys(tx, keys);
      const at = now();
      const inTime = await tx.run(`UPDATE secret_failures SET pending_until = NULL WHERE id IN (${marks}) AND pending_until > ?`, [...ids, at]);
      if (inTime === ids.length) return true;
      // Lapsed (or already settled): still a failure for the window, but not one to answer.
      await tx.run(`UPDATE secret_failures SET pending_until = NULL WHERE id IN (${marks})`, ids);
      return false;
    });
  }

  async release(reservation: Reservation): Promise<void> {
    const { ids } = reservation;
    if (ids.length === 0) return;
    await this.db.run(`DELETE FROM secret_failures WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  }

  /**
   * On PostgreSQL, a transaction-scoped advisory lock per key, sorted, so two transactions
   * sharing keys always lock them in the same order: no deadlock. SQLite's `BEGIN IMMEDIATE`
   * already serialises every transaction.
   */
  private async lockKeys(tx: SqlExecutor, keys: readonly string[]): Promise<void> {
    if (this.db.dialect !== 'postgres') return;
    for (const key of [...new Set(keys)].sort()) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
  }

  /** Forgets failures older than `maxAgeMs`: past the rate limit's window they count for nothing. */
  async prune(maxAgeMs: number): Promise<number> {
    return this.db.run('DELETE FROM secret_failures WHERE failed_at < ?', [this.now() - maxAgeMs]);
  }
}
