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
    return this.db.transaction(async (tx) => {
      admit(await this.lockedRecent(tx, request));
      return { ids: await this.record(tx, request, request.pendingUntil), keys: request.record };
    });
  }

  async check<T>(
    request: ReserveRequest,
    admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void,
    compare: () => T | undefined,
  ): Promise<T | undefined> {
    return this.db.transaction(
      async (tx) => {
        admit(await this.lockedRecent(tx, request));
        // Recorded before it is compared: an attempt that cannot be recorded (a full or
        // read-only disk) is never compared, right or wrong alike.
        const ids = await this.record(tx, request, null);
        const result = compare();
        if (result !== undefined) await tx.run(`DELETE FROM secret_failures WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
        return result;
      },
      // A right secret leaves nothing behind, so its commit need not wait for the disk.
      { durable: (result) => result === undefined },
    );
  }

  /**
   * Locks `request`'s keys, then reads, in one statement, the attempts still counting under
   * each checked key: failures and pending attempts apart, at most `limit` of each, newest
   * first (the limiter refuses on failures alone and waits when pending ones would fill a limit).
   */
  private async lockedRecent(tx: SqlExecutor, request: ReserveRequest): Promise<Map<string, CountedAttempt[]>> {
    const { check, record, since, at } = request;
    await this.lockKeys(tx, [...check.map((c) => c.key), ...record]);
    const failures = `SELECT client_key, failed_at, pending_until FROM secret_failures
       WHERE client_key = ? AND failed_at > ? AND pending_until IS NULL ORDER BY failed_at DESC LIMIT ?`;
    const pending = `SELECT client_key, failed_at, pending_until FROM secret_failures
       WHERE client_key = ? AND failed_at > ? AND pending_until > ? ORDER BY failed_at DESC LIMIT ?`;
    const rows = await tx.query<{ client_key: string; failed_at: number | string; pending_until: number | string | null }>(
      check.map(() => `SELECT * FROM (${failures}) f UNION ALL SELECT * FROM (${pending}) p`).join(' UNION ALL '),
      check.flatMap(({ key, limit }) => [key, since, limit, key, since, at, limit]),
    );
    const recent = new Map<string, CountedAttempt[]>(check.map(({ key }) => [key, []]));
    for (const row of rows)
      recent
        .get(row.client_key)!
        .push(row.pending_until === null ? { at: Number(row.failed_at) } : { at: Number(row.failed_at), pendingUntil: Number(row.pending_until) });
    for (const attempts of recent.values()) attempts.sort((a, b) => b.at - a.at);
    return recent;
  }

  /** One attempt at `request.at` under each key of its `record`: pending until `pendingUntil`, or (null) a failure. */
  private async record(tx: SqlExecutor, request: ReserveRequest, pendingUntil: number | null): Promise<number[]> {
    const ids: number[] = [];
    for (const key of request.record) {
      const [row] = await tx.query<{ id: number | string }>(
        'INSERT INTO secret_failures (client_key, failed_at, pending_until) VALUES (?, ?, ?) RETURNING id',
        [key, request.at, pendingUntil],
      );
      ids.push(Number(row!.id));
    }
    return ids;
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
    const sorted = [...new Set(keys)].sort();
    // One round trip: the sorted rows are scanned, and locked, in order.
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM (SELECT k FROM (VALUES ${sorted.map(() => '(?)').join(', ')}) AS v(k) ORDER BY k) AS s`,
      sorted,
    );
  }

  /** Forgets failures older than `maxAgeMs`: past the rate limit's window they count for nothing. */
  async prune(maxAgeMs: number): Promise<number> {
    return this.db.run('DELETE FROM secret_failures WHERE failed_at < ?', [this.now() - maxAgeMs]);
  }
}
