import type { MailMessage } from '../mail/mail-message.ts';
import type { MailOutbox } from './mail-outbox.ts';
import type { SqlDatabase } from './sql-database.ts';

/** How many links one address, and one tenant's addresses together, may be sent per window. */
export interface DeviceLinkCaps {
  perRecipient: number;
  perTenant: number;
  windowMs: number;
}

/**
 * The e-mailed device links (server/app/device-links.ts): a row per link sent, holding a hash
 * of its token (never the token), its tenant, a digest of its address and when it was used. A
 * link is queued in the same transaction as its e-mail, and only while the address and the
 * tenant are under their caps; on PostgreSQL a transaction-scoped advisory lock per tenant
 * keeps instances counting one at a time (SQLite's `BEGIN IMMEDIATE` already does).
 */
export class SentDeviceLinks {
  constructor(
    private readonly db: SqlDatabase,
    private readonly outbox: MailOutbox,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the link and queues its e-mail; false (nothing written) when a cap is reached. */
  async queue(link: { tenantId: string; recipient: string; tokenHash: string; ttlMs: number }, caps: DeviceLinkCaps, message: MailMessage): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (this.db.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`device-links:${link.tenantId}`]);
      const now = this.now();
      const since = now - caps.windowMs;
      // Older links count for no cap and have expired (the window is longer than a link lives): the table keeps one hour's.
      await tx.run('DELETE FROM device_links WHERE tenant_id = ? AND requested_at <= ? AND expires_at <= ?', [link.tenantId, since, now]);
      const [sent] = await tx.query<{ tenant: number | string; recipient: number | string }>(
        `SELECT COUNT(*) AS tenant, COALESCE(SUM(CASE WHEN recipient = ? THEN 1 ELSE 0 END), 0) AS recipient
         FROM device_links WHERE tenant_id = ? AND requested_at > ?`,
        [link.recipient, link.tenantId, since],
      );
      if (Number(sent?.tenant ?? 0) >= caps.perTenant || Number(sent?.recipient ?? 0) >= caps.perRecipient) return false;
      await tx.run('INSERT INTO device_links (tenant_id, recipient, token_hash, requested_at, expires_at) VALUES (?, ?, ?, ?, ?)', [
        link.tenantId,
        link.recipient,
        link.tokenHash,
        now,
        now + link.ttlMs,
      ]);
      await this.outbox.enqueue(tx, 'device-link', message);
      return true;
    });
  }

  /**
   * Marks the link with this token hash used, in one statement, and answers its tenant and
   * address digest; undefined when there is none, it was used, or it expired. Two redeeming at
   * once: one wins.
   */
  async redeem(tokenHash: string): Promise<{ tenantId: string; recipient: string } | undefined> {
    const now = this.now();
    const rows = await this.db.query<{ tenant_id: string; recipient: string }>(
      'UPDATE device_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING tenant_id, recipient',
      [now, tokenHash, now],
    );
    return rows[0] && { tenantId: rows[0].tenant_id, recipient: rows[0].recipient };
  }
}
