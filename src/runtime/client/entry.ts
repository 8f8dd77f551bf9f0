import type { SecretSet } from '../../site/secret-hash.ts';
import { askPassword, readJsonScript } from './password-dialog.ts';

// The entry screen: a tenant's password leads to its storefront.
const { passwords, targets } = readJsonScript<{ passwords: SecretSet; targets: string[] }>('entry-passwords');
const dialog = document.getElementById('login-dialog') as HTMLDialogElement;

document.querySelector('[data-login]')?.addEventListener('click', async () => {
  const index = await askPassword(dialog, passwords);
  const target = index === undefined ? undefined : targets[index];
  if (target) {
    sessionStorage.setItem('logged-in', 'true');
    window.location.assign(target);
  }
});
