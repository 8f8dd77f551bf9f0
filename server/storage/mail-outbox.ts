import type { MailMessage } from '../mail/mail-message.ts';
import type { SqlDatabase, SqlExecutor } from './sql-database.ts';

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
    const now = this.now();
    if (message.buyerConfirmationOf !== undefined) {
      const hour = Math.floor(now / HOUR_MS);
      for (const countedBy of [tenantCount(message.buyerConfirmationOf), ...(message.buyerRecipient ? [recipientCount(message.buyerRecipient)] : [])])
        await tx.run(
          'INSERT INTO buyer_confirmation_counts (counted_by, hour, sent) VALUES (?, ?, 1) ON CONFLICT (counted_by, hour) DO UPDATE SET sent = buyer_confirmation_counts.sent + 1',
          [countedBy, hour],
        );
    }
    await tx.run('INSERT INTO mail_outbox (order_id, message, next_attempt_at, created_at, buyer_tenant_id, buyer_recipient) VALUES (?, ?, ?, ?, ?, ?)', [
      orderId,
      JSON.stringify(message),
      now,
      now,
      message.buyerConfirmationOf ?? null,
      message.buyerRecipient ?? null,
    ]);
  }

  /** How many confirmations to the recipient with this address digest were queued this clock hour and the one before, for any tenant. */
  countConfirmationsTo(recipient: string): Promise<number> {
    return this.lastTwoHours(recipientCount(recipient));
  }

  /** How many confirmations to buyers of `tenantId` were queued this clock hour and the one before: its hourly cap counts them. */
  countBuyerConfirmations(tenantId: string): Promise<number> {
    return this.lastTwoHours(tenantCount(tenantId));
  }

  /**
   * This clock hour's count and the last one's, together: never less than the count of any
   * 60 minutes up to now, so a cap checked against it holds in every hour (and a burst is
   * remembered for up to two). Two numbers read, where counting the hour's rows of the outbox
   * grew with every e-mail, a millisecond an order at a few thousand (docs/performance.md).
   */
  private async lastTwoHours(countedBy: string): Promise<number> {
    const hour = Math.floor(this.now() / HOUR_MS);
    const [row] = await this.db.query<{ n: number | string | null }>(
      'SELECT SUM(sent) AS n FROM buyer_confirmation_counts WHERE counted_by = ? AND hour >= ?',
      [countedBy, hour - 1],
    );
    return Number(row?.n ?? 0);
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

/** The counted_by of a tenant's confirmations, and of a recipient's (by its address's digest): one table, two kinds of key. */
const tenantCount = (tenantId: string) => `tenant:${tenantId}`;
const recipientCount = (recipient: string) => `to:${recipient}`;
