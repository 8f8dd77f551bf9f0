import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../tests/helpers/throwaway-postgres.ts';
import { openPostgresDatabase, stringLiteral } from './postgres-database.ts';

describe('stringLiteral', () => {
  it('writes every string as pg.escapeLiteral does, quotes, backslashes and all', () => {
    const alphabet = ["'", '\\', '"', 'a', 'É', '😀', '\n', ' ', '?', '$', ';', '-'];
    const samples = ["O'Brien", 'C:\\path', "\\'; DROP TABLE orders; --", '', 'plain'];
    for (let i = 0; i < 2_000; i++) samples.push(Array.from({ length: 1 + (i % 40) }, (_, j) => alphabet[(i * 7 + j * 13) % alphabet.length]).join(''));
    for (const sample of samples) expect(stringLiteral(sample)).toBe(pg.escapeLiteral(sample));
  });
});

describe('openPostgresDatabase, its statements prepared once per connection', () => {
  let postgres: ThrowawayPostgres;
  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
  });
  afterAll(() => postgres?.stop());

  it('runs a statement again after a message that prepared it failed, and keeps quotes and backslashes in values as sent', async () => {
    // One connection, so every batch meets what the one before it prepared, or failed to.
    const db = openPostgresDatabase(await postgres.createDatabase('prepared'), 1);
    try {
      await db.run('CREATE TABLE notes (id SERIAL PRIMARY KEY, body TEXT NOT NULL UNIQUE, n BIGINT)');
      const insert = (body: string) => ({ sql: 'INSERT INTO notes (body, n) VALUES (?, ?) RETURNING id', params: [body, 1_795_863_470_662] });
      await db.batch([insert('first')]);
      // The same text first met in a message that fails after preparing it, then again.
      await expect(db.batch([insert("O'Brien \\ second"), insert('first')])).rejects.toSatisfy((error: unknown) => db.isUniqueViolation(error));
      await db.batch([insert("O'Brien \\ second"), { sql: 'UPDATE notes SET n = n + ? WHERE body = ?', params: [-2, 'first'] }]);
      expect(await db.query('SELECT body, n FROM notes ORDER BY id')).toEqual([
        { body: 'first', n: 1_795_863_470_660 },
        { body: "O'Brien \\ second", n: 1_795_863_470_662 },
      ]);
    } finally {
      await db.close();
    }
  });
});
