import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlValue } from './sql-database.ts';

/**
 * SQLite through better-sqlite3: one connection, WAL, and synchronous=FULL so an order whose
 * answer was sent survives a killed process or a power cut.
 *
 * better-sqlite3 is synchronous, but the store's transactions are async functions; two of them
 * must not interleave their statements on the one connection, so every statement and
 * transaction waits its turn in a queue.
 */
export function openSqliteDatabase(file: string): SqlDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');

  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const executor: SqlExecutor = {
    async query<T extends SqlRow>(sql: string, params: readonly SqlValue[] = []) {
      return prepare(sql).all(...params) as T[];
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      const statement = prepare(sql);
      if (statement.reader) return statement.all(...params).length;
      return statement.run(...params).changes;
    },
  };

  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    dialect: 'sqlite',
    query: (sql, params) => inTurn(() => executor.query(sql, params)),
    run: (sql, params) => inTurn(() => executor.run(sql, params)),
    transaction: (work) =>
      inTurn(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(executor);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    isUniqueViolation: (error) =>
      typeof error === 'object' && error !== null && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE',
    close: () =>
      inTurn(async () => {
        db.close();
      }),
  };
}
