import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of its own for a test file: initdb into a temporary folder, started on
 * a Unix socket in that folder (no TCP port to collide with anything), removed at the end.
 * Never an already running server. As root (CI), initdb and postgres refuse to run, so they
 * run as the `postgres` user that Debian's package creates.
 *
 * Binaries: $PG_BIN, else the newest /usr/lib/postgresql/<version>/bin (`.ci/run` installs it).
 */
export interface ThrowawayPostgres {
  /** A connection string for a new, empty database. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinaries();
  const runAsRoot = process.getuid?.() === 0;
  const ids = runAsRoot ? postgresUserIds() : undefined;
  // A short path: a Unix socket path must stay under about 100 characters.
  const dir = mkdtempSync('/tmp/pg-test-');
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'socket');
  mkdirSync(socket);
  if (ids) {
    chownSync(dir, ids.uid, ids.gid);
    chownSync(socket, ids.uid, ids.gid);
  }
  const run = (program: string, args: string[]) => {
    const command = ids ? 'runuser' : path.join(bin, program);
    const argv = ids ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
  };

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };

  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: the cluster is thrown away; a killed API server (what the tests kill) loses nothing by it.
  const options = `-c listen_addresses='' -k ${socket} -c fsync=off -c max_connections=200`;
  try {
    run('pg_ctl', ['-D', data, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', options, 'start']);
  } catch (error) {
    const log = existsSync(path.join(dir, 'server.log')) ? readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
    stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  process.on('exit', stop);

  const url = (database: string) => `postgresql://postgres@/${database}?host=${encodeURIComponent(socket)}`;
  return {
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
  };
}

function postgresBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) {
    throw new Error('PostgreSQL is not installed: the order API tests need initdb and pg_ctl. Run `apt-get install -y postgresql` (as .ci/run does) or set PG_BIN to their folder.');
  }
  return path.join(root, versions[0]!, 'bin');
}

function postgresUserIds(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error('Running as root, but there is no `postgres` user to run PostgreSQL as (Debian\'s postgresql package creates it).');
  }
}
