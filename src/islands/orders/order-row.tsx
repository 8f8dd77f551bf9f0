import type { ReactNode } from 'react';
import { orderNumber } from '../../domain/order-number.ts';
import { orderName, type PlacedOrder } from './order-data.ts';
import { formatOrderDate, orderLabel, textOrNotAvailable } from './order-format.ts';
import { StatusSummary } from './order-status-history.tsx';

/**
 * One order of the orders table: its summary row, with the toggle that opens it, and while
 * open the row of its details (`detail`, rendered only then).
 */
export function OrderRow({
  order,
  linesId,
  open,
  onToggle,
  detail,
}: {
  order: PlacedOrder;
  linesId: string;
  open: boolean;
  onToggle(): void;
  detail(): ReactNode;
}) {
  const date = formatOrderDate(order.created_at);
  const name = orderName(order);
  return (
    <tbody className={open ? 'orders-table__order orders-table__order--open' : 'orders-table__order'}>
      <tr>
        <td className="orders-table__toggle">
          <button
            type="button"
            className="icon-button"
            aria-expanded={open}
            aria-controls={open ? linesId : undefined}
            aria-label={`Lines of ${orderLabel(name, date)}`}
            onClick={onToggle}
          >
            <svg className="orders-table__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M8.6 5.4 15.2 12l-6.6 6.6L10 20l8-8-8-8z" />
            </svg>
          </button>
        </td>
        <td>
          <time dateTime={order.created_at}>{date}</time>
        </td>
        <td className="orders-table__number">{textOrNotAvailable(orderNumber(order.order_id))}</td>
        <td>{textOrNotAvailable(name)}</td>
        <td>{textOrNotAvailable(order.store)}</td>
        <td className="orders-table__status">
          {order.status ? <StatusSummary status={order.status} history={order.status_history} /> : textOrNotAvailable('')}
        </td>
      </tr>
      {open && (
        <tr className="orders-table__detail">
          <td colSpan={6}>{detail()}</td>
        </tr>
      )}
    </tbody>
  );
}
