import type { ReactNode } from 'react';
import { OrderAgainChoice, OrderAgainSummary } from './order-again-summary.tsx';
import { orderName, type PlacedOrder } from './order-data.ts';
import { OrderFacts } from './order-facts.tsx';
import { formatOrderDate, orderLabel } from './order-format.ts';
import type { OrderLineMockups } from './order-line-mockup.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderStatusEditor } from './order-status-editor.tsx';
import { OrderStatusHistory, StatusSummary } from './order-status-history.tsx';
import type { OrderAdmin } from './use-order-admin.ts';
import type { useOrderAgain } from './use-order-again.ts';
import { WholeOrderEdit } from './whole-order-edit.tsx';

export interface OrderDetailProps {
  order: PlacedOrder;
  /** The order's key (order-data.ts `orderKey`): which 'Order again' is about it. */
  orderKey: string;
  /** The id of its lines region, which the order's toggle controls. */
  linesId: string;
  again: ReturnType<typeof useOrderAgain>;
  /** Where the 'Order again' summary's links start (the tenant's base path). */
  orderAgainBase: string;
  mockupOf: OrderLineMockups | undefined;
  /** Present for an admin session. */
  admin: OrderAdmin | undefined;
  /** The message about this order, if the last one was. */
  notice: ReactNode;
}

/**
 * An opened order: its facts, 'Order again', its status and history, the admin's editors and
 * its lines, then what the last 'Order again' or change of it did.
 */
export function OrderDetail({ order, orderKey: key, linesId, again, orderAgainBase, mockupOf, admin, notice }: OrderDetailProps) {
  const label = orderLabel(orderName(order), formatOrderDate(order.created_at));
  // update-historical-order finds an order by its e-mail, which the retention removed: nothing to edit.
  const editable = admin !== undefined && !order.personal_data_removed;
  return (
    <>
      <OrderFacts order={order} />
      <p className="orders-table__again">
        <button
          type="button"
          className="button button--secondary"
          disabled={again.busy === key}
          aria-label={`Order again: every line of ${label}`}
          onClick={() => void again.run(key, order)}
        >
          {again.busy === key ? 'Adding to your cart…' : 'Order again'}
        </button>
      </p>
      {/* Phones have no room for the Status column: an opened order says it here instead. */}
      {order.status && (
        <p className="orders-table__status-line">
          Status: <StatusSummary status={order.status} history={order.status_history} />
        </p>
      )}
      <OrderStatusHistory history={order.status_history ?? []} />
      {admin !== undefined && order.status && order.order_id !== '' && (
        <OrderStatusEditor status={order.status} saving={admin.status.saving} onSet={admin.status.set} />
      )}
      {editable && <WholeOrderEdit order={order} saving={admin.wholeOrder.saving} onSave={admin.wholeOrder.save} />}
      <div id={linesId} className="orders-table__scroll" role="region" aria-label={`Lines of ${label}`} tabIndex={0}>
        <OrderLines
          lines={order.order}
          admin={editable ? admin.lines : undefined}
          orderAgain={{ run: (index) => void again.run(key, order, index), busy: again.busy === key }}
          mockupOf={mockupOf}
        />
      </div>
      {again.question?.key === key && <OrderAgainChoice question={again.question} onAnswer={again.answer} />}
      {again.outcome?.key === key && !again.question && (
        <OrderAgainSummary outcome={again.outcome} base={orderAgainBase} onUnlock={(store) => void again.unlock(store)} onPickColor={again.pickColor} />
      )}
      {notice}
    </>
  );
}
