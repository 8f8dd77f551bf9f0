import { randomUUID } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from './sql-database.ts';

/**
 * Idempotency keys: one request's effect per key, across API instances. A unique key in the
 * database decides which request does the work; the answer it gave is kept for its retries.
 * A pending claim is a lease: its holder renews `claimed_at` while it works (renew), so a claim
 * not renewed for the lease's length belonged to a request that died with its instance, and
 * its retry takes it over within seconds, while a slow holder that is alive keeps it. Wrongly
 * taken over (a holder frozen past its lease, clocks apart by more than it), nothing is made
 * twice: the late holder's `complete` fails and rolls its transaction back.
 */

/** A response the API gave and must give again: to a retried request, or to a second capture. */
export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

export type IdempotencyClaim = { kind: 'claimed'; token: string } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'mismatch' } | { kind: 'busy' };

/** The idempotency key an insert completes, and the answer stored for its retries. */
export interface KeyCompletion {
  key: string;
  token: string;
  answer: StoredAnswer;
}

/** Thrown when a stale claim was taken over by another request while this one was still working. */
export class LostClaimError extends Error {}

const DAY = 24 * 60 * 60 * 1000;

export class IdempotencyKeys {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Claims `key` for a request with body hash `requestHash`. A pending claim whose holder has
   * not renewed it for `leaseMs` belonged to a request that died, and is taken over.
   */
  async claim(key: string, requestHash: string, leaseMs: number): Promise<IdempotencyClaim> {
    const now = this.now();
    const token = randomUUID();
    const inserted = await this.db.query(
      `INSERT INTO idempotency_keys (idem_key, request_hash, state, claim_token, claimed_at, created_at)
       VALUES (?, ?, 'pending', ?, ?, ?) ON CONFLICT (idem_key) DO NOTHING RETURNING idem_key`,
      [key, requestHash, token, now, now],
    );
    if (inserted.length > 0) return { kind: 'claimed', token };

    const [row] = await this.db.query<{ request_hash: string; state: string; answer: string | null; claimed_at: number }>(
      'SELECT request_hash, state, answer, claimed_at FROM idempotency_keys WHERE idem_key = ?',
      [key],
    );
    if (!row) return this.claim(key, requestHash, leaseMs); // released meanwhile
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done' && row.answer) return { kind: 'replay', answer: JSON.parse(row.answer) as StoredAnswer };
    const takenOver = await this.db.run(
      `UPDATE idempotency_keys SET claim_token = ?, claimed_at = ?
       WHERE idem_key = ? AND request_hash = ? AND state = 'pending' AND claimed_at < ?`,
      [token, now, key, requestHash, now - leaseMs],
    );
    return takenOver === 1 ? { kind: 'claimed', token } : { kind: 'busy' };
  }

  /** Extends the holder's lease from now; false once the claim is no longer this holder's (taken over, completed or released). */
  async renew(key: string, token: string): Promise<boolean> {
    const changed = await this.db.run("UPDATE idempotency_keys SET claimed_at = ? WHERE idem_key = ? AND claim_token = ? AND state = 'pending'", [
      this.now(),
      key,
      token,
    ]);
    return changed === 1;
  }

  /** Gives the key up after a request that created nothing, so a retry runs afresh. */
  async release(key: string, token: string): Promise<void> {
    await this.db.run("DELETE FROM idempotency_keys WHERE idem_key = ? AND claim_token = ? AND state = 'pending'", [key, token]);
  }

  /** Forgets keys older than a day: a client retries within minutes, not days. */
  async prune(maxAgeMs = DAY): Promise<number> {
    return this.db.run('DELETE FROM idempotency_keys WHERE created_at < ?', [this.now() - maxAgeMs]);
  }

  /** Marks the key done with its answer, inside the transaction that stored what it made. */
  async complete(tx: SqlExecutor, completion: KeyCompletion): Promise<void> {
    const changed = await tx.run(
      "UPDATE idempotency_keys SET state = 'done', answer = ?, claim_token = NULL WHERE idem_key = ? AND claim_token = ? AND state = 'pending'",
      [JSON.stringify(completion.answer), completion.key, completion.token],
    );
    if (changed !== 1) throw new LostClaimError(`idempotency key ${completion.key} was taken over by another request`);
  }
}
