import type { Paid } from '../../src/domain/payment.ts';
import { randomUUID } from 'node:crypto';
import type { Money } from '../../src/domain/money.ts';
import type { DeviceRegistration } from '../app/device-proofs.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { DeviceProofRegistry } from './device-proof-registry.ts';
import { StoredFailureLog } from './failure-log.ts';
import { InstantsTaken } from './instants-taken.ts';
import { IdempotencyKeys, LostClaimError, type KeyCompletion, type StoredAnswer } from './idempotency-keys.ts';
import { SentDeviceLinks } from './sent-device-links.ts';
import { MailOutbox } from './mail-outbox.ts';
import { OrderStatusHistory } from './order-status-history.ts';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlStatement } from './sql-database.ts';

/**
 * Orders and their captures, and the way to the rest of the order database (idempotency keys,
 * failed secret attempts, the mail outbox; each in its own file). The rules that must hold
 * across API instances (one order per idempotency key, one capture per order, each e-mail
 * sent by one worker at a time) are enforced by the database itself: a unique key, or a
 * conditional UPDATE whose row count says who won.
 */

/** How the order stands with payment: the number the `paid` column keeps (src/domain/payment.ts names each). */
export type PaidState = Paid;

export interface StoredLine {
  code: string;
  /** The product's short name, shown as the line's description. */
  name: string;
  type: string;
  size: string;
  color: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
  placement: string;
  embroidery: string;
  secondEmbroidery: string;
  secondPlacement: string;
  customerPo: string;
  po: string;
  estShipDate: string;
  /** The store code a customs line was ordered for, when it named one. */
  store?: string;
}

export interface NewOrder {
  orderId: string;
  tenantId: string;
  companyName: string;
  email: string;
  firstName: string;
  lastName: string;
  store: string;
  customerPo: string;
  /** The day the buyer needs the goods in hand (YYYY-MM-DD); absent or '' for none. */
  inHandsDate?: string;
  /** The buyer's note to the supplier, plain text; absent or '' for none. */
  supplierNote?: string;
  paid: PaidState;
  total: Money;
  lines: StoredLine[];
  /** ISO 8601 with milliseconds; moved on by 1 ms if the same e-mail already has an order at that instant. */
  createdAt: string;
  /** Audit: how it was placed ("bypass code 2 of 3", "PayPal order …"), never a secret. */
  placedWith: string;
  /** Audit: the client address the order came from. */
  clientIp: string;
  /**
   * PayPal orders: the `custom_id` the server gave PayPal (`<tenant id>/<random>`), which the
   * capture must carry back; '' for bypass orders.
   */
  paymentRef: string;
}

export interface OrderRecord extends NewOrder {
  /**
   * The capture's recorded status, once one was made: PayPal's COMPLETED, PENDING, DECLINED,
   * FAILED (any final status PayPal gives), or our MISMATCH for a capture PayPal completed
   * that did not match the order (capture-outcome.ts). Undefined while never captured.
   */
  captureStatus?: string;
  /**
   * When (epoch ms) the retention removed the order's personal fields (personal-data-retention.ts):
   * names, e-mail and client address are '' from then on. Undefined while they are kept.
   */
  personalRemovedAt?: number;
}

/**
 * How a capture ended, recorded for good: its answer (replayed to every later capture call),
 * PayPal's capture status, whether the order is now paid, and the e-mails that go with it.
 */
export interface CaptureOutcome {
  answer: StoredAnswer;
  captureStatus: string;
  paid: boolean;
  mail: MailMessage[];
}

export type CaptureClaim =
  | { kind: 'claimed'; token: string; attempt: number; order: OrderRecord }
  /** `captureStatus` PENDING: PayPal had not settled it when the answer was stored; capture-order asks again. */
  | { kind: 'done'; answer: StoredAnswer; captureStatus: string | null }
  | { kind: 'busy' }
  | { kind: 'not-found' };

/** Where an order stands in a tenant's newest-first list: the paging cursor of retrieve-orders. */
export interface OrderPosition {
  createdAt: string;
  id: number;
}

export class OrderDatabase {
  readonly keys: IdempotencyKeys;
  readonly failures: StoredFailureLog;
  readonly deviceProofs: DeviceProofRegistry;
  readonly outbox: MailOutbox;
  readonly statuses: OrderStatusHistory;
  readonly deviceLinks: SentDeviceLinks;

  /**
   * Instants this instance gave orders not yet committed, by tenant and e-mail: orders of one
   * e-mail placed at once in this instance (one dealership's staff) get different instants at
   * once, instead of meeting at the unique index, where one waits for the other's commit and
   * then starts again. Orders of other instances still meet there.
   */
  private readonly instantsTaken = new InstantsTaken();

  constructor(
    readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {
    this.keys = new IdempotencyKeys(db, now);
    this.failures = new StoredFailureLog(db, now);
    this.deviceProofs = new DeviceProofRegistry(db, now);
    this.outbox = new MailOutbox(db, now);
    this.statuses = new OrderStatusHistory(db, this.outbox, now);
    this.deviceLinks = new SentDeviceLinks(db, this.outbox, now);
  }

  // ---- orders ----

  /**
   * Stores a new order with its e-mails, the device proof its answer gives out (`registers`)
   * and, for a request with an idempotency key, the answer to replay, all in one transaction:
   * either everything is there or nothing is.
   */
  async insertOrder(
    order: NewOrder,
    options: { mail?: (stored: OrderRecord) => MailMessage[]; completes?: KeyCompletion; registers?: DeviceRegistration } = {},
  ): Promise<OrderRecord> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(
          async (tx) => {
            if (options.completes) await this.keys.complete(tx, options.completes);
            return { ...order, createdAt: await this.freeCreatedAt(tx, order) };
          },
          // The order and its e-mails go with the commit, in its round trip.
          {
            commitWith: (stored) => [
              this.insertStatement(stored),
              ...(options.mail?.(stored) ?? []).flatMap((message) => this.outbox.enqueueStatements(order.orderId, message)),
              ...(options.registers ? this.deviceProofs.registrationStatements(options.registers) : []),
            ],
          },
        );
      } catch (error) {
        // Two instances picked the same free instant for one e-mail at once: pick again.
        if (!this.db.isUniqueViolation(error) || attempt >= 20 || (await this.findOrder(order.orderId))) throw error;
      }
    }
  }

  /** The INSERT of a new order, `stored.createdAt` already free (freeCreatedAt). */
  private insertStatement(stored: NewOrder): SqlStatement {
    return {
      sql: `INSERT INTO orders (order_id, tenant_id, company_name, email, first_name, last_name, store, customer_po, in_hands_date, supplier_note, paid, total, lines, created_at, updated_at, placed_with, client_ip, payment_ref)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      params: [
        stored.orderId,
        stored.tenantId,
        stored.companyName,
        stored.email,
        stored.firstName,
        stored.lastName,
        stored.store,
        stored.customerPo,
        stored.inHandsDate ?? '',
        stored.supplierNote ?? '',
        stored.paid,
        stored.total,
        JSON.stringify(stored.lines),
        stored.createdAt,
        this.now(),
        stored.placedWith,
        stored.clientIp,
        stored.paymentRef,
      ],
    };
  }

  /**
   * Orders are found again by e-mail and created_at (update-historical-order), so one
   * e-mail's orders of a tenant never share an instant: a later one moves on by a millisecond.
   */
  private async freeCreatedAt(tx: SqlExecutor, order: NewOrder): Promise<string> {
    const [latest] = await tx.query<{ created_at: string }>(
      'SELECT created_at FROM orders WHERE tenant_id = ? AND email = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
      [order.tenantId, order.email, order.createdAt],
    );
    const free = latest ? Date.parse(latest.created_at) + 1 : Date.parse(order.createdAt);
    return new Date(this.instantsTaken.take(`${order.tenantId}\u0000${order.email}`, free)).toISOString();
  }

  async findOrder(orderId: string): Promise<OrderRecord | undefined> {
    const [row] = await this.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ?`, [orderId]);
    return row && orderFromRow(row);
  }

  /**
   * Placed (2) and paid (1) orders of a tenant (by its id: a company_name may change), newest first, `limit` at a time: `after` is the
   * position (created_at, id) of the last order of the previous page. Keyset paging, so a page
   * costs the same however deep it is and an order placed meanwhile never shifts a page.
   */
  async listPlacedOrders(
    tenantId: string,
    limit: number,
    after?: OrderPosition,
  ): Promise<{ orders: OrderRecord[]; last?: OrderPosition; positions: OrderPosition[] }> {
    const rows = await this.db.query<OrderRow & { id: number | string }>(
      `SELECT ${ORDER_COLUMNS}, id FROM orders WHERE tenant_id = ? AND paid IN (1, 2)
       ${after ? 'AND (created_at < ? OR (created_at = ? AND id < ?))' : ''}
       ORDER BY created_at DESC, id DESC LIMIT ?`,
      after ? [tenantId, after.createdAt, after.createdAt, after.id, limit] : [tenantId, limit],
    );
    const positions = rows.map((row) => ({ createdAt: row.created_at, id: Number(row.id) }));
    return { orders: rows.map(orderFromRow), last: positions.at(-1), positions };
  }

  /** Unpaid PayPal orders created by `clientIp` since `since` (epoch ms). */
  async countUnpaidOrdersFrom(clientIp: string, since: number): Promise<number> {
    const [row] = await this.db.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM orders WHERE paid = 0 AND client_ip = ? AND created_at >= ?', [
      clientIp,
      new Date(since).toISOString(),
    ]);
    return Number(row?.n ?? 0);
  }

  /**
   * Removes PayPal orders nobody paid, created before `before` (epoch ms): never captured, or
   * captured and declined. A capture still PENDING, or one whose payment did not match
   * (someone must look at it in PayPal), is kept.
   */
  async removeExpiredUnpaidOrders(before: number): Promise<number> {
    return this.db.run(
      `DELETE FROM orders WHERE paid = 0 AND created_at < ? AND capture_state <> 'capturing'
       AND (capture_status IS NULL OR capture_status NOT IN ('PENDING', 'MISMATCH', 'COMPLETED'))`,
      [new Date(before).toISOString()],
    );
  }

  async findOrdersByEmailAndTime(email: string, createdAt: string): Promise<OrderRecord[]> {
    const rows = await this.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE email = ? AND created_at = ?`, [email, createdAt]);
    return rows.map(orderFromRow);
  }

  /**
   * Rewrites an order's lines with `change`, holding the row so concurrent edits of the same
   * order apply one after the other. `change` may throw to refuse; nothing is written then.
   */
  async updateOrderLines(orderId: string, change: (lines: StoredLine[]) => StoredLine[]): Promise<OrderRecord> {
    return this.db.transaction(async (tx) => {
      const lock = this.db.dialect === 'postgres' ? ' FOR UPDATE' : '';
      const [row] = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ?${lock}`, [orderId]);
      if (!row) throw new Error(`order ${orderId} vanished`);
      const order = orderFromRow(row);
      const lines = change(order.lines);
      await tx.run('UPDATE orders SET lines = ?, updated_at = ? WHERE order_id = ?', [JSON.stringify(lines), this.now(), orderId]);
      return { ...order, lines };
    });
  }

  // ---- capture once ----

  /**
   * Claims the capture of an order. Only one request at a time, on any instance, holds it; a
   * finished capture's answer is returned to everyone after. A claim older than
   * `staleAfterMs` belonged to a request that died and is taken over (with a new attempt
   * number, so PayPal sees a new request id and tells us if it had already captured).
   */
  async claimCapture(orderId: string, staleAfterMs: number): Promise<CaptureClaim> {
    const now = this.now();
    const token = randomUUID();
    const claimed = await this.db.query<OrderRow>(
      `UPDATE orders SET capture_state = 'capturing', capture_token = ?, capture_claimed_at = ?, capture_attempts = capture_attempts + 1
       WHERE order_id = ? AND (capture_state = 'none' OR (capture_state = 'capturing' AND capture_claimed_at < ?))
       RETURNING ${ORDER_COLUMNS}, capture_attempts`,
      [token, now, orderId, now - staleAfterMs],
    );
    const [row] = claimed;
    if (row) return { kind: 'claimed', token, attempt: Number(row.capture_attempts), order: orderFromRow(row) };
    const [current] = await this.db.query<{ capture_state: string; capture_answer: string | null; capture_status: string | null }>(
      'SELECT capture_state, capture_answer, capture_status FROM orders WHERE order_id = ?',
      [orderId],
    );
    if (!current) return { kind: 'not-found' };
    if (current.capture_state === 'done' && current.capture_answer) {
      return { kind: 'done', answer: JSON.parse(current.capture_answer) as StoredAnswer, captureStatus: current.capture_status };
    }
    return { kind: 'busy' };
  }

  /**
   * Records the capture's outcome for good: its answer (replayed to every later capture
   * call), its status, `paid` 1 when it is COMPLETED and verified, and its e-mails.
   */
  async finishCapture(orderId: string, token: string, outcome: CaptureOutcome): Promise<void> {
    await this.db.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE orders SET capture_state = 'done', capture_token = NULL, capture_status = ?, capture_answer = ?, paid = ?, updated_at = ?
         WHERE order_id = ? AND capture_state = 'capturing' AND capture_token = ?`,
        [outcome.captureStatus, JSON.stringify(outcome.answer), outcome.paid ? 1 : 0, this.now(), orderId, token],
      );
      if (changed !== 1) throw new LostClaimError(`the capture of ${orderId} was taken over by another request`);
      for (const message of outcome.mail) await this.outbox.enqueue(tx, orderId, message);
    });
  }

  /** Gives the capture claim up after a capture that did not happen (declined, PayPal down). */
  async releaseCapture(orderId: string, token: string): Promise<void> {
    await this.db.run(
      "UPDATE orders SET capture_state = 'none', capture_token = NULL WHERE order_id = ? AND capture_state = 'capturing' AND capture_token = ?",
      [orderId, token],
    );
  }

  /** Orders whose capture PayPal left PENDING; a poller asks PayPal about them until they settle. */
  async listPendingCaptures(limit: number): Promise<OrderRecord[]> {
    const rows = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE capture_status = 'PENDING' AND capture_state = 'done' ORDER BY id LIMIT ?`,
      [limit],
    );
    return rows.map(orderFromRow);
  }

  /**
   * A pending capture settled: record its new status, answer, `paid` and e-mails, once. The
   * poller and a capture-order call may settle the same order at once; only one wins.
   */
  async settlePendingCapture(orderId: string, outcome: CaptureOutcome): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE orders SET capture_status = ?, capture_answer = ?, paid = ?, updated_at = ?
         WHERE order_id = ? AND capture_status = 'PENDING' AND capture_state = 'done'`,
        [outcome.captureStatus, JSON.stringify(outcome.answer), outcome.paid ? 1 : 0, this.now(), orderId],
      );
      if (changed === 1) for (const message of outcome.mail) await this.outbox.enqueue(tx, orderId, message);
      return changed === 1;
    });
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}

/** The columns `orderFromRow` reads (the supplier's desk lists orders with them too). */
export const ORDER_COLUMNS =
  'order_id, tenant_id, company_name, email, first_name, last_name, store, customer_po, in_hands_date, supplier_note, paid, total, lines, created_at, capture_status, placed_with, client_ip, payment_ref, personal_removed_at';

export interface OrderRow extends SqlRow {
  order_id: string;
  tenant_id: string;
  company_name: string;
  email: string;
  first_name: string;
  last_name: string;
  store: string;
  customer_po: string;
  in_hands_date: string;
  supplier_note: string;
  paid: number;
  total: number;
  lines: string;
  created_at: string;
  capture_status: string | null;
  placed_with: string;
  client_ip: string;
  payment_ref: string;
  personal_removed_at: number | string | null;
}

export function orderFromRow(row: OrderRow): OrderRecord {
  return {
    orderId: row.order_id,
    tenantId: row.tenant_id,
    companyName: row.company_name,
    // The stored e-mail of a removed order is a placeholder that keeps the row unique, not an address.
    email: row.personal_removed_at === null ? row.email : '',
    firstName: row.first_name,
    lastName: row.last_name,
    store: row.store,
    customerPo: row.customer_po,
    inHandsDate: row.in_hands_date,
    supplierNote: row.supplier_note,
    paid: Number(row.paid) as PaidState,
    total: Number(row.total) as Money,
    lines: JSON.parse(row.lines) as StoredLine[],
    createdAt: row.created_at,
    captureStatus: row.capture_status ?? undefined,
    placedWith: row.placed_with,
    clientIp: row.client_ip,
    paymentRef: row.payment_ref,
    ...(row.personal_removed_at === null ? {} : { personalRemovedAt: Number(row.personal_removed_at) }),
  };
}
