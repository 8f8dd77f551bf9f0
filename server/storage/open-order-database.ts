import type { Config } from '../config.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

/** The order database the configuration names (DATABASE_URL, else SQLITE_PATH), for the API and the operator's commands alike. */
export function openOrderDatabase(storage: Config['storage']): SqlDatabase {
  return storage.kind === 'postgres' ? openPostgresDatabase(storage.url, storage.maxConnections) : openSqliteDatabase(storage.file);
}
