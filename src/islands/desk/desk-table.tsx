import { useState } from 'react';
import type { DeskOrder } from '../../contracts/desk-responses.ts';
import { ORDER_STATUS_LABELS } from '../../domain/order-status.ts';
import { OrderFacts } from '../orders/order-facts.tsx';
import { orderName } from '../orders/order-data.ts';
import { formatOrderDate, formatOrderTotal } from '../orders/order-format.ts';
import { OrderLines } from '../orders/order-lines.tsx';
import { OrderStatusHistory } from '../orders/order-status-history.tsx';

/** The desk's orders, newest first: a box to select each, its facts in a row, and its lines when opened. */
export function DeskTable({
  orders,
  selected,
  onToggle,
  more,
}: {
  orders: readonly DeskOrder[];
  selected: ReadonlySet<string>;
  onToggle(orderId: string): void;
  /** Whether older orders are still to be read: a text search reads a window of orders a call. */
  more: boolean;
}) {
  const [open, setOpen] = useState<string>();
  if (orders.length === 0)
    return (
      <p className="notice">{more ? 'No match among the newest orders read so far; More orders searches older ones.' : 'No orders match these filters.'}</p>
    );
  return (
    <table className="desk-table">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Select</span>
          </th>
          <th scope="col">Order</th>
          <th scope="col">Tenant</th>
          <th scope="col">Placed</th>
          <th scope="col">Buyer</th>
          <th scope="col">Customer PO</th>
          <th scope="col">Status</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      {orders.map((order) => (
        <DeskRow
          key={order.order_id}
          order={order}
          selected={selected.has(order.order_id)}
          open={open === order.order_id}
          onToggle={() => onToggle(order.order_id)}
          onOpen={() => setOpen((current) => (current === order.order_id ? undefined : order.order_id))}
        />
      ))}
    </table>
  );
}

interface DeskRowProps {
  order: DeskOrder;
  selected: boolean;
  open: boolean;
  onToggle(): void;
  onOpen(): void;
}

function DeskRow({ order, selected, open, onToggle, onOpen }: DeskRowProps) {
  const linesId = `desk-lines-${order.order_id}`;
  return (
    <tbody data-order-id={order.order_id}>
      <tr>
        <td>
          <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select order ${order.order_id}`} />
        </td>
        <td>
          <button type="button" className="link-button" aria-expanded={open} aria-controls={linesId} onClick={onOpen}>
            {order.order_id}
          </button>
        </td>
        <td>{order.company_name}</td>
        <td>{formatOrderDate(order.created_at)}</td>
        <td>{orderName(order)}</td>
        <td>{order.customer_po}</td>
        <td data-status={order.status}>{ORDER_STATUS_LABELS[order.status]}</td>
        <td className="numeric">
          {formatOrderTotal(
            order.total,
            order.order.map((line) => line.price),
          )}
        </td>
      </tr>
      {open && (
        <tr id={linesId}>
          <td colSpan={8}>
            <OrderFacts order={order} />
            <OrderStatusHistory history={order.status_history} />
            <OrderLines lines={order.order} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
