import type { DeviceRegistry } from '../app/device-proofs.ts';
import type { SqlDatabase } from './sql-database.ts';

/**
 * The live device proofs (device-proofs.ts), in the order database so every instance honours
 * the same ones: per tenant and credential at most `keep` devices, the most recently issued.
 * Issuing takes a transaction-scoped advisory lock per tenant on PostgreSQL (SQLite's
 * `BEGIN IMMEDIATE` already serialises), so instances minting at once still keep `keep`.
 * A registration does not wait for the disk: one lost to a power cut only makes that browser
 * an unknown client again, and waiting would add a second disk flush to every bypass order.
 */
export class DeviceProofRegistry implements DeviceRegistry {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async register(tenantId: string, credential: string, deviceId: string, keep: number): Promise<void> {
    await this.db.transaction(
      async (tx) => {
        if (this.db.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`device-proofs:${tenantId}`]);
        // Deleted and inserted again, not updated: the new row's id makes it the newest.
        await tx.run('DELETE FROM device_proofs WHERE tenant_id = ? AND device_id = ?', [tenantId, deviceId]);
        await tx.run('INSERT INTO device_proofs (tenant_id, device_id, credential, issued_at) VALUES (?, ?, ?, ?)', [
          tenantId,
          deviceId,
          credential,
          this.now(),
        ]);
        const live = await tx.query<{ id: number | string }>(
          'SELECT id FROM device_proofs WHERE tenant_id = ? AND credential = ? ORDER BY id DESC LIMIT 1 OFFSET ?',
          [tenantId, credential, keep - 1],
        );
        if (live[0]) await tx.run('DELETE FROM device_proofs WHERE tenant_id = ? AND credential = ? AND id < ?', [tenantId, credential, Number(live[0].id)]);
      },
      { durable: false },
    );
  }

  async isLive(tenantId: string, credential: string, deviceId: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 AS live FROM device_proofs WHERE tenant_id = ? AND device_id = ? AND credential = ?', [
      tenantId,
      deviceId,
      credential,
    ]);
    return rows.length > 0;
  }
}
