import { PAID } from '../../src/domain/payment.ts';
import type { Carrier, OrderStatus, SettableStatus } from '../../src/domain/order-status.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import type { MailOutbox } from './mail-outbox.ts';
import type { SqlDatabase, SqlExecutor, SqlRow } from './sql-database.ts';

/**
 * Every change of an order's status, one row each, never updated: the order's status is its
 * latest change, or `placed`/`paid` before the first. Changes of one order are made one at a
 * time (the order's row is held), so each is checked against the status it really follows.
 */

export interface StatusChangeRecord {
  status: SettableStatus;
  /** Epoch ms. */
  at: number;
  /** An admin session of the tenant, or the supplier's order desk. */
  by: 'admin' | 'supplier';
  carrier?: Carrier;
  trackingNumber?: string;
  reason?: string;
}

export type NewStatusChange = Omit<StatusChangeRecord, 'at'>;

interface ChangeRow extends SqlRow {
  order_id: string;
  status: string;
  carrier: string | null;
  tracking_number: string | null;
  reason: string | null;
  changed_by: string;
  changed_at: number | string;
}

export class OrderStatusHistory {
  constructor(
    private readonly db: SqlDatabase,
    private readonly outbox: MailOutbox,
    private readonly now: () => number = Date.now,
  ) {}

  /** The changes of each order, oldest first; an order never changed has an empty list. */
  async historyOf(orderIds: readonly string[]): Promise<Map<string, StatusChangeRecord[]>> {
    const history = new Map<string, StatusChangeRecord[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return history;
    const rows = await this.db.query<ChangeRow>(
      `SELECT order_id, status, carrier, tracking_number, reason, changed_by, changed_at FROM order_status_history
       WHERE order_id IN (${orderIds.map(() => '?').join(', ')}) ORDER BY id`,
      orderIds,
    );
    for (const row of rows) history.get(row.order_id)?.push(changeOf(row));
    return history;
  }

  /**
   * Records a change of a placed or paid order of `tenantId`, with its e-mails, in one
   * transaction. `decide` gets the status the order has now (under the lock) and throws to
   * refuse; undefined when the tenant has no such order.
   */
  async change(
    orderId: string,
    tenantId: string,
    decide: (current: OrderStatus) => { change: NewStatusChange; mail: MailMessage[] },
  ): Promise<StatusChangeRecord[] | undefined> {
    return this.db.transaction(async (tx) => (await this.changeIn(tx, orderId, tenantId, decide))?.history);
  }

  /**
   * `change` inside the caller's transaction `tx` (the supplier's desk changes many orders in
   * one): the order's history before and after, or undefined when the tenant has no such order.
   */
  async changeIn(
    tx: SqlExecutor,
    orderId: string,
    tenantId: string,
    decide: (current: OrderStatus) => { change: NewStatusChange; mail: MailMessage[] },
  ): Promise<{ paid: number; before: StatusChangeRecord[]; history: StatusChangeRecord[] } | undefined> {
    const lock = this.db.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const [order] = await tx.query<{ paid: number | string }>(`SELECT paid FROM orders WHERE order_id = ? AND tenant_id = ? AND paid IN (1, 2)${lock}`, [
      orderId,
      tenantId,
    ]);
    if (!order) return undefined;
    const rows = await tx.query<ChangeRow>(
      'SELECT order_id, status, carrier, tracking_number, reason, changed_by, changed_at FROM order_status_history WHERE order_id = ? ORDER BY id',
      [orderId],
    );
    const before = rows.map(changeOf);
    const { change, mail } = decide(currentStatus(Number(order.paid), before));
    const at = this.now();
    await tx.run('INSERT INTO order_status_history (order_id, status, carrier, tracking_number, reason, changed_by, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      orderId,
      change.status,
      change.carrier ?? null,
      change.trackingNumber ?? null,
      change.reason ?? null,
      change.by,
      at,
    ]);
    // The status is also kept on the order, so the desk filters every tenant's orders by it with an index.
    await tx.run('UPDATE orders SET updated_at = ?, status_now = ? WHERE order_id = ?', [at, change.status, orderId]);
    for (const message of mail) await this.outbox.enqueue(tx, orderId, message);
    return { paid: Number(order.paid), before, history: [...before, { ...change, at }] };
  }
}

/** An order's status: its latest change, else how it was placed (paid with PayPal, or with a bypass code). */
export function currentStatus(paid: number, history: readonly StatusChangeRecord[]): OrderStatus {
  return history.at(-1)?.status ?? (paid === PAID.paypal ? 'paid' : 'placed');
}

function changeOf(row: ChangeRow): StatusChangeRecord {
  return {
    status: row.status as SettableStatus,
    at: Number(row.changed_at),
    by: row.changed_by === 'supplier' ? 'supplier' : 'admin',
    ...(row.carrier === null ? {} : { carrier: row.carrier as Carrier }),
    ...(row.tracking_number === null ? {} : { trackingNumber: row.tracking_number }),
    ...(row.reason === null ? {} : { reason: row.reason }),
  };
}
