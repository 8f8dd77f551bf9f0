import type { CountedAttempt, FailureLog, Reservation, ReserveRequest } from '../app/failure-limiter.ts';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlStatement } from './sql-database.ts';

/**
 * Secret attempts, in the order database so every API instance counts the same ones (the
 * guess limits' FailureLog). A reservation is one transaction: on PostgreSQL it first takes a
 * transaction-scoped advisory lock per key, so two connections (of one instance or of several)
 * reserving for the same client or tenant go one after the other, and the second counts what
 * the first recorded; on SQLite, `BEGIN IMMEDIATE` on the one connection already serialises them.
 * A row with `pending_until` is a reservation not yet settled; NULL is a failure.
 */
export class StoredFailureLog implements FailureLog {
  private readonly toTakeBack: number[] = [];

  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(request: ReserveRequest, admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      const { recent, ids } = await this.countAndRecord(tx, request, request.pendingUntil);
      // A refusal throws, and the transaction takes the record back.
      admit(recent);
      return { ids, keys: request.record };
    });
  }

  async check<T>(
    request: ReserveRequest,
    admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void,
    compare: () => T | undefined,
  ): Promise<T | undefined> {
    if (this.db.dialect === 'postgres') return this.checkInOneTrip(request, admit, compare);
    return this.db
      .transaction(
        async (tx) => {
          // Recorded before it is compared: an attempt that cannot be recorded (a full or
          // read-only disk) is never compared, right or wrong alike.
          const { recent, ids } = await this.countAndRecord(tx, request, null);
          admit(recent);
          return { result: compare(), ids };
        },
        {
          // A right secret leaves nothing behind: its record is taken back as the transaction
          // commits, a commit that need not wait for the disk. It is committed all the same, not
          // rolled back: a disk that cannot take the commit refuses right and wrong secrets alike.
          commitWith: ({ result, ids }) => (result === undefined ? [] : takenBack(ids)),
          durable: ({ result }) => result === undefined,
        },
      )
      .then(({ result }) => result);
  }

  /**
   * `check` on PostgreSQL: compared first, then locked, read and recorded in one round trip (one
   * message, an implicit transaction that an error rolls back), so a tenant's lock is never held
   * while an answer crosses to this process and back. Held across that trip, a pause of a few
   * milliseconds in this process's event loop held every order of the tenant behind it.
   *
   * A wrong secret is recorded as a failure; a right one as an attempt that counts for nothing
   * (lapsed as it is written), taken back after it is admitted. Both wait for the disk, so a
   * refused right secret and a refused wrong one cost the same, and neither is answered unless it
   * could be recorded. A refused attempt is taken back: it counted for a moment, which only errs
   * toward refusing.
   */
  private async checkInOneTrip<T>(
    request: ReserveRequest,
    admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void,
    compare: () => T | undefined,
  ): Promise<T | undefined> {
    const result = compare();
    const { recent, ids } = await this.countAndRecord(this.db, request, result === undefined ? null : request.at);
    try {
      admit(recent);
    } catch (error) {
      await this.db.batch(takenBack(ids));
      throw error;
    }
    if (result !== undefined) this.takeBackSoon(ids);
    return result;
  }

  /**
   * Right secrets' rows, counting for nothing already, need not be gone before the answer: they
   * are taken back together a moment later, one statement for all the orders of that moment
   * rather than a round trip each. One left by a failure here goes with the window's prune.
   */
  private takeBackSoon(ids: readonly number[]): void {
    this.toTakeBack.push(...ids);
    if (this.toTakeBack.length > ids.length) return;
    setTimeout(() => {
      const all = this.toTakeBack.splice(0);
      void this.db.batch(takenBack(all)).catch(() => undefined);
    }, TAKE_BACK_DELAY_MS).unref();
  }

  /** Runs `countAndRecordStatements` on `executor` in one batch: what counts under the checked keys, and the ids recorded. */
  private async countAndRecord(executor: SqlExecutor, request: ReserveRequest, pendingUntil: number | null) {
    const statements = this.countAndRecordStatements(request, pendingUntil);
    return countedAndRecorded(statements, await executor.batch(statements.statements));
  }

  /**
   * The statements that lock `request`'s keys; read the attempts still counting under each
   * checked key (failures and pending attempts apart, at most `limit` of each, newest first: the
   * limiter refuses on failures alone and waits when pending ones would fill a limit); then record
   * one attempt at `request.at` under each key of `record`, pending until `pendingUntil` or (null)
   * a failure. One round trip on PostgreSQL, so the keys' lock is held for as little as it can be.
   */
  private countAndRecordStatements(request: ReserveRequest, pendingUntil: number | null): CountAndRecord {
    const { check, record, since, at } = request;
    const failures = `SELECT client_key, failed_at, pending_until FROM secret_failures
       WHERE client_key = ? AND failed_at > ? AND pending_until IS NULL ORDER BY failed_at DESC LIMIT ?`;
    const pending = `SELECT client_key, failed_at, pending_until FROM secret_failures
       WHERE client_key = ? AND failed_at > ? AND pending_until > ? ORDER BY failed_at DESC LIMIT ?`;
    const read = {
      sql: check.map(() => `SELECT * FROM (${failures}) f UNION ALL SELECT * FROM (${pending}) p`).join(' UNION ALL '),
      params: check.flatMap(({ key, limit }) => [key, since, limit, key, since, at, limit]),
    };
    const write = {
      sql: `INSERT INTO secret_failures (client_key, failed_at, pending_until) VALUES ${record.map(() => '(?, ?, ?)').join(', ')} RETURNING id`,
      params: record.flatMap((key) => [key, at, pendingUntil]),
    };
    const locks = this.lockKeys([...check.map((c) => c.key), ...record]);
    return { statements: [...locks, read, ...(record.length === 0 ? [] : [write])], read: locks.length, keys: check.map((c) => c.key) };
  }

  async settle(reservation: Reservation, now: () => number): Promise<boolean> {
    const { ids, keys } = reservation;
    if (ids.length === 0) return true;
    const marks = ids.map(() => '?').join(', ');
    return this.db.transaction(async (tx) => {
      // Under the reservations' locks, with the clock read after taking them (FailureLog.settle).
      await tx.batch(this.lockKeys(keys));
      const at = now();
      const inTime = await tx.run(`UPDATE secret_failures SET pending_until = NULL WHERE id IN (${marks}) AND pending_until > ?`, [...ids, at]);
      if (inTime === ids.length) return true;
      // Lapsed (or already settled): still a failure for the window, but not one to answer.
      await tx.run(`UPDATE secret_failures SET pending_until = NULL WHERE id IN (${marks})`, ids);
      return false;
    });
  }

  async release(reservation: Reservation): Promise<void> {
    await this.db.batch(takenBack(reservation.ids));
  }

  /**
   * On PostgreSQL, the statement that takes a transaction-scoped advisory lock per key, sorted,
   * so two transactions sharing keys always lock them in the same order: no deadlock. None on
   * SQLite, whose `BEGIN IMMEDIATE` already serialises every transaction.
   */
  private lockKeys(keys: readonly string[]): SqlStatement[] {
    if (this.db.dialect !== 'postgres') return [];
    const sorted = [...new Set(keys)].sort();
    // The sorted rows are scanned, and locked, in order.
    return [
      {
        sql: `SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM (SELECT k FROM (VALUES ${sorted.map(() => '(?)').join(', ')}) AS v(k) ORDER BY k) AS s`,
        params: sorted,
      },
    ];
  }

  /** Forgets failures older than `maxAgeMs`: past the rate limit's window they count for nothing. */
  async prune(maxAgeMs: number): Promise<number> {
    return this.db.run('DELETE FROM secret_failures WHERE failed_at < ?', [this.now() - maxAgeMs]);
  }
}

/** How long right secrets' rows wait to be taken back together (`takeBackSoon`). */
const TAKE_BACK_DELAY_MS = 20;

/** The statement that takes attempts back by their ids (a right secret, or no guess after all); none for no ids. */
function takenBack(ids: readonly number[]): SqlStatement[] {
  return ids.length === 0 ? [] : [{ sql: `DELETE FROM secret_failures WHERE id IN (${ids.map(() => '?').join(', ')})`, params: ids }];
}

/** `countAndRecordStatements`'s statements, where the read's answer is among their answers, and the keys it read. */
interface CountAndRecord {
  statements: SqlStatement[];
  read: number;
  keys: string[];
}

/**
 * What `countAndRecordStatements`'s statements answered: the attempts still counting under each
 * checked key, newest first, and the ids of the attempts recorded.
 */
function countedAndRecorded({ read, keys }: CountAndRecord, results: readonly SqlRow[][]): { recent: Map<string, CountedAttempt[]>; ids: number[] } {
  const rows = results[read] as { client_key: string; failed_at: number | string; pending_until: number | string | null }[];
  const inserted = (results[read + 1] ?? []) as { id: number | string }[];
  const recent = new Map<string, CountedAttempt[]>(keys.map((key) => [key, []]));
  for (const row of rows)
    recent
      .get(row.client_key)!
      .push(row.pending_until === null ? { at: Number(row.failed_at) } : { at: Number(row.failed_at), pendingUntil: Number(row.pending_until) });
  for (const attempts of recent.values()) attempts.sort((a, b) => b.at - a.at);
  return { recent, ids: inserted.map((row) => Number(row.id)) };
}
