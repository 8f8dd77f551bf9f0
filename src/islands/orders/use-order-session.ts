import { useCallback, useEffect, useState } from 'react';
import { askPassword } from '../shared/ask-password.ts';
import { OrderApiError } from '../shared/order-api.ts';
import { forgetOrderSession, readOrderSession, saveOrderSession, startOrderSession, type OrderSession } from '../shared/order-session.ts';

function browserSession(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Who the orders screen asks the order API as, and how it signs in. */
export interface OrdersAccount {
  /** The session of the last list load; an admin one may change orders. */
  session: OrderSession | undefined;
  /** The session a list load uses from now on, and makes `session`: the admin's, else the one kept in this browser session. */
  current(): OrderSession | undefined;
  /** Counts sign-ins: each one lists the orders again. */
  signIns: number;
  /** True while the password dialog is open. */
  signingIn: boolean;
  signIn(): void;
  /** The 'Admin' control's session. */
  unlock(session: OrderSession): void;
  /** A 401: the session is gone or expired; forget it and ask again. */
  forget(): void;
}

/**
 * The orders screen's sessions. The order API lists orders only for a session of the tenant:
 * the page asks once per browser session for `wanted` (the group's password or the admin
 * password) in the dialog `dialogId` and keeps the token in sessionStorage. 'Admin' exchanges
 * the admin password for an admin session, kept in memory only, so a reload is back to the
 * staff view.
 */
export function useOrderSession({
  apiBase,
  companyName,
  tenantId,
  wanted,
  dialogId,
}: {
  apiBase: string;
  companyName: string;
  tenantId: string;
  wanted: string | undefined;
  dialogId: string;
}): OrdersAccount {
  const [session, setSession] = useState<OrderSession>();
  const [unlocked, setUnlocked] = useState<OrderSession>();
  const [signingIn, setSigningIn] = useState(false);
  const [signIns, setSignIns] = useState(0);

  const keepSession = useCallback(
    (next: OrderSession | undefined) => {
      if (next) saveOrderSession(browserSession(), tenantId, next);
      else forgetOrderSession(browserSession(), tenantId);
      setSession(next);
    },
    [tenantId],
  );
  const current = useCallback(() => {
    const active = unlocked ?? readOrderSession(browserSession(), tenantId);
    setSession(active);
    return active;
  }, [unlocked, tenantId]);
  const forget = useCallback(() => {
    keepSession(undefined);
    setUnlocked(undefined);
    setSigningIn(true);
  }, [keepSession]);

  useEffect(() => {
    // A tenant without any password that shows orders has nothing to ask for.
    if (!signingIn || wanted === undefined) return;
    const dialog = document.getElementById(dialogId) as HTMLDialogElement | null;
    if (!dialog) return;
    let started: OrderSession | undefined;
    void askPassword(dialog, async (typed) => {
      try {
        started = await startOrderSession(apiBase, companyName, typed);
        return true;
      } catch (error) {
        if (error instanceof OrderApiError && error.status === 401) return 'Wrong password';
        throw error;
      }
    }).then(() => {
      setSigningIn(false);
      if (!started) return;
      keepSession(started);
      setSignIns((n) => n + 1);
    });
  }, [signingIn, wanted, dialogId, apiBase, companyName, keepSession]);

  const signIn = useCallback(() => setSigningIn(true), []);
  return { session, current, signIns, signingIn, signIn, unlock: setUnlocked, forget };
}
