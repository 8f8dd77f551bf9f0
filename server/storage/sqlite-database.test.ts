import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from './sqlite-database.ts';

describe('openSqliteDatabase on a file', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((f) => rmSync(f, { recursive: true, force: true })));
  const file = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'sqlite-driver-'));
    folders.push(folder);
    return path.join(folder, 'orders.sqlite');
  };

  it('resolves every one of many concurrent writes once it is on disk, all of them kept', async () => {
    const where = file();
    const db = openSqliteDatabase(where);
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const changed = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        i % 2 ? db.run('INSERT INTO t (v) VALUES (?)', [`r${i}`]) : db.transaction(async (tx) => tx.run('INSERT INTO t (v) VALUES (?)', [`t${i}`])),
      ),
    );
    expect(changed).toEqual(Array(300).fill(1));
    await db.close();
    const again = openSqliteDatabase(where);
    expect(await again.query('SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 300 }]);
    await again.close();
  });

  it('copies the WAL back into the database file in the background while the connection stays open, and folds it in on close', async () => {
    const where = file();
    const db = openSqliteDatabase(where);
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    for (let i = 0; i < 20; i++) await db.run('INSERT INTO t (v) VALUES (?)', ['x'.repeat(4000)]);
    // 20 rows of 4 kB are in the WAL; the main connection would checkpoint only past thousands of pages.
    const deadline = Date.now() + 10_000;
    while (statSync(where).size < 20 * 4000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statSync(where).size).toBeGreaterThanOrEqual(20 * 4000);
    await db.close();
    expect(existsSync(`${where}-wal`)).toBe(false);
  });

  it('rolls a failed transaction back and still answers the next call', async () => {
    const db = openSqliteDatabase(file());
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
    await db.run("INSERT INTO t (v) VALUES ('a')");
    const failed = db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES ('b')");
      await tx.run("INSERT INTO t (v) VALUES ('a')");
    });
    await expect(failed).rejects.toSatisfy((error: unknown) => db.isUniqueViolation(error));
    expect(await db.query('SELECT v FROM t ORDER BY v')).toEqual([{ v: 'a' }]);
    await db.close();
  });

  it('empties the WAL when freed space is released, even while another connection reads for longer than its busy timeout', async () => {
    const where = file();
    const db = openSqliteDatabase(where);
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    await db.run("INSERT INTO t (v) VALUES ('keep')");
    // Another process reads for 6 s, past the 5 s that one checkpoint waits for readers.
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(where)});
         db.exec('BEGIN'); db.prepare('SELECT * FROM t').all(); console.log('reading');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 6000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => reader.stdout.once('data', resolve));
    await db.run("INSERT INTO t (v) VALUES ('removed.buyer@buyer.example')");
    await db.run("UPDATE t SET v = '' WHERE v LIKE 'removed%'");

    await db.releaseFreedSpace();
    expect(statSync(`${where}-wal`).size, 'the WAL, emptied').toBe(0);
    expect(readFileSync(where).includes('removed.buyer@buyer.example')).toBe(false);
    await db.close();
  }, 20_000);
});
