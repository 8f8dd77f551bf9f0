import type { DeskFilter } from '../../src/contracts/desk-requests.ts';
import { ORDER_COLUMNS, orderFromRow, type OrderPosition, type OrderRecord, type OrderRow } from './order-database.ts';
import type { SqlDatabase, SqlExecutor, SqlValue } from './sql-database.ts';

/**
 * The supplier's order desk in the database: every tenant's placed and paid orders, newest
 * first, filtered in SQL (each filter an indexed column or a scan that stops at a page), and
 * the audit of each change the desk makes: who, when, which order, before and after.
 */

export interface DeskPage {
  orders: OrderRecord[];
  /** Where the next page starts; undefined on the last page. */
  next: OrderPosition | undefined;
}

export interface DeskAuditEntry {
  orderId: string;
  tenantId: string;
  actor: string;
  action: 'status' | 'tracking import';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface StoredAuditEntry extends DeskAuditEntry {
  /** Epoch ms. */
  at: number;
}

/** Rows read per step when the PO filter must also look inside each order's lines. */
const PO_SCAN_BATCH = 200;
const PO_SCAN_MOST = 5_000;
/** Orders a text search reads a call (by the other filters' indexes), however rare its matches. */
const SEARCH_WINDOW = 5_000;

export class DeskOrders {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A page of `limit` orders matching `filter`, newest first, after `after` (keyset: a page
   * costs the same however deep). The PO filter is narrowed in SQL by the lines' text, then
   * checked field by field, in bounded steps like retrieve-orders' filtered search.
   */
  async page(filter: DeskFilter, limit: number, after: OrderPosition | undefined): Promise<DeskPage> {
    // A search that is an order number finds that order through the order number's index; only a
    // search that is none is looked for in names, e-mails and POs, SEARCH_WINDOW orders a call.
    const search = filter.search?.trim();
    if (search && after === undefined) {
      const numbered = await this.orderNumberPage(filter, search, limit);
      if (numbered.orders.length > 0) return numbered;
    }
    if (search && !filter.po?.trim()) return this.searchPage(filter, limit, after);
    const po = filter.po?.trim().toLowerCase() ?? '';
    if (po === '') {
      const rows = await this.rows(filter, limit, after);
      return { orders: rows.map(({ order }) => order), next: rows.length === limit ? rows.at(-1)!.position : undefined };
    }
    const found: OrderRecord[] = [];
    let from = after;
    for (let read = 0; read < PO_SCAN_MOST; read += PO_SCAN_BATCH) {
      const rows = await this.rows(filter, PO_SCAN_BATCH, from);
      for (const { order, position } of rows) {
        if (!poMatches(order, po)) continue;
        found.push(order);
        if (found.length === limit) return { orders: found, next: position };
      }
      if (rows.length < PO_SCAN_BATCH) return { orders: found, next: undefined };
      from = rows.at(-1)!.position;
    }
    return { orders: found, next: from };
  }

  /** The order whose number is `number` (as typed, in capitals or in small letters), if the other filters let it through. */
  private async orderNumberPage(filter: DeskFilter, number: string, limit: number): Promise<DeskPage> {
    const variants = [...new Set([number, number.toUpperCase(), number.toLowerCase()])];
    const rows = await this.rows({ ...filter, search: undefined, po: undefined }, limit, undefined, {
      sql: `order_id IN (${variants.map(() => '?').join(', ')})`,
      params: variants,
    });
    return { orders: rows.map(({ order }) => order), next: undefined };
  }

  /**
   * A text search reads at most the next SEARCH_WINDOW orders (by the other filters) after
   * `after`: a rare match costs one window a call, and the answer's cursor goes on from where it
   * stopped, with fewer than `limit` orders (or none) when the window held fewer.
   */
  private async searchPage(filter: DeskFilter, limit: number, after: OrderPosition | undefined): Promise<DeskPage> {
    const { sql, params } = this.where({ ...filter, search: undefined }, after);
    const [edge] = await this.db.query<{ created_at: string; id: number | string }>(
      `SELECT created_at, id FROM orders WHERE ${sql} ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${SEARCH_WINDOW - 1}`,
      params,
    );
    const bound = edge && { createdAt: edge.created_at, id: Number(edge.id) };
    const rows = await this.rows(
      filter,
      limit,
      after,
      bound && { sql: '(created_at > ? OR (created_at = ? AND id >= ?))', params: [bound.createdAt, bound.createdAt, bound.id] },
    );
    if (rows.length === limit) return { orders: rows.map(({ order }) => order), next: rows.at(-1)!.position };
    return { orders: rows.map(({ order }) => order), next: bound };
  }

  private async rows(
    filter: DeskFilter,
    limit: number,
    after: OrderPosition | undefined,
    extra?: { sql: string; params: SqlValue[] },
  ): Promise<{ order: OrderRecord; position: OrderPosition }[]> {
    const { sql, params } = this.where(filter, after, extra);
    const rows = await this.db.query<OrderRow & { id: number | string }>(
      `SELECT ${ORDER_COLUMNS}, id FROM orders WHERE ${sql} ORDER BY created_at DESC, id DESC LIMIT ?`,
      [...params, limit],
    );
    return rows.map((row) => ({ order: orderFromRow(row), position: { createdAt: row.created_at, id: Number(row.id) } }));
  }

  /** The WHERE of `filter` after `after`: each filter a column, the PO and the search a LIKE. */
  private where(filter: DeskFilter, after: OrderPosition | undefined, extra?: { sql: string; params: SqlValue[] }): { sql: string; params: SqlValue[] } {
    const where = ['paid IN (1, 2)'];
    const params: SqlValue[] = [];
    const add = (sql: string, ...values: SqlValue[]) => {
      where.push(sql);
      params.push(...values);
    };
    if (filter.tenant) add('tenant_id = ?', filter.tenant);
    if (filter.status === 'placed' || filter.status === 'paid') add('status_now IS NULL AND paid = ?', filter.status === 'paid' ? 1 : 2);
    else if (filter.status) add('status_now = ?', filter.status);
    if (filter.from) add('created_at >= ?', filter.from);
    if (filter.to) add('created_at < ?', nextDay(filter.to));
    if (filter.store?.trim()) add('store = ?', filter.store.trim());
    const po = filter.po?.trim().toLowerCase();
    if (po) add(`(lower(customer_po) LIKE ? ESCAPE '!' OR lower(lines) LIKE ? ESCAPE '!')`, contains(po), contains(po));
    const search = filter.search?.trim().toLowerCase();
    if (extra) add(extra.sql, ...extra.params);
    if (search) {
      add(
        `(lower(first_name || ' ' || last_name || ' ' || email) LIKE ? ESCAPE '!' OR lower(customer_po) LIKE ? ESCAPE '!')`,
        contains(search),
        contains(search),
      );
    }
    if (after) add('(created_at < ? OR (created_at = ? AND id < ?))', after.createdAt, after.createdAt, after.id);
    return { sql: where.join(' AND '), params };
  }

  /** The placed or paid orders among `orderIds`, by id. */
  async find(orderIds: readonly string[]): Promise<Map<string, OrderRecord>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE paid IN (1, 2) AND order_id IN (${orderIds.map(() => '?').join(', ')})`,
      orderIds,
    );
    return new Map(rows.map((row) => [row.order_id, orderFromRow(row)]));
  }

  async audit(tx: SqlExecutor, entry: DeskAuditEntry): Promise<void> {
    await tx.run('INSERT INTO desk_audit (order_id, tenant_id, actor, action, before_state, after_state, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      entry.orderId,
      entry.tenantId,
      entry.actor,
      entry.action,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
      this.now(),
    ]);
  }

  async auditOf(orderId: string): Promise<StoredAuditEntry[]> {
    const rows = await this.db.query<{
      order_id: string;
      tenant_id: string;
      actor: string;
      action: string;
      before_state: string;
      after_state: string;
      changed_at: number | string;
    }>('SELECT order_id, tenant_id, actor, action, before_state, after_state, changed_at FROM desk_audit WHERE order_id = ? ORDER BY id', [orderId]);
    return rows.map((row) => ({
      orderId: row.order_id,
      tenantId: row.tenant_id,
      actor: row.actor,
      action: row.action === 'tracking import' ? 'tracking import' : 'status',
      before: JSON.parse(row.before_state) as Record<string, unknown>,
      after: JSON.parse(row.after_state) as Record<string, unknown>,
      at: Number(row.changed_at),
    }));
  }
}

/** Whether `po` (lower case) is within the order's Customer PO or a line's Customer PO or PO. */
function poMatches(order: OrderRecord, po: string): boolean {
  return [order.customerPo, ...order.lines.flatMap((line) => [line.customerPo, line.po])].some((text) => text.toLowerCase().includes(po));
}

/** `text` as a LIKE pattern of itself: its wildcards escaped with `!`. */
function likeText(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

function contains(text: string): string {
  return `%${likeText(text)}%`;
}

/** The day after `day` (YYYY-MM-DD): orders placed before it were placed on or before `day`. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
