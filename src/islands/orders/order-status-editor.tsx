import { useId, useState, type FormEvent } from 'react';
import {
  CARRIERS,
  nextStatuses,
  ORDER_STATUS_LABELS,
  TRACKING_NUMBER_PATTERN,
  type Carrier,
  type OrderStatus,
  type SettableStatus,
} from '../../domain/order-status.ts';
import type { StatusChangeRequest } from './order-status-data.ts';

/**
 * The admin's 'Set status' for one order: only the statuses that may follow the current one
 * are offered (the server checks again), shipped asks for carrier and tracking number,
 * cancelled for a reason. Nothing to offer after delivered or cancelled.
 */
export function OrderStatusEditor({ status, saving, onSet }: { status: OrderStatus; saving: boolean; onSet(change: StatusChangeRequest): Promise<boolean> }) {
  const choices = nextStatuses(status);
  const [next, setNext] = useState<SettableStatus | ''>('');
  const [carrier, setCarrier] = useState<Carrier>('UPS');
  const [tracking, setTracking] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  if (choices.length === 0) return null;
  const chosen = next !== '' && choices.includes(next) ? next : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || chosen === '') return;
    const change: StatusChangeRequest =
      chosen === 'shipped'
        ? { status: chosen, carrier, tracking_number: tracking.trim() }
        : chosen === 'cancelled'
          ? { status: chosen, reason: reason.trim() }
          : { status: chosen };
    if (await onSet(change)) {
      setNext('');
      setTracking('');
      setReason('');
    }
  };

  return (
    <form className="status-editor" aria-label="Set the order's status" onSubmit={(event) => void submit(event)}>
      <label className="whole-order__field">
        <span>Set status</span>
        <select value={chosen} disabled={saving} onChange={(event) => setNext(event.target.value as SettableStatus | '')}>
          <option value="">Choose…</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {ORDER_STATUS_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      {chosen === 'shipped' && (
        <>
          <label className="whole-order__field">
            <span>Carrier</span>
            <select value={carrier} disabled={saving} onChange={(event) => setCarrier(event.target.value as Carrier)}>
              {CARRIERS.map((name) => (
                <option key={name} value={name}>
                  {name === 'other' ? 'Other' : name}
                </option>
              ))}
            </select>
          </label>
          <label className="whole-order__field">
            <span>Tracking number</span>
            <input
              type="text"
              required
              pattern={TRACKING_NUMBER_PATTERN.slice(1, -1)}
              title="4 to 40 letters, digits, spaces or dashes"
              aria-describedby={carrier === 'other' ? `${id}-no-link` : undefined}
              value={tracking}
              disabled={saving}
              onChange={(event) => setTracking(event.target.value)}
            />
          </label>
          {carrier === 'other' && (
            <p id={`${id}-no-link`} className="whole-order__hint">
              Other carriers get no tracking link; staff and the buyer see the number.
            </p>
          )}
        </>
      )}
      {chosen === 'cancelled' && (
        <label className="whole-order__field status-editor__reason">
          <span>Reason</span>
          <input type="text" required maxLength={500} value={reason} disabled={saving} onChange={(event) => setReason(event.target.value)} />
        </label>
      )}
      <span className="whole-order__actions">
        <button type="submit" className="button" disabled={saving || chosen === ''}>
          {saving ? 'Saving…' : 'Save status'}
        </button>
      </span>
    </form>
  );
}
