import { useEffect, useState } from 'react';
import type { Diagnostic } from '../core/data/diagnostic.ts';
import type { Proposal } from './editor-backend.ts';
import type { PreviewState } from './github-preview.ts';
import { usePreviewState } from './use-preview-state.ts';

interface SaveBarProps {
  changes: number;
  /** The validator has not yet answered for the latest change: a save waits for it. */
  checking: boolean;
  /** Errors in the files a save would write: while there is one, nothing is saved. */
  errors: readonly Diagnostic[];
  warnings: number;
  suggestedMessage: string;
  onSave(message: string): Promise<Proposal>;
  /** Where a pull request's preview stands (the GitHub backend); without it the preview link shows at once. */
  previewState?(number: number): Promise<PreviewState>;
}

/** What is changed, what stands in the way, and the one button that proposes it. */
export function SaveBar({ changes, checking, errors, warnings, suggestedMessage, onSave, previewState }: SaveBarProps) {
  const [message, setMessage] = useState(suggestedMessage);
  const [edited, setEdited] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string; pull?: Proposal['pullRequest'] }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!edited) setMessage(suggestedMessage);
  }, [suggestedMessage, edited]);

  const save = async () => {
    setBusy(true);
    try {
      const proposal = await onSave(message);
      setEdited(false);
      const where = proposal.pullRequest ? '' : ` as commit ${proposal.commit?.slice(0, 7) ?? ''} on branch ${proposal.branch}.`;
      setStatus({ ok: true, text: `Saved${where}`, pull: proposal.pullRequest });
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
          {status.text} {status.pull && <PullRequestLinks pull={status.pull} previewState={previewState} />}
        </p>
      )}
    </section>
  );
}

/** The pull request a save opened, and its preview once CI has published it. */
function PullRequestLinks({ pull, previewState }: { pull: NonNullable<Proposal['pullRequest']>; previewState: SaveBarProps['previewState'] }) {
  const state = usePreviewState(pull.number, previewState);
  const preview = previewState ? state : 'published';
  return (
    <>
      as <a href={pull.url}>pull request #{pull.number}</a>. {preview === 'published' && <a href={pull.previewUrl}>Preview</a>}
      {preview === 'building' && <span className="checking">The preview is being built…</span>}
      {preview === 'failed' && <span className="error">The preview could not be built: see the pull request's checks.</span>}
    </>
  );
}
