import type { SqlDatabase } from './sql-database.ts';

/**
 * Removes personal data the order database no longer needs (docs/security.md, "Retention"):
 * the buyer's name, e-mail and client address of old orders, which stay for their totals and
 * lines; and the text of e-mails sent long enough ago. Each step changes at most `batchSize`
 * rows per statement, so a first run over years of orders never holds SQLite's one writer for
 * long, and every statement is safe to run from several instances at once: a row already
 * cleared no longer matches, and on PostgreSQL rows another instance is clearing are skipped.
 */
export class PersonalDataRetention {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
    private readonly batchSize = 500,
  ) {}

  /**
   * Clears first and last name, e-mail and client address of every order created before
   * `before` (epoch ms), paid or not; the note to the supplier too, which a buyer may have
   * signed or given a phone number in. The customer PO, in-hands date, store, lines and totals are kept: they
   * are the dealership's business records, not the buyer's. The e-mail becomes a placeholder
   * naming the order, since (company, e-mail, created_at) must stay unique.
   */
  async removeOrderPersonalData(before: number): Promise<number> {
    return this.inBatches((limit) => {
      const now = this.now();
      return this.db.run(
        `UPDATE orders SET first_name = '', last_name = '', email = 'removed:' || order_id, client_ip = '', supplier_note = '', personal_removed_at = ?, updated_at = ?
         WHERE id IN (SELECT id FROM orders WHERE personal_removed_at IS NULL AND created_at < ? LIMIT ?${this.skipLocked()})`,
        [now, now, new Date(before).toISOString(), limit],
      );
    });
  }

  /**
   * Empties the message (addresses, subject, text) and last error of e-mails sent before
   * `before` (epoch ms). The row stays, so when each e-mail of an order went out is still known.
   * An e-mail not sent yet keeps its text until it is.
   */
  async removeSentMailBodies(before: number): Promise<number> {
    return this.inBatches((limit) =>
      this.db.run(
        `UPDATE mail_outbox SET message = '', last_error = NULL
         WHERE id IN (SELECT id FROM mail_outbox WHERE sent_at < ? AND message <> '' LIMIT ?${this.skipLocked()})`,
        [before, limit],
      ),
    );
  }

  /** What the removals freed, handed back so their old bytes are not left in the files. */
  async releaseFreedSpace(): Promise<void> {
    await this.db.releaseFreedSpace();
  }

  private skipLocked(): string {
    return this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  }

  private async inBatches(step: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const changed = await step(this.batchSize);
      total += changed;
      if (changed < this.batchSize) return total;
    }
  }
}
