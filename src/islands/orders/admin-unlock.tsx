import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { matchSecret, type SecretSet } from '../../site/secret-hash.ts';

/** What a wrong admin password shows. */
export const WRONG_PASSWORD = 'Wrong password';

/**
 * The 'Admin' control: reveals a labelled password field. The password is checked against the
 * build's hash; the right one is handed to `onUnlock` (kept in memory only, and sent with every
 * update so the server checks it too).
 */
export function AdminUnlock({ secretSet, onUnlock }: { secretSet: SecretSet; onUnlock(password: string): void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [wrong, setWrong] = useState(false);
  const id = useId();
  const adminButton = useRef<HTMLButtonElement>(null);
  const closedByUser = useRef(false);
  useEffect(() => {
    if (!open && closedByUser.current) adminButton.current?.focus();
  }, [open]);

  function close() {
    closedByUser.current = true;
    setOpen(false);
    setPassword('');
    setWrong(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setWrong(false);
    const typed = password;
    let matched = false;
    try {
      matched = (await matchSecret(typed, secretSet)) >= 0;
    } catch (error) {
      console.error(error);
    }
    setChecking(false);
    if (matched) onUnlock(typed);
    else setWrong(true);
  }

  if (!open) {
    return (
      <button ref={adminButton} type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Admin
      </button>
    );
  }
  return (
    <form className="admin-unlock" onSubmit={submit} aria-label="Admin sign-in">
      <label htmlFor={`${id}-password`} className="admin-unlock__label">
        Admin password
      </label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="off"
        autoFocus
        value={password}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? `${id}-error` : undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          setWrong(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      />
      <button type="submit" className="button" disabled={checking}>
        {checking ? 'Checking…' : 'Unlock'}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={close}
      >
        Cancel
      </button>
      {wrong && (
        <p id={`${id}-error`} className="admin-unlock__error" role="alert">
          {WRONG_PASSWORD}
        </p>
      )}
    </form>
  );
}
