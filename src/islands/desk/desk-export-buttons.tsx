import { useState } from 'react';
import type { DeskFilter } from '../../contracts/desk-requests.ts';
import type { DeskExportAnswer } from '../../contracts/desk-responses.ts';
import { errorMessage, postOrderApi } from '../shared/order-api.ts';
import { downloadFile, sentFilter, type DeskSession } from './desk-api.ts';
import { ResultNotice } from './desk-bulk-bar.tsx';

/** Downloads the filtered orders, one row per line, as CSV or as an Excel workbook. */
export function DeskExportButtons({ apiBase, session, filter }: { apiBase: string; session: DeskSession; filter: DeskFilter }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx'>();
  const [problem, setProblem] = useState<string>();
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    setProblem(undefined);
    try {
      const file = await postOrderApi(apiBase, 'desk-export', { filter: sentFilter(filter), format }, { token: session.token });
      downloadFile(file.file_name, file.content_type, file.content_base64);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className="desk-export" role="group" aria-label="Export the filtered orders">
      <button type="button" className="button button--secondary" disabled={busy !== undefined} onClick={() => void run('csv')}>
        {busy === 'csv' ? 'Exporting…' : 'Export CSV'}
      </button>
      <button type="button" className="button button--secondary" disabled={busy !== undefined} onClick={() => void run('xlsx')}>
        {busy === 'xlsx' ? 'Exporting…' : 'Export Excel'}
      </button>
      {problem && <ResultNotice message={problem} failed />}
    </div>
  );
}
