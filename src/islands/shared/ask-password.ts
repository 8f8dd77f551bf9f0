import { OrderApiError, SERVICE_UNREACHABLE, UNEXPECTED_ERROR } from './order-api.ts';

export { SERVICE_UNREACHABLE };

/** What a password check answers: accepted, or the message the dialog shows ('Wrong password'). */
export type PasswordCheck = (password: string) => Promise<true | string>;

export const WRONG_PASSWORD = 'Wrong password';

/**
 * What the dialog says when the order API did not accept a password: the server's own words
 * ('Wrong password'; a 429 says how long to wait), 'Wrong password' for a 401 that came without
 * any, and that it cannot be reached when no answer came.
 */
export function refusalText(error: unknown): string {
  if (!(error instanceof OrderApiError)) return UNEXPECTED_ERROR;
  // postOrderApi's answer when the request itself failed (offline, blocked, refused).
  if (error.details.unanswered) return SERVICE_UNREACHABLE;
  if (error.status === 401 && error.message === UNEXPECTED_ERROR) return WRONG_PASSWORD;
  return error.message;
}

/**
 * Opens a native <dialog> (the PasswordDialog component's markup) asking for a password and
 * resolves with the accepted password, or undefined when the visitor cancels. A refused one
 * shows `check`'s message and asks again. Framework-free: the entry and stores pages use it
 * without React, the orders island with it.
 */
export function askPassword(dialog: HTMLDialogElement, check: PasswordCheck): Promise<string | undefined> {
  const form = dialog.querySelector('form');
  const input = dialog.querySelector<HTMLInputElement>('input[type=password]');
  const error = dialog.querySelector<HTMLElement>('[data-error]');
  const submit = dialog.querySelector<HTMLButtonElement>('button[value=ok]');
  if (!form || !input || !error) throw new Error('internal: password dialog markup is incomplete');
  input.value = '';
  error.textContent = '';
  if (!dialog.open) dialog.showModal();

  return new Promise((resolve) => {
    const onSubmit = async (event: SubmitEvent) => {
      const action = (event.submitter as HTMLButtonElement | null)?.value;
      if (action === 'cancel') return; // the dialog closes itself
      event.preventDefault();
      const typed = input.value;
      if (submit) submit.disabled = true;
      const verdict = await check(typed).catch((failure: unknown) =>
        failure instanceof Error && failure.message ? failure.message : 'Unexpected error. Please try again.',
      );
      if (submit) submit.disabled = false;
      if (verdict !== true) {
        error.textContent = verdict;
        input.select();
        return;
      }
      input.value = '';
      finish(typed);
      dialog.close();
    };
    const onClose = () => finish(undefined);
    const finish = (result: string | undefined) => {
      form.removeEventListener('submit', onSubmit);
      dialog.removeEventListener('close', onClose);
      resolve(result);
    };
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose);
  });
}
