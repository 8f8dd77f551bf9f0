import type { StatusChange } from '../../contracts/order-api-responses.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status.ts';
import { latestShipment } from './order-status-data.ts';

/** When a change was made, to the minute, in the viewer's time zone: 'January 05, 2024, 3:04 PM'. */
export function formatChangeTime(at: string): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return at;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: '2-digit', hour: 'numeric', minute: '2-digit' }).format(time);
}

/** A shipment's carrier and tracking number, the number a link to the carrier's page when there is one. */
export function Tracking({ change }: { change: StatusChange }) {
  if (!change.tracking_number) return null;
  return (
    <span className="order-status__tracking">
      {change.carrier === 'other' ? 'Tracking number' : change.carrier}{' '}
      {change.tracking_url ? (
        <a href={change.tracking_url} target="_blank" rel="noopener noreferrer">
          {change.tracking_number}
        </a>
      ) : (
        <span>{change.tracking_number}</span>
      )}
    </span>
  );
}

/**
 * The history of an order's status, oldest first, for staff and admins alike: each change with
 * its time and who made it, a shipment with its tracking, a cancellation with its reason.
 */
export function OrderStatusHistory({ history }: { history: readonly StatusChange[] }) {
  if (history.length === 0) return null;
  return (
    <section className="order-status" aria-label="Status history">
      <h3 className="order-status__title">Status history</h3>
      <ol className="order-status__history">
        {history.map((change, index) => (
          <li key={index}>
            <strong>{ORDER_STATUS_LABELS[change.status]}</strong> <time dateTime={change.at}>{formatChangeTime(change.at)}</time>{' '}
            <span className="order-status__by">by {change.by}</span>
            {change.tracking_number && (
              <>
                {' '}
                · <Tracking change={change} />
              </>
            )}
            {change.reason && <> · Reason: {change.reason}</>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The status column of the orders table: the status, and a shipped order's tracking. */
export function StatusSummary({ status, history }: { status: OrderStatus; history: readonly StatusChange[] | undefined }) {
  const shipment = status === 'shipped' ? latestShipment(history) : undefined;
  return (
    <span className="order-status__summary">
      <span className={`order-status__badge order-status__badge--${status}`}>{ORDER_STATUS_LABELS[status]}</span>
      {shipment && <Tracking change={shipment} />}
    </span>
  );
}
