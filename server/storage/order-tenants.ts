import type { SqlDatabase, SqlExecutor } from './sql-database.ts';

/**
 * Which tenant each order belongs to, as an operator sees and changes it
 * (`npm run orders:reattach`, server/orders-reattach.ts). An order belongs to the tenant whose
 * file name is its `tenant_id`; one whose tenant file was removed or renamed belongs to no
 * tenant, and nobody can read or edit it, until it is reattached to a tenant that exists.
 */

/** The orders stored under one tenant id, with the company names they were placed under. */
export interface StoredTenant {
  tenantId: string;
  orders: number;
  companyNames: string[];
}

export async function storedTenants(db: SqlExecutor): Promise<StoredTenant[]> {
  const rows = await db.query<{ tenant_id: string; company_name: string; n: number | string }>(
    'SELECT tenant_id, company_name, COUNT(*) AS n FROM orders GROUP BY tenant_id, company_name ORDER BY tenant_id, company_name',
  );
  const byTenant = new Map<string, StoredTenant>();
  for (const row of rows) {
    const entry = byTenant.get(row.tenant_id) ?? { tenantId: row.tenant_id, orders: 0, companyNames: [] };
    entry.orders += Number(row.n);
    entry.companyNames.push(row.company_name);
    byTenant.set(row.tenant_id, entry);
  }
  return [...byTenant.values()];
}

/** The orders to move: every order stored under a tenant id, or these orders by id. */
export type OrderSelection = { fromTenant: string } | { orderIds: readonly string[] };

export interface ReattachedOrder {
  orderId: string;
  email: string;
  createdAt: string;
  /** The company name it was placed under. */
  companyName: string;
  /** The tenant id it was stored under before. */
  from: string;
}

/** Raised for a selection that cannot be moved; nothing was changed. */
export class ReattachError extends Error {}

/** Moves the selected orders to `toTenant`, all or none, and returns what moved. */
export async function reattachOrders(db: SqlDatabase, selection: OrderSelection, toTenant: string, now = Date.now()): Promise<ReattachedOrder[]> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await selectedOrders(tx, selection);
      const moved = rows.filter((row) => row.tenant_id !== toTenant);
      for (const row of moved) await tx.run('UPDATE orders SET tenant_id = ?, updated_at = ? WHERE order_id = ?', [toTenant, now, row.order_id]);
      return moved.map((row) => ({ orderId: row.order_id, email: row.email, createdAt: row.created_at, companyName: row.company_name, from: row.tenant_id }));
    });
  } catch (error) {
    if (!db.isUniqueViolation(error)) throw error;
    throw new ReattachError(
      `tenant "${toTenant}" already has an order of the same e-mail at the same instant as one of these orders; nothing was moved. Reattach the others with --order, one at a time, to find it.`,
    );
  }
}

interface SelectedRow {
  order_id: string;
  tenant_id: string;
  email: string;
  created_at: string;
  company_name: string;
  [column: string]: unknown;
}

async function selectedOrders(tx: SqlExecutor, selection: OrderSelection): Promise<SelectedRow[]> {
  const columns = 'order_id, tenant_id, email, created_at, company_name';
  if ('fromTenant' in selection) {
    return tx.query<SelectedRow>(`SELECT ${columns} FROM orders WHERE tenant_id = ? ORDER BY created_at, order_id`, [selection.fromTenant]);
  }
  const rows: SelectedRow[] = [];
  for (const orderId of selection.orderIds) {
    const [row] = await tx.query<SelectedRow>(`SELECT ${columns} FROM orders WHERE order_id = ?`, [orderId]);
    if (!row) throw new ReattachError(`--order ${orderId}: there is no order with that id; nothing was moved`);
    rows.push(row);
  }
  return rows;
}
