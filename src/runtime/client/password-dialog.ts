import { matchSecret, type SecretSet } from '../../site/secret-hash.ts';

/**
 * Opens a native <dialog> asking for a password and resolves with the index of the matching
 * secret, or undefined when the visitor cancels. A wrong password says so and asks again.
 */
export function askPassword(dialog: HTMLDialogElement, secrets: SecretSet): Promise<number | undefined> {
  const form = dialog.querySelector('form');
  const input = dialog.querySelector<HTMLInputElement>('input[type=password]');
  const error = dialog.querySelector<HTMLElement>('[data-error]');
  if (!form || !input || !error) throw new Error('internal: password dialog markup is incomplete');
  input.value = '';
  error.textContent = '';
  dialog.showModal();

  return new Promise((resolve) => {
    const onSubmit = async (event: SubmitEvent) => {
      const action = (event.submitter as HTMLButtonElement | null)?.value;
      if (action === 'cancel') return; // the dialog closes itself
      event.preventDefault();
      const index = await matchSecret(input.value, secrets);
      if (index < 0) {
        error.textContent = 'Wrong password';
        input.select();
        return;
      }
      input.value = '';
      finish(index);
      dialog.close();
    };
    const onClose = () => finish(undefined);
    const finish = (result: number | undefined) => {
      form.removeEventListener('submit', onSubmit);
      dialog.removeEventListener('close', onClose);
      resolve(result);
    };
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose);
  });
}

export function readJsonScript<T>(id: string): T {
  const element = document.getElementById(id);
  if (!element?.textContent) throw new Error(`internal: #${id} is missing`);
  return JSON.parse(element.textContent) as T;
}
