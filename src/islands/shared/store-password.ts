import { askPassword, refusalText } from './ask-password.ts';
import { saveStoreSession, startStoreSession } from './store-session.ts';

/** Whom a page asks about a store's password: the order API of the tenant. No secret. */
export interface StorePasswordAsker {
  tenantId: string;
  companyName: string;
  apiBase: string;
}

/**
 * Asks for a store's password in the 'Enter password' dialog (PasswordDialog's markup), checked
 * by the order API; the session it answers with is kept for the checkout. A refused password is
 * answered in the dialog in the server's words. Resolves true once accepted, false when the
 * visitor cancels. The stores page, a password store's catalog and item pages and the checkout
 * all ask with this, so the store's password is asked where it is needed.
 */
export async function askStorePassword(dialog: HTMLDialogElement, asker: StorePasswordAsker, store: { code: string; name: string }): Promise<boolean> {
  const label = dialog.querySelector<HTMLElement>('[data-store-label]');
  if (label) label.textContent = store.name;
  const accepted = await askPassword(dialog, async (typed) => {
    try {
      saveStoreSession(sessionStorage, asker.tenantId, store.code, await startStoreSession(asker.apiBase, asker.companyName, store.code, typed));
      return true;
    } catch (error) {
      return refusalText(error);
    }
  });
  return accepted !== undefined;
}
