import type { DeviceRegistration, DeviceRegistry } from '../app/device-proofs.ts';
import type { SqlDatabase, SqlStatement } from './sql-database.ts';

/**
 * The live device proofs (device-proofs.ts), in the order database so every instance honours
 * the same ones. A proof is live while its row is among the newest `keep` of its tenant and
 * credential: that rank, not a trim, is the bound, so instances minting at once need no lock
 * and can never leave more than `keep` live. Rows ranked past `keep` are dead and are removed
 * as new ones come. A registration does not wait for the disk: one lost to a power cut only
 * makes that browser an unknown client again, and waiting would add a second disk flush to
 * every bypass order.
 */
export class DeviceProofRegistry implements DeviceRegistry {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async register(registration: DeviceRegistration): Promise<void> {
    // Statements given whole to the commit: one round trip on PostgreSQL.
    await this.db.transaction(async () => undefined, { durable: false, commitWith: () => this.registrationStatements(registration) });
  }

  /** What `register` writes, for a transaction that registers a proof with other writes (an order's). */
  registrationStatements({ tenantId, credential, deviceId, keep }: DeviceRegistration): SqlStatement[] {
    return [
      // Deleted and inserted again, not updated: the new row's id makes it the newest.
      { sql: 'DELETE FROM device_proofs WHERE tenant_id = ? AND device_id = ?', params: [tenantId, deviceId] },
      {
        sql: 'INSERT INTO device_proofs (tenant_id, device_id, credential, issued_at) VALUES (?, ?, ?, ?)',
        params: [tenantId, deviceId, credential, this.now()],
      },
      // Dead already by their rank (isLive): removed so the table stays about `keep` rows a
      // credential. On PostgreSQL rows another transaction is removing are skipped, not waited
      // for: every order placed with one bypass code would otherwise wait here for the commit of
      // the one before it, its disk flush included. A row skipped stays dead and goes next time.
      {
        sql: `DELETE FROM device_proofs WHERE id IN (
                SELECT id FROM device_proofs WHERE tenant_id = ? AND credential = ? AND id < (
                  SELECT id FROM device_proofs WHERE tenant_id = ? AND credential = ? ORDER BY id DESC LIMIT 1 OFFSET ?)${
                    this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''
                  })`,
        params: [tenantId, credential, tenantId, credential, keep - 1],
      },
    ];
  }

  async isLive(tenantId: string, credential: string, deviceId: string, keep: number): Promise<boolean> {
    const rows = await this.db.query<{ newer: number | string }>(
      `SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM device_proofs n WHERE n.tenant_id = d.tenant_id AND n.credential = d.credential AND n.id > d.id LIMIT ?) AS n) AS newer
         FROM device_proofs d WHERE d.tenant_id = ? AND d.device_id = ? AND d.credential = ?`,
      [keep, tenantId, deviceId, credential],
    );
    return rows.length > 0 && Number(rows[0]!.newer) < keep;
  }
}
