import type { PlacedOrder } from './order-data.ts';
import { formatOrderTotal } from './order-format.ts';

/** An opened order's total, and for an admin how and from where it was placed, when the order API sent them. */
export function OrderFacts({ order }: { order: Pick<PlacedOrder, 'total' | 'order' | 'placed_with' | 'client_ip'> }) {
  return (
    <>
      {order.total !== undefined && (
        <p className="orders-table__total">
          Order total:{' '}
          <strong>
            {formatOrderTotal(
              order.total,
              order.order.map((line) => line.price),
            )}
          </strong>
        </p>
      )}
      {(order.placed_with !== undefined || order.client_ip !== undefined) && (
        <dl className="orders-table__placed">
          {order.placed_with !== undefined && (
            <div>
              <dt>Placed with:</dt> <dd>{order.placed_with}</dd>
            </div>
          )}
          {order.client_ip !== undefined && (
            <div>
              <dt>Client address:</dt> <dd>{order.client_ip}</dd>
            </div>
          )}
        </dl>
      )}
    </>
  );
}
