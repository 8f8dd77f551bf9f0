import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlStatement, SqlValue } from './sql-database.ts';
import { assertDiskRoom } from './disk-reserve.ts';
import { walSync } from './wal-sync.ts';

/**
 * SQLite through better-sqlite3: one connection, WAL, and every write on disk before its
 * promise resolves, so an order whose answer was sent survives a killed process or a power cut.
 *
 * better-sqlite3 is synchronous: with `synchronous=FULL` each commit's fsync would stop the
 * event loop, and on a busy disk one fsync takes up to 100 ms (docs/performance.md), stalling
 * every request, not just the one committing. So the connection commits with
 * `synchronous=NORMAL` (no fsync; the WAL frames are in the OS's cache, safe from a killed
 * process) and each call that wrote then waits for an fdatasync of the WAL file on libuv's
 * thread pool (wal-sync.ts), shared by every commit made before it started. Checkpoints (which
 * fsync the database file) run on a worker thread with a connection of their own; the main
 * connection checkpoints only if the WAL outgrows `MAIN_CHECKPOINT_PAGES`.
 *
 * A statement that may write is refused while the disk is nearly full (disk-reserve.ts), since
 * SQLite would otherwise keep committing into the WAL's old blocks on a full disk.
 *
 * The store's transactions are async functions; two of them must not interleave their
 * statements on the one connection, so every statement and transaction waits its turn in a queue.
 */
export function openSqliteDatabase(file: string): SqlDatabase {
  const onDisk = file !== ':memory:';
  if (onDisk) mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${MAIN_CHECKPOINT_PAGES}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // A removed buyer's name or e-mail must not stay readable in freed pages: SQLite overwrites
  // what it frees with zeros (retention; docs/security.md).
  db.pragma('secure_delete = ON');
  const durable = onDisk ? walSync(`${db.name}-wal`) : undefined;
  const checkpointer = onDisk ? startCheckpointer(db.name) : undefined;

  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const folder = path.dirname(db.name);
  /**
   * `sql`'s statement; the first that could change the database in a call is refused on a
   * nearly full disk (one statfs per call, not per statement), and noted in `wrote`.
   */
  const prepareNoting = (sql: string, wrote: { value: boolean }) => {
    const statement = prepare(sql);
    if (!statement.readonly && !wrote.value) {
      if (onDisk) assertDiskRoom(folder);
      wrote.value = true;
    }
    return statement;
  };
  /** An executor that notes in `wrote` whether any statement it ran could change the database. */
  const executorNoting = (wrote: { value: boolean }): SqlExecutor => ({
    async query<T extends SqlRow>(sql: string, params: readonly SqlValue[] = []) {
      return prepareNoting(sql, wrote).all(...params) as T[];
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      const statement = prepareNoting(sql, wrote);
      if (statement.reader) return statement.all(...params).length;
      return statement.run(...params).changes;
    },
    async batch(statements: readonly SqlStatement[]) {
      return statements.map(({ sql, params = [] }) => {
        const statement = prepareNoting(sql, wrote);
        if (statement.reader) return statement.all(...params) as SqlRow[];
        statement.run(...params);
        return [];
      });
    },
  });

  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };
  /** Runs `work` in its turn, then, if it wrote, waits until what it wrote is on disk. */
  const call = async <T>(work: (executor: SqlExecutor) => Promise<T>, waitForDisk: boolean | ((result: T) => boolean) = true): Promise<T> => {
    const wrote = { value: false };
    const result = await inTurn(() => work(executorNoting(wrote)));
    if (wrote.value && durable && (typeof waitForDisk === 'function' ? waitForDisk(result) : waitForDisk)) await durable.sync();
    return result;
  };

  return {
    dialect: 'sqlite',
    query: (sql, params) => call((executor) => executor.query(sql, params)),
    run: (sql, params) => call((executor) => executor.run(sql, params)),
    batch: (statements) => call((executor) => executor.batch(statements)),
    transaction: (work, options) =>
      call(async (executor) => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(executor);
          await executor.batch(options?.commitWith?.(result) ?? []);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }, options?.durable ?? true),
    isUniqueViolation: (error) => typeof error === 'object' && error !== null && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE',
    // The WAL still holds the pages as they were before the removal: fold it in and empty it.
    // SQLite answers "busy" rather than wait when the checkpointer thread's own checkpoint holds
    // the lock, or after the busy timeout while a reader needs old pages: try again until it is empty.
    releaseFreedSpace: () =>
      inTurn(async () => {
        const deadline = Date.now() + RELEASE_TIMEOUT_MS;
        for (;;) {
          const [answer] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
          if (answer?.busy === 0) return;
          if (Date.now() > deadline) throw new Error(`could not empty the WAL of ${db.name} within ${RELEASE_TIMEOUT_MS} ms: another connection kept it busy`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }),
    close: () =>
      inTurn(async () => {
        // The checkpointer's connection first, so the main one is the last and folds the WAL back in.
        await checkpointer?.stop();
        await durable?.close();
        db.close();
      }),
  };
}

/** Pages (of 4 KB) the WAL may hold before the main connection checkpoints it itself, on the event loop. */
const MAIN_CHECKPOINT_PAGES = 20_000;
/** How long releasing freed space retries a checkpoint another connection keeps busy. */
const RELEASE_TIMEOUT_MS = 10_000;
/** How often the checkpointer thread copies the WAL back into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * A worker thread with its own connection that checkpoints the WAL every
 * `CHECKPOINT_INTERVAL_MS` (PASSIVE: it never waits for, nor blocks, the main connection).
 * Plain JavaScript evaluated in the thread, which does not inherit the TypeScript loader.
 */
function startCheckpointer(file: string): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.driver);
     const db = new Database(workerData.file);
     db.pragma('busy_timeout = 5000');
     const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error)); } };
     const timer = setInterval(checkpoint, workerData.intervalMs);
     parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.close(); });`,
    { eval: true, workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS } },
  );
  // A checkpoint that failed is retried at the next interval; the main connection's own checkpoints are the backstop.
  worker.on('message', () => undefined);
  worker.on('error', () => undefined);
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Held while it closes, or a process with nothing else to do would end before the close finished.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
