import type { SqlDatabase } from './sql-database.ts';

/** Failed secret attempts, in the order database so every API instance counts the same ones (the rate limits' FailureLog). */
export class StoredFailureLog {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /** When `key` failed after `since`, newest first, at most `limit` of them. */
  async recentFailures(key: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ failed_at: number | string }>(
      'SELECT failed_at FROM secret_failures WHERE client_key = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT ?',
      [key, since, limit],
    );
    return rows.map((row) => Number(row.failed_at));
  }

  async recordFailure(key: string, at: number): Promise<void> {
    await this.db.run('INSERT INTO secret_failures (client_key, failed_at) VALUES (?, ?)', [key, at]);
  }

  /** Forgets failures older than `maxAgeMs`: past the rate limit's window they count for nothing. */
  async prune(maxAgeMs: number): Promise<number> {
    return this.db.run('DELETE FROM secret_failures WHERE failed_at < ?', [this.now() - maxAgeMs]);
  }
}
