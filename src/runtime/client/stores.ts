import type { SecretSet } from '../../site/secret-hash.ts';
import { askPassword, readJsonScript } from './password-dialog.ts';

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
    if ((await askPassword(dialog, secrets)) !== undefined) window.location.assign(link.href);
  });
}
