import pg from 'pg';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlValue } from './sql-database.ts';

const INT8 = 20;

/**
 * PostgreSQL through a `pg` pool, for several API instances sharing one database. Locks and
 * constraints live in the database, so instances agree without talking to each other.
 */
export function openPostgresDatabase(connectionString: string, maxConnections = 10): SqlDatabase {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    // Epoch milliseconds and money (ten-thousandths) are BIGINT; both stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8 ? Number : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  const executorOf = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
    async query<T extends SqlRow>(sql: string, params: readonly SqlValue[] = []) {
      return (await client.query(numbered(sql), [...params])).rows as T[];
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return (await client.query(numbered(sql), [...params])).rowCount ?? 0;
    },
  });
  const shared = executorOf(pool);

  return {
    dialect: 'postgres',
    query: shared.query,
    run: shared.run,
    async transaction(work, options) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(executorOf(client));
        const durable = options?.durable ?? true;
        // Not durable: the commit does not wait for the WAL's flush (it still comes within a moment).
        await client.query((typeof durable === 'function' ? durable(result) : durable) ? 'COMMIT' : 'SET LOCAL synchronous_commit TO OFF; COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    isUniqueViolation: (error) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505',
    // Marks the removed rows' old versions free for reuse; their bytes leave the files as the pages are reused (docs/security.md, Retention).
    releaseFreedSpace: async () => {
      await pool.query('VACUUM orders, mail_outbox');
    },
    close: () => pool.end(),
  };
}

const cache = new Map<string, string>();

/** `?` → `$1`, `$2`…; the store's SQL has no `?` inside string literals. */
function numbered(sql: string): string {
  let out = cache.get(sql);
  if (out === undefined) {
    let n = 0;
    out = sql.replace(/\?/g, () => `$${++n}`);
    cache.set(sql, out);
  }
  return out;
}
