import { askPassword } from '../../islands/shared/ask-password.ts';
import { matchSecret, type SecretSet } from '../../site/secret-hash.ts';
import { readJsonScript } from './read-json-script.ts';

// A store with a password opens its customs catalog only after the 'Enter password' dialog.
const passwords = readJsonScript<Record<string, SecretSet>>('store-passwords');
const dialog = document.getElementById('store-password-dialog') as HTMLDialogElement;
const label = dialog.querySelector<HTMLElement>('[data-store-label]');

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-password]')) {
  link.addEventListener('click', async (event) => {
    const secrets = passwords[link.dataset.storeCode ?? ''];
    if (!secrets) return;
    event.preventDefault();
    if (label) label.textContent = link.dataset.storeName ?? '';
    const accepted = await askPassword(dialog, async (typed) => ((await matchSecret(typed, secrets)) >= 0 ? true : 'Wrong password'));
    if (accepted !== undefined) window.location.assign(link.href);
  });
}
