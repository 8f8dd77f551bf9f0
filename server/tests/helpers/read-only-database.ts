import pg from 'pg';
import type { TestApi } from './test-api.ts';

/**
 * Makes the database of `api` refuse every write, or take writes again, as a full or
 * read-only disk does, while reads still answer. SQLite: `PRAGMA query_only` on the API's
 * one connection (SQLITE_READONLY on every write). PostgreSQL: the database's
 * `default_transaction_read_only`, with its open connections ended so the API's pool
 * reconnects under it (error 25006 on every write).
 */
export async function setReadOnly(api: TestApi, databaseUrl: string | undefined, readOnly: boolean): Promise<void> {
  if (databaseUrl === undefined) {
    await api.api.database.db.run(`PRAGMA query_only = ${readOnly ? 1 : 0}`);
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET default_transaction_read_only = off');
    const [{ name }] = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows as [{ name: string }];
    await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} SET default_transaction_read_only = ${readOnly ? 'on' : 'off'}`);
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  } finally {
    await client.end();
  }
}
