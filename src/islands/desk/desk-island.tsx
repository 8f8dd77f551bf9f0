import { useCallback, useState } from 'react';
import { readDeskSession, saveDeskSession, type DeskSession } from './desk-api.ts';
import { DeskBulkBar, ResultNotice } from './desk-bulk-bar.tsx';
import { DeskExportButtons } from './desk-export-buttons.tsx';
import { DeskFilterBar } from './desk-filter-bar.tsx';
import { DeskSignIn } from './desk-sign-in.tsx';
import { DeskTable } from './desk-table.tsx';
import { DeskTrackingImport } from './desk-tracking-import.tsx';
import { useDeskList } from './use-desk-list.ts';

export interface DeskProps {
  /** The order API every tenant's orders are in. */
  apiBase: string;
}

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** The supplier's order desk: its sign-in, then every tenant's orders with the bulk changes and exports. */
export function DeskIsland({ apiBase }: DeskProps) {
  const [session, setSession] = useState<DeskSession | undefined>(() => readDeskSession(storage()));
  const signIn = (next: DeskSession | undefined) => {
    saveDeskSession(storage(), next);
    setSession(next);
  };
  const signOut = useCallback(() => signIn(undefined), []);
  if (!session) return <DeskSignIn apiBase={apiBase} onSignedIn={signIn} />;
  return <DeskBoard apiBase={apiBase} session={session} onSignOut={signOut} />;
}

function DeskBoard({ apiBase, session, onSignOut }: { apiBase: string; session: DeskSession; onSignOut(): void }) {
  const list = useDeskList(apiBase, session, onSignOut);
  const [notice, setNotice] = useState<string>();
  const done = (message: string) => {
    setNotice(message);
    list.reload();
  };
  return (
    <>
      <p className="desk-who">
        Signed in as <strong>{session.name}</strong>{' '}
        <button type="button" className="link-button" onClick={onSignOut}>
          Sign out
        </button>
      </p>
      <DeskFilterBar tenants={list.tenants} applied={list.filter} onApply={list.apply} />
      <DeskExportButtons apiBase={apiBase} session={session} filter={list.filter} />
      <DeskTrackingImport apiBase={apiBase} session={session} onDone={done} />
      {list.selected.size > 0 && <DeskBulkBar apiBase={apiBase} session={session} selected={[...list.selected]} onDone={done} />}
      {notice && <ResultNotice message={notice} failed={false} />}
      {list.problem && (
        <p role="alert" className="notice notice--error">
          {list.problem}
        </p>
      )}
      <div aria-busy={list.loading}>
        <DeskTable orders={list.orders} selected={list.selected} onToggle={list.toggle} more={list.more !== undefined} />
      </div>
      {list.more && (
        <button type="button" className="button button--secondary" disabled={list.loading} onClick={list.more}>
          More orders
        </button>
      )}
    </>
  );
}
