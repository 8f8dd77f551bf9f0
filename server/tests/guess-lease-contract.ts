import { expect, it } from 'vitest';
import { FailureLimiter, RESERVATION_LEASE_MS, type Guesser } from '../app/failure-limiter.ts';
import { createLogger } from '../logger.ts';
import { StoredFailureLog } from '../storage/failure-log.ts';
import { migrate } from '../storage/migrations.ts';
import type { SqlDatabase } from '../storage/sql-database.ts';

const log = createLogger('error', () => undefined);
const from = (client: string): Guesser => ({ client, log });
const right = () => 'granted';
const wrong = () => undefined;
const WINDOW_MS = 900_000;

/**
 * The guess limits' records in the order database (run on SQLite and PostgreSQL), with a
 * clock the test moves: the attempts of requests that died between reserving and settling
 * (kill -9 during a burst of orders) stop counting after the lease, while wrong secrets count
 * for the whole window, and a wrong secret settled too late is never answered.
 */
export function guessLeaseContract(openDatabase: () => Promise<SqlDatabase>): void {
  it('lets the clients of a crashed instance in after the lease, keeps wrong secrets for the window, and answers no wrong secret settled late', async () => {
    const db = await openDatabase();
    try {
      await migrate(db, { tenants: [{ id: 't', companyName: 'T' }] });
      const clock = { now: 1_000_000 };
      const limiter = () => new FailureLimiter(new StoredFailureLog(db, () => clock.now), 3, WINDOW_MS, () => clock.now);

      // Three right codes from one office, reserved by an instance that died before it could take them back.
      const dead = limiter();
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((reserved) => {
          void dead.guess(from('192.0.2.1'), 't', () => {
            reserved();
            return new Promise<undefined>(() => undefined); // the process is gone: never settles
          });
        });
      }
      const restarted = limiter();
      await expect(restarted.guess(from('192.0.2.1'), 't', right)).rejects.toMatchObject({
        status: 429,
        headers: { 'retry-after': String(RESERVATION_LEASE_MS / 1000) },
      });
      clock.now += RESERVATION_LEASE_MS;
      expect(await restarted.guess(from('192.0.2.1'), 't', right)).toBe('granted');

      // Wrong codes are settled as failures: they still count long after the lease.
      for (let i = 0; i < 3; i++) expect(await restarted.guess(from('192.0.2.2'), 't', wrong)).toBeUndefined();
      clock.now += 60_000;
      await expect(restarted.guess(from('192.0.2.2'), 't', right)).rejects.toMatchObject({
        status: 429,
        headers: { 'retry-after': String((WINDOW_MS - 60_000) / 1000) },
      });

      // A wrong code compared past its lease (a stalled machine) gets no answer, and counts all the same.
      const stalled = () => {
        clock.now += RESERVATION_LEASE_MS + 1;
        return undefined;
      };
      for (let i = 0; i < 3; i++) await expect(restarted.guess(from('192.0.2.3'), 't', stalled)).rejects.toMatchObject({ status: 503 });
      await expect(restarted.guess(from('192.0.2.3'), 't', right)).rejects.toMatchObject({ status: 429 });
    } finally {
      await db.close();
    }
  });
}
