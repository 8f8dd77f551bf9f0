import { askStorePassword } from '../../islands/shared/store-password.ts';
import { hasStoreSession, type StoresPageData } from '../../islands/shared/store-session.ts';
import { readJsonScript } from './read-json-script.ts';

// A store with a password opens its customs catalog only after the 'Enter password' dialog,
// whose password the order API checks. The store session it answers with goes to the checkout:
// the order API takes that store's customs products only with it. A password store's own
// catalog page, reached by a direct link, asks the same before showing what can be ordered.
const data = readJsonScript<StoresPageData>('stores-page');
const dialog = document.getElementById('store-password-dialog') as HTMLDialogElement;

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-password]')) {
  link.addEventListener('click', async (event) => {
    const storeCode = link.dataset.storeCode;
    if (!storeCode) return;
    event.preventDefault();
    if (await askStorePassword(dialog, data, { code: storeCode, name: link.dataset.storeName ?? '' })) window.location.assign(link.href);
  });
}

// Cancelled, the catalog stays readable: its item pages ask again before anything is added.
if (data.gate && !hasStoreSession(sessionStorage, data.tenantId, data.gate.code)) void askStorePassword(dialog, data, data.gate);
