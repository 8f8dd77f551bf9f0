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

  /** Adds an e-mail to send, inside the transaction that stored its order. */
  async enqueue(tx: SqlExecutor, orderId: string, message: MailMessage): Promise<void> {
    const now = this.now();
    await tx.run('INSERT INTO mail_outbox (order_id, message, next_attempt_at, created_at, buyer_tenant_id, buyer_recipient) VALUES (?, ?, ?, ?, ?, ?)', [
      orderId,
      JSON.stringify(message),
      now,
      now,
      message.buyerConfirmationOf ?? null,
      message.buyerRecipient ?? null,
    ]);
  }

  /** How many confirmations to the recipient with this address digest were queued since `since` (epoch ms), for any tenant. */
  async countConfirmationsTo(recipient: string, since: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM mail_outbox WHERE buyer_recipient = ? AND created_at >= ?', [recipient, since]);
    return Number(row?.n ?? 0);
  }

  /** How many confirmations to buyers of `tenantId` were queued since `since` (epoch ms): its hourly cap counts them. */
  async countBuyerConfirmations(tenantId: string, since: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM mail_outbox WHERE buyer_tenant_id = ? AND created_at >= ?', [tenantId, since]);
    return Number(row?.n ?? 0);
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
