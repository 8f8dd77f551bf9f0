import { useState, type FormEvent } from 'react';
import { errorMessage } from '../shared/order-api.ts';
import { startDeskSession, type DeskSession } from './desk-api.ts';

/** The desk's sign-in: the staff member's name (kept with every change) and the supplier's desk password. */
export function DeskSignIn({ apiBase, onSignedIn }: { apiBase: string; onSignedIn(session: DeskSession): void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      onSignedIn(await startDeskSession(apiBase, name.trim(), password));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="desk-sign-in" onSubmit={(event) => void submit(event)}>
      <h2>Sign in to the order desk</h2>
      <label>
        Your name
        <input name="name" autoComplete="name" required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Desk password
        <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      {problem && (
        <p role="alert" className="notice notice--error">
          {problem}
        </p>
      )}
    </form>
  );
}
