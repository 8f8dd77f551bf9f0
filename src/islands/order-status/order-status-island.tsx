import { orderNumber } from '../../domain/order-number.ts';
import { href } from '../../site/routes.ts';
import { OrderFacts } from '../orders/order-facts.tsx';
import { formatOrderDate } from '../orders/order-format.ts';
import { OrderLines } from '../orders/order-lines.tsx';
import { OrderStatusHistory, StatusSummary } from '../orders/order-status-history.tsx';
import type { OrderStatusIslandProps } from '../shared/ordering-props.ts';
import { useLinkedOrder } from './use-linked-order.ts';

export const ORDER_STATUS_LOADING_HEADING = 'Your order';

/**
 * One order, read-only, for the buyer who followed the link in its e-mail: its status with
 * tracking, when it was placed, its lines and total. The link is the only way in (no password,
 * no other order, no edits); a wrong, changed or expired link gets the order API's words.
 */
export function OrderStatusIsland({ apiBase, companyName, base }: OrderStatusIslandProps) {
  const linked = useLinkedOrder(apiBase, companyName);
  if (linked.state === 'loading') {
    return (
      <>
        <h1 className="page-title">{ORDER_STATUS_LOADING_HEADING}</h1>
        <p className="island-placeholder" aria-live="polite">
          Loading your order…
        </p>
      </>
    );
  }
  if (linked.state === 'failed') {
    return (
      <>
        <h1 className="page-title">Order not shown</h1>
        <p className="notice" role="alert" data-order-link-error="">
          {linked.message}
        </p>
        <p>
          <a href={href(base, { page: 'orders' })}>Staff: see every order on the orders screen</a>
        </p>
      </>
    );
  }
  const { order } = linked;
  return (
    <>
      <h1 className="page-title">{`Order ${orderNumber(order.order_id)}`}</h1>
      <div className="order-summary" data-linked-order={order.order_id}>
        <p>
          Placed {formatOrderDate(order.created_at)} for {order.company_name}
          {order.store ? `, ${order.store}` : ''}
          {order.customer_po ? `, customer PO ${order.customer_po}` : ''}.
        </p>
        <h2 className="order-summary__name">Status</h2>
        <StatusSummary status={order.status} history={order.status_history} />
        <OrderStatusHistory history={order.status_history} />
        {/* The lines' many columns scroll within the page where they do not fit, as on the orders screen. */}
        <div className="orders-table__scroll" role="region" aria-label="Lines of this order" tabIndex={0}>
          <OrderLines lines={order.order} />
        </div>
        <OrderFacts order={order} />
      </div>
    </>
  );
}
