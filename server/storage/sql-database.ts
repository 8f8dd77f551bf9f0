/**
 * The little the order database needs of a SQL database, so one OrderDatabase (order-database.ts) runs on
 * SQLite and PostgreSQL alike and the two can never behave differently. SQL is written with
 * `?` placeholders; the PostgreSQL driver numbers them.
 */
export type SqlValue = string | number | null;
export type SqlRow = Record<string, unknown>;

export interface SqlExecutor {
  /** Rows of a SELECT, or of an INSERT/UPDATE/DELETE … RETURNING. */
  query<T extends SqlRow = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Number of rows an INSERT/UPDATE/DELETE changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * The rows of each statement, run in order as separate statements (each sees what was
   * committed before it began), sent to PostgreSQL in one round trip: for the steps taken while
   * holding a lock others wait for.
   */
  batch(statements: readonly SqlStatement[]): Promise<SqlRow[][]>;
}

export interface SqlStatement {
  sql: string;
  params?: readonly SqlValue[];
}

export interface TransactionOptions<T> {
  durable?: boolean | ((result: T) => boolean);
  commitWith?: (result: T) => SqlStatement[];
}

export interface SqlDatabase extends SqlExecutor {
  readonly dialect: 'sqlite' | 'postgres';
  /**
   * Runs `work` in one transaction that locks what it writes: committed if it resolves, rolled
   * back if it throws. Everything `work` does must go through the executor it is given.
   * Durable (the default): resolves once the commit is on disk. `durable: false`, or a function
   * of the result that answers false, resolves at the commit, before the disk has it: a killed
   * process keeps it, a power cut may lose it; only for writes whose loss harms no one (a device
   * proof's registration, a right secret's attempt written and taken back in one transaction).
   * `commitWith` gives statements to run last, sent with the commit in one round trip on
   * PostgreSQL: for the end of a transaction that holds a lock others wait for.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions<T>): Promise<T>;
  /** True when `error` is a UNIQUE constraint violation. */
  isUniqueViolation(error: unknown): boolean;
  /**
   * After personal data was removed: hands back the space its old bytes held, so no copy of them
   * stays readable in the database's files (docs/security.md, Retention).
   */
  releaseFreedSpace(): Promise<void>;
  close(): Promise<void>;
}
