import pg from 'pg';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlStatement, SqlValue } from './sql-database.ts';

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
      return (await client.query(namedQuery(sql, params))).rows as T[];
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return (await client.query(namedQuery(sql, params))).rowCount ?? 0;
    },
    async batch(statements: readonly SqlStatement[]) {
      if (statements.length === 0) return [];
      if (client !== pool) return (await batchOn(client as pg.PoolClient, statements)).map((result) => result.rows as SqlRow[]);
      // Statements prepared on a connection are the connection's own: run on one taken from the pool.
      const connection = await pool.connect();
      try {
        return (await batchOn(connection, statements)).map((result) => result.rows as SqlRow[]);
      } finally {
        connection.release();
      }
    },
  });
  const shared = executorOf(pool);

  /**
   * The executor of one transaction on `client`. Its BEGIN is sent with the first statements, in
   * their round trip (as one message of the simple query protocol, the parameters written in);
   * a transaction that ran nothing sends nothing.
   */
  const transactionExecutor = (client: pg.PoolClient): { executor: SqlExecutor; begun: () => boolean } => {
    let begun = false;
    const later = executorOf(client);
    const first = async (statements: readonly SqlStatement[]): Promise<pg.QueryResult[]> => {
      begun = true;
      return (await batchOn(client, [{ sql: 'BEGIN' }, ...statements])).slice(1);
    };
    return {
      begun: () => begun,
      executor: {
        query: async <T extends SqlRow>(sql: string, params?: readonly SqlValue[]) =>
          begun ? later.query<T>(sql, params) : ((await first([{ sql, params }]))[0]!.rows as T[]),
        run: async (sql, params) => (begun ? later.run(sql, params) : ((await first([{ sql, params }]))[0]!.rowCount ?? 0)),
        batch: async (statements) =>
          begun || statements.length === 0 ? later.batch(statements) : (await first(statements)).map((result) => result.rows as SqlRow[]),
      },
    };
  };

  return {
    dialect: 'postgres',
    query: shared.query,
    run: shared.run,
    batch: shared.batch,
    async transaction(work, options) {
      const client = await pool.connect();
      const { executor, begun } = transactionExecutor(client);
      try {
        const result = await work(executor);
        const durable = options?.durable ?? true;
        // Not durable: the commit does not wait for the WAL's flush (it still comes within a moment).
        const commit = (typeof durable === 'function' ? durable(result) : durable) ? ['COMMIT'] : ['SET LOCAL synchronous_commit TO OFF', 'COMMIT'];
        const last = options?.commitWith?.(result) ?? [];
        if (begun() || last.length > 0) await executor.batch([...last, ...commit.map((sql) => ({ sql }))]);
        return result;
      } catch (error) {
        if (begun()) await client.query('ROLLBACK').catch(() => undefined);
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

/**
 * The statements each connection has prepared, by their text (numbered). A name is never used
 * twice: a PREPARE in a message that failed may or may not have run, and its text is simply
 * prepared again under a new name the next time.
 */
const preparedOn = new WeakMap<pg.PoolClient, Map<string, string>>();
let preparedNames = 0;

/**
 * Runs `statements` on `client` in one message of the simple query protocol, which takes no
 * bound parameters: a statement with parameters is run as `EXECUTE name(values)` of a statement
 * the connection prepared the first time it met that text (`PREPARE name AS …`, in the same
 * message). PostgreSQL then parses and plans it once per connection, not at every order: that
 * was about a quarter of its CPU an order. Answers one result per statement.
 */
async function batchOn(client: pg.PoolClient, statements: readonly SqlStatement[]): Promise<pg.QueryResult[]> {
  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Map()));
  const texts: string[] = [];
  // Which results are a statement's own, not a PREPARE's.
  const own: boolean[] = [];
  const fresh = new Map<string, string>();
  for (const statement of statements) {
    const params = statement.params ?? [];
    const text = numbered(statement.sql);
    let name = names.get(text) ?? fresh.get(text);
    // Not worth a name: no parameters, or a list of ids long enough that each length would be a statement of its own.
    if (name === undefined && (params.length === 0 || params.length > MAX_PREPARED_PARAMS || names.size >= MAX_PREPARED)) {
      texts.push(inlined(statement));
      own.push(true);
      continue;
    }
    if (name === undefined) {
      name = `s${++preparedNames}`;
      fresh.set(text, name);
      texts.push(`PREPARE ${name} AS ${text}`);
      own.push(false);
    }
    texts.push(`EXECUTE ${name}(${literals(statement).join(', ')})`);
    own.push(true);
  }
  const results = resultsOf(await client.query(texts.join(';\n')));
  for (const [text, name] of fresh) names.set(text, name);
  return results.filter((_, index) => own[index]);
}

const queryNames = new Map<string, string>();

/**
 * `sql` as a query `pg` prepares once per connection under a name (parsed and planned once, as
 * `batchOn` does), unless its parameters are a long list of ids, whose every length would be a
 * statement of its own.
 */
function namedQuery(sql: string, params: readonly SqlValue[]): pg.QueryConfig {
  const text = numbered(sql);
  if (params.length === 0 || params.length > MAX_PREPARED_PARAMS) return { text, values: [...params] };
  let name = queryNames.get(text);
  if (name === undefined && queryNames.size < MAX_PREPARED) queryNames.set(text, (name = `q${queryNames.size + 1}`));
  return { name, text, values: [...params] };
}

/** Statements a connection prepares at most, and parameters a prepared statement takes at most. */
const MAX_PREPARED = 500;
const MAX_PREPARED_PARAMS = 40;

/** `statement` with each `?` replaced by its value as a literal. */
function inlined(statement: SqlStatement): string {
  const values = literals(statement);
  let n = 0;
  return statement.sql.replace(/\?/g, () => values[n++]!);
}

/** `statement`'s parameters as SQL literals, one for each `?`. */
function literals({ sql, params = [] }: SqlStatement): string[] {
  const placeholders = sql.split('?').length - 1;
  if (placeholders !== params.length) throw new Error(`internal: ${params.length} parameters for ${placeholders} placeholders in ${sql}`);
  return params.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`internal: ${value} cannot be written into SQL`);
      return value < 0 ? `(${value})` : String(value);
    }
    return stringLiteral(value);
  });
}

/** Each statement's result of a simple-protocol query: pg answers one result alone, several as an array. */
function resultsOf(answer: pg.QueryResult | pg.QueryResult[]): pg.QueryResult[] {
  return Array.isArray(answer) ? answer : [answer];
}

/**
 * `value` as an SQL string literal, exactly as `pg.escapeLiteral` writes it (quotes doubled; with
 * a backslash, an `E'…'` literal with backslashes doubled), but with the engine's own `replaceAll`:
 * pg's loop over the characters took 0.07–0.3 ms for an order's e-mail (5–14 kB), 9 µs this way.
 */
export function stringLiteral(value: string): string {
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}
