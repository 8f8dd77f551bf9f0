import { useState, type FormEvent } from 'react';
import type { DeskStatusChange } from '../../contracts/desk-requests.ts';
import type { DeskSetStatusAnswer } from '../../contracts/desk-responses.ts';
import { CARRIERS, ORDER_STATUS_LABELS, SETTABLE_STATUSES, type Carrier, type SettableStatus } from '../../domain/order-status.ts';
import { errorMessage, OrderApiError, postOrderApi } from '../shared/order-api.ts';
import type { DeskSession } from './desk-api.ts';

interface DeskBulkBarProps {
  apiBase: string;
  session: DeskSession;
  selected: readonly string[];
  onDone(message: string): void;
}

/**
 * The selected orders' new status, all of them or none: a shipment takes a carrier and each
 * order's tracking number, a cancellation a reason. What the API refused is listed, order by order.
 */
export function DeskBulkBar({ apiBase, session, selected, onDone }: DeskBulkBarProps) {
  const [status, setStatus] = useState<SettableStatus>('received');
  const [carrier, setCarrier] = useState<Carrier>('UPS');
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ message: string; problems?: readonly string[]; failed: boolean }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(undefined);
    const changes: DeskStatusChange[] = selected.map((orderId) => ({
      order_id: orderId,
      status,
      ...(status === 'shipped' ? { carrier, tracking_number: (tracking[orderId] ?? '').trim() } : {}),
      ...(status === 'cancelled' ? { reason: reason.trim() } : {}),
    }));
    try {
      const answer = await postOrderApi(apiBase, 'desk-set-status', { changes }, { token: session.token });
      const count = answer.changes.length;
      setTracking({});
      onDone(`${count} ${count === 1 ? 'order' : 'orders'} set to ${ORDER_STATUS_LABELS[status]}.`);
    } catch (error) {
      setResult({ message: errorMessage(error), problems: error instanceof OrderApiError ? error.details.problems : undefined, failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="desk-bulk" aria-label="Change the selected orders" onSubmit={(event) => void submit(event)}>
      <p>
        {selected.length} {selected.length === 1 ? 'order' : 'orders'} selected
      </p>
      <label>
        New status
        <select name="bulk-status" value={status} onChange={(e) => setStatus(e.target.value as SettableStatus)}>
          {SETTABLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {status === 'shipped' && (
        <>
          <label>
            Carrier
            <select name="bulk-carrier" value={carrier} onChange={(e) => setCarrier(e.target.value as Carrier)}>
              {CARRIERS.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          {selected.map((orderId) => (
            <label key={orderId}>
              Tracking number for {orderId}
              <input required value={tracking[orderId] ?? ''} onChange={(e) => setTracking((current) => ({ ...current, [orderId]: e.target.value }))} />
            </label>
          ))}
        </>
      )}
      {status === 'cancelled' && (
        <label>
          Reason
          <input required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      )}
      <button type="submit" className="button button--primary" disabled={busy || selected.length === 0}>
        {busy ? 'Saving…' : 'Set status'}
      </button>
      {result && <ResultNotice {...result} />}
    </form>
  );
}

export function ResultNotice({ message, problems, failed }: { message: string; problems?: readonly string[]; failed: boolean }) {
  return (
    <div role={failed ? 'alert' : 'status'} className={failed ? 'notice notice--error' : 'notice'}>
      <p>{message}</p>
      {problems && problems.length > 1 && (
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
