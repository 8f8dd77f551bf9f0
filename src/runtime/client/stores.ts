import { askPassword, refusalText } from '../../islands/shared/ask-password.ts';
import { saveStoreSession, startStoreSession, type StoresPageData } from '../../islands/shared/store-session.ts';
import { readJsonScript } from './read-json-script.ts';

// A store with a password opens its customs catalog only after the 'Enter password' dialog,
// whose password the order API checks. The store session it answers with goes to the checkout:
// the order API takes that store's customs products only with it.
const { tenantId, companyName, apiBase } = readJsonScript<StoresPageData>('stores-page');
const dialog = document.getElementById('store-password-dialog') as HTMLDialogElement;
const label = dialog.querySelector<HTMLElement>('[data-store-label]');

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-password]')) {
  link.addEventListener('click', async (event) => {
    const storeCode = link.dataset.storeCode;
    if (!storeCode) return;
    event.preventDefault();
    if (label) label.textContent = link.dataset.storeName ?? '';
    const accepted = await askPassword(dialog, async (typed) => {
      try {
        saveStoreSession(sessionStorage, tenantId, storeCode, await startStoreSession(apiBase, companyName, storeCode, typed));
        return true;
      } catch (error) {
        return refusalText(error);
      }
    });
    if (accepted !== undefined) window.location.assign(link.href);
  });
}
