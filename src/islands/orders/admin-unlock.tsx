import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { OrderApiError, UNEXPECTED_ERROR } from '../shared/order-api.ts';
import { startOrderSession, type OrderSession } from '../shared/order-session.ts';

/** What a wrong admin password shows. */
export const WRONG_PASSWORD = 'Wrong password';

/**
 * The 'Admin' control: reveals a labelled password field. The order API checks the password
 * (the order API's `session` call) and answers an admin session, handed to `onUnlock`; the page never holds
 * the password or a hash of it.
 */
export function AdminUnlock({ apiBase, companyName, onUnlock }: { apiBase: string; companyName: string; onUnlock(session: OrderSession): void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();
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
    setError(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking || password === '') return;
    setChecking(true);
    setError(undefined);
    try {
      const session = await startOrderSession(apiBase, companyName, password);
      // The group's staff password is right, but not the one that unlocks editing.
      if (session.role === 'admin') onUnlock(session);
      else setError(WRONG_PASSWORD);
    } catch (failure) {
      if (!(failure instanceof OrderApiError)) console.error(failure);
      setError(
        failure instanceof OrderApiError && failure.status !== 401 ? failure.message : failure instanceof OrderApiError ? WRONG_PASSWORD : UNEXPECTED_ERROR,
      );
    } finally {
      setChecking(false);
    }
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
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      />
      <button type="submit" className="button" disabled={checking}>
        {checking ? 'Checking…' : 'Unlock'}
      </button>
      <button type="button" className="button button--secondary" onClick={close}>
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="admin-unlock__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
