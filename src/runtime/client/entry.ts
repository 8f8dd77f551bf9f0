import { askPassword } from '../../islands/shared/ask-password.ts';
import { saveOrderSession, startOrderSession } from '../../islands/shared/order-session.ts';
import type { EntryTarget } from '../../site/entry-target.ts';
import { matchSecret, type SecretSet } from '../../site/secret-hash.ts';
import { readJsonScript } from './read-json-script.ts';

// The entry screen: a tenant's password leads to its storefront.
const { passwords, targets } = readJsonScript<{ passwords: SecretSet; targets: EntryTarget[] }>('entry-passwords');
const dialog = document.getElementById('login-dialog') as HTMLDialogElement;

document.querySelector('[data-login]')?.addEventListener('click', async () => {
  let target: EntryTarget | undefined;
  const password = await askPassword(dialog, async (typed) => {
    target = targets[await matchSecret(typed, passwords)];
    return target ? true : 'Wrong password';
  });
  if (password === undefined || !target) return;
  sessionStorage.setItem('logged-in', 'true');
  // The same password opens the group's order history: start that session now, so the orders
  // page does not ask again. Best effort: if the order API does not answer, it asks later.
  try {
    const session = await Promise.race([startOrderSession(target.apiBase, target.companyName, password), new Promise<never>((_, reject) => setTimeout(reject, 3000))]);
    saveOrderSession(sessionStorage, target.tenantId, session);
  } catch {
    // the orders page asks
  }
  window.location.assign(target.base);
});
