import type { MailMessage } from '../mail/mail-message.ts';
import type { SqlDatabase, SqlExecutor, SqlStatement } from './sql-database.ts';

/**
 * The e-mails to send, written in the same transaction as their order so none is lost; each
 * is leased to one worker at a time, and a lease that runs out makes it due again.
 */

export interface OutboxItem {
  id: number;
  orderId: string;
  message: MailMessage;
  attempts: number;
}

export class MailOutbox {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds an e-mail to send, inside the transaction that stored its order; a buyer's confirmation counts toward its caps. */
  async enqueue(tx: SqlExecutor, orderId: string, message: MailMessage): Promise<void> {
    await tx.batch(this.enqueueStatements(orderId, message));
  }

  /** What `enqueue` runs, for a caller that sends it with other statements in one round trip. */
  enqueueStatements(orderId: string, message: MailMessage): SqlStatement[] {
    const now = this.now();
    const counts: SqlStatement[] = [];
    if (message.buyerConfirmationOf !== undefined) {
      const hour = Math.floor(now / HOUR_MS);
      // One of a few rows per count and hour, picked at random: orders in parallel rarely wait
      // for each other's commit on one row (PostgreSQL holds a row's lock until the commit).
      const shard = `#${Math.floor(Math.random() * COUNT_SHARDS)}`;
      for (const countedBy of [tenantCount(message.buyerConfirmationOf), ...(message.buyerRecipient ? [recipientCount(message.buyerRecipient)] : [])])
        counts.push({
          sql: 'INSERT INTO buyer_confirmation_counts (counted_by, hour, sent) VALUES (?, ?, 1) ON CONFLICT (counted_by, hour) DO UPDATE SET sent = buyer_confirmation_counts.sent + 1',
          params: [countedBy + shard, hour],
        });
    }
    return [
      ...counts,
      {
        sql: 'INSERT INTO mail_outbox (order_id, message, next_attempt_at, created_at) VALUES (?, ?, ?, ?)',
        params: [orderId, JSON.stringify(message), now, now],
      },
    ];
  }

  /**
   * How many confirmations to buyers of `tenantId`, and to the recipient with this address
   * digest (from any tenant), were queued this clock hour and the one before, in one read. The
   * two hours together are never less than the count of any 60 minutes up to now, so a cap
   * checked against them holds in every hour (and a burst is remembered for up to two).
   */
  async countBuyerConfirmations(tenantId: string, recipient: string): Promise<{ toTenant: number; toRecipient: number }> {
    const hour = Math.floor(this.now() / HOUR_MS) - 1;
    // A count's rows are its key followed by '#' and a shard ('$' is the next character).
    const sum = `(SELECT COALESCE(SUM(sent), 0) FROM buyer_confirmation_counts WHERE counted_by >= ? AND counted_by < ? AND hour >= ?)`;
    const [row] = await this.db.query<{ to_tenant: number | string; to_recipient: number | string }>(
      `SELECT ${sum} AS to_tenant, ${sum} AS to_recipient`,
      [tenantCount(tenantId), recipientCount(recipient)].flatMap((key) => [`${key}#`, `${key}$`, hour]),
    );
    return { toTenant: Number(row?.to_tenant ?? 0), toRecipient: Number(row?.to_recipient ?? 0) };
  }

  /** Forgets the counts of hours no cap looks at any more. */
  async pruneCounts(): Promise<void> {
    await this.db.run('DELETE FROM buyer_confirmation_counts WHERE hour < ?', [Math.floor(this.now() / HOUR_MS) - 1]);
  }

  /**
   * Leases up to `limit` e-mails that are due, so no other worker sends them meanwhile. A
   * lease that runs out (the worker died) makes the e-mail due again.
   */
  async lease(limit: number, leaseMs: number): Promise<OutboxItem[]> {
    const now = this.now();
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.db.query<{ id: number; order_id: string; message: string; attempts: number }>(
      `UPDATE mail_outbox SET lease_until = ?, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
         ORDER BY id LIMIT ?${skipLocked})
       RETURNING id, order_id, message, attempts`,
      [now + leaseMs, now, now, limit],
    );
    return rows
      .map((row) => ({ id: Number(row.id), orderId: row.order_id, message: JSON.parse(row.message) as MailMessage, attempts: Number(row.attempts) }))
      .sort((a, b) => a.id - b.id);
  }

  /** Marks the e-mails `ids` sent, in one statement. */
  async markSent(...ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run(`UPDATE mail_outbox SET sent_at = ?, lease_until = NULL, last_error = NULL WHERE id IN (${ids.map(() => '?').join(', ')})`, [
      this.now(),
      ...ids,
    ]);
  }

  async markFailed(id: number, error: string, retryAt: number): Promise<void> {
    await this.db.run('UPDATE mail_outbox SET lease_until = NULL, last_error = ?, next_attempt_at = ? WHERE id = ?', [error.slice(0, 2000), retryAt, id]);
  }

  /** How many e-mails are waiting to be sent (for the e-mail tests in tests/order-api-contract.ts). */
  async unsentCount(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM mail_outbox WHERE sent_at IS NULL');
    return Number(row?.n ?? 0);
  }
}

const HOUR_MS = 3_600_000;
/** Rows each count is spread over per hour. */
const COUNT_SHARDS = 16;

/** The counted_by of a tenant's confirmations, and of a recipient's (by its address's digest): one table, two kinds of key. */
const tenantCount = (tenantId: string) => `tenant:${tenantId}`;
const recipientCount = (recipient: string) => `to:${recipient}`;
