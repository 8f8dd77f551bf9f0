import type { DeskOrder } from '../../src/contracts/desk-responses.ts';
import { formatMoney, moneyFromDollars, type Money } from '../../src/domain/money.ts';
import { ORDER_STATUS_LABELS } from '../../src/domain/order-status.ts';

/**
 * What accounting and the carrier get from the desk: one row per order line, with its order's
 * tenant, number, dates, buyer and POs beside it. Prices are the orders' own, exact: a unit
 * price keeps its sub-cent digits and a line total is whole cents, so the line totals of an
 * order sum to its total to the cent (src/domain/pricing.ts).
 */
export const EXPORT_COLUMNS = [
  'Tenant',
  'Order number',
  'Placed (UTC)',
  'In-hands date',
  'Est. ship date',
  'Status',
  'Buyer',
  'E-mail',
  'Store',
  'PO',
  'Customer PO',
  'Product',
  'Description',
  'Size',
  'Colour',
  'Logos',
  'Quantity',
  'Unit price',
  'Line total',
] as const;

export interface ExportRow {
  /** The cells in EXPORT_COLUMNS' order; the money cells as exact Money. */
  cells: (string | number)[];
  unitPrice: Money;
  lineTotal: Money;
}

export function exportRows(orders: readonly DeskOrder[]): ExportRow[] {
  return orders.flatMap((order) =>
    order.order.map((line) => {
      const unitPrice = moneyFromDollars(line.price);
      const lineTotal = moneyFromDollars(line.line_total);
      const logos = [
        [line.embroidery, line.placement],
        [line.second_embroidery, line.second_placement],
      ]
        .filter(([logo]) => logo)
        .map(([logo, placement]) => (placement ? `${logo} (${placement})` : logo))
        .join('; ');
      return {
        unitPrice,
        lineTotal,
        cells: [
          order.company_name,
          order.order_id,
          order.created_at.slice(0, 16).replace('T', ' '),
          order.in_hands_date ?? '',
          line.est_ship_date,
          ORDER_STATUS_LABELS[order.status],
          `${order.first_name} ${order.last_name}`.trim(),
          order.email,
          order.store,
          line.po,
          line.customer_po || order.customer_po,
          line.code,
          line.description,
          line.size,
          line.color,
          logos,
          line.quantity,
          decimalText(unitPrice),
          decimalText(lineTotal),
        ],
      };
    }),
  );
}

/** `$1,234.5678` → `1234.5678`: the exact amount, as a spreadsheet reads a number. */
export function decimalText(amount: Money): string {
  return formatMoney(amount).replace(/[$,]/g, '');
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first)
 * gets a `'` before it: a buyer's name must not become a formula on the desk's computer.
 */
export function inertCell(cell: string | number): string | number {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
