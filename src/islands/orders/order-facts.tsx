import type { PlacedOrder } from './order-data.ts';
import { formatOrderTotal, formatShipDate } from './order-format.ts';

/**
 * An opened order's total, what the buyer asked of the supplier (in-hands date, note: text,
 * never markup), and for an admin how and from where it was placed, when the order API sent them.
 */
export function OrderFacts({ order }: { order: PlacedOrder }) {
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
      {(order.in_hands_date !== undefined || order.supplier_note !== undefined) && (
        <dl className="orders-table__placed orders-table__wishes">
          {order.in_hands_date !== undefined && (
            <div>
              <dt>In-hands date:</dt> <dd>{formatShipDate(order.in_hands_date)}</dd>
            </div>
          )}
          {order.supplier_note !== undefined && (
            <div>
              <dt>Note to the supplier:</dt> <dd>{order.supplier_note}</dd>
            </div>
          )}
        </dl>
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
