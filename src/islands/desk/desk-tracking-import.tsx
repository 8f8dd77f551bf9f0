import { useState } from 'react';
import type { DeskImportTrackingAnswer } from '../../contracts/desk-responses.ts';
import { CARRIERS, type Carrier } from '../../domain/order-status.ts';
import { errorMessage, OrderApiError, postOrderApi } from '../shared/order-api.ts';
import type { DeskSession } from './desk-api.ts';
import { ResultNotice } from './desk-bulk-bar.tsx';

interface DeskTrackingImportProps {
  apiBase: string;
  session: DeskSession;
  onDone(message: string): void;
}

/**
 * A carrier's CSV of order numbers and tracking numbers: checked first (a dry run lists what
 * each row would do, or every problem at its row), then shipped, all of them or none.
 */
export function DeskTrackingImport({ apiBase, session, onDone }: DeskTrackingImportProps) {
  const [csv, setCsv] = useState<{ name: string; text: string }>();
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [checked, setChecked] = useState<DeskImportTrackingAnswer>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; problems?: readonly string[] }>();

  const send = async (dryRun: boolean) => {
    if (!csv) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await postOrderApi(
        apiBase,
        'desk-import-tracking',
        { csv: csv.text, dry_run: dryRun, ...(carrier ? { carrier } : {}) },
        { token: session.token },
      );
      if (dryRun) setChecked(answer);
      else {
        setChecked(undefined);
        setCsv(undefined);
        onDone(`${answer.rows.length} ${answer.rows.length === 1 ? 'order' : 'orders'} shipped from ${csv.name}.`);
      }
    } catch (error) {
      setChecked(undefined);
      setProblem({ message: errorMessage(error), problems: error instanceof OrderApiError ? error.details.problems : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="desk-import">
      <summary>Import tracking numbers (CSV)</summary>
      <label>
        Carrier's file
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            setChecked(undefined);
            setProblem(undefined);
            setCsv(file ? { name: file.name, text: await file.text() } : undefined);
          }}
        />
      </label>
      <label>
        Carrier of rows without one
        <select value={carrier} onChange={(e) => setCarrier(e.target.value as Carrier | '')}>
          <option value="">From the file</option>
          {CARRIERS.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <button type="button" className="button button--secondary" disabled={!csv || busy} onClick={() => void send(true)}>
        Check file
      </button>
      {checked && (
        <>
          <ul className="desk-import__rows">
            {checked.rows.map(({ row, change }) => (
              <li key={row}>
                Row {row}: {change.order_id} ({change.company_name}) → shipped, {change.after.carrier} {change.after.tracking_number}
              </li>
            ))}
          </ul>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void send(false)}>
            Ship {checked.rows.length} {checked.rows.length === 1 ? 'order' : 'orders'}
          </button>
        </>
      )}
      {problem && <ResultNotice message={problem.message} problems={problem.problems} failed />}
    </details>
  );
}
