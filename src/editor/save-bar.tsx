import { useEffect, useState } from 'react';
import type { Diagnostic } from '../core/data/diagnostic.ts';
import type { Proposal } from './editor-backend.ts';

interface SaveBarProps {
  changes: number;
  /** The validator has not yet answered for the latest change: a save waits for it. */
  checking: boolean;
  /** Errors in the files a save would write: while there is one, nothing is saved. */
  errors: readonly Diagnostic[];
  warnings: number;
  suggestedMessage: string;
  onSave(message: string): Promise<Proposal>;
}

/** What is changed, what stands in the way, and the one button that proposes it. */
export function SaveBar({ changes, checking, errors, warnings, suggestedMessage, onSave }: SaveBarProps) {
  const [message, setMessage] = useState(suggestedMessage);
  const [edited, setEdited] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string; link?: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!edited) setMessage(suggestedMessage);
  }, [suggestedMessage, edited]);

  const save = async () => {
    setBusy(true);
    try {
      const proposal = await onSave(message);
      setEdited(false);
      const where = proposal.pullRequest
        ? `pull request #${proposal.pullRequest.number}`
        : `commit ${proposal.commit?.slice(0, 7) ?? ''} on branch ${proposal.branch}`;
      setStatus({ ok: true, text: `Saved as ${where}.`, link: proposal.pullRequest?.previewUrl });
    } catch (error) {
      setStatus({ ok: false, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const blocked = errors.length > 0;
  return (
    <section className="save-bar" aria-label="Save">
      <p className="summary">
        {changes === 0 ? 'No changes.' : `${changes} ${changes === 1 ? 'file' : 'files'} changed.`}{' '}
        {blocked ? `${errors.length} ${errors.length === 1 ? 'error stands' : 'errors stand'} in the way of saving.` : ''}{' '}
        {warnings > 0 ? `${warnings} warnings.` : ''}
      </p>
      {changes > 0 && (
        <label className="message">
          What this change does (the commit message)
          <textarea value={message} rows={2} onChange={(event) => (setMessage(event.target.value), setEdited(true))} />
        </label>
      )}
      <button type="button" className="save" disabled={changes === 0 || checking || blocked || busy || message.trim() === ''} onClick={() => void save()}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      {checking && changes > 0 && <span className="checking">checking…</span>}
      {blocked && (
        <ul className="problems">
          {errors.slice(0, 5).map((d) => (
            <li key={`${d.file} ${d.path} ${d.message}`} className="error">
              {d.file} {d.path}: {d.message}
            </li>
          ))}
        </ul>
      )}
      {status && (
        <p className={status.ok ? 'notice' : 'problems error'} role="status">
          {status.text} {status.link && <a href={status.link}>Preview</a>}
        </p>
      )}
    </section>
  );
}
