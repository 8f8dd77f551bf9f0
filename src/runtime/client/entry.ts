import { askPassword, refusalText, WRONG_PASSWORD } from '../../islands/shared/ask-password.ts';
import { OrderApiError, postOrderApi } from '../../islands/shared/order-api.ts';
import { orderSessionOf, saveOrderSession, type OrderSession } from '../../islands/shared/order-session.ts';
import type { EntryTarget } from '../../site/entry-target.ts';
import { readJsonScript } from './read-json-script.ts';

// The entry screen: the order API says which tenant a typed password belongs to (the page
// knows only where passwords may lead), and the session it answers with opens that tenant's
// order history too, so the orders page does not ask again.
const targets = readJsonScript<EntryTarget[]>('entry-targets');
const apiBases = [...new Set(targets.map((target) => target.apiBase))];
const dialog = document.getElementById('login-dialog') as HTMLDialogElement;

interface EntrySessionAnswer {
  token: string;
  role: OrderSession['role'];
  expires_at: string;
  tenant_id: string;
}

/** The target and session the password opens, asking each order API in turn; throws the most telling refusal. */
async function signIn(password: string): Promise<{ target: EntryTarget; session: OrderSession }> {
  let refusal: unknown = new OrderApiError(WRONG_PASSWORD, 401);
  for (const apiBase of apiBases) {
    try {
      const answer = await postOrderApi(apiBase, 'session', { password });
      const target = targets.find((candidate) => candidate.tenantId === answer.tenant_id && candidate.apiBase === apiBase);
      if (target) return { target, session: orderSessionOf(answer) };
    } catch (error) {
      // A wrong password here may be right at another API; anything else (429, no answer) is
      // what to tell the visitor if no API accepts it.
      if (!(error instanceof OrderApiError && error.status === 401)) refusal = error;
    }
  }
  throw refusal;
}

document.querySelector('[data-login]')?.addEventListener('click', async () => {
  let signedIn: Awaited<ReturnType<typeof signIn>> | undefined;
  const password = await askPassword(dialog, async (typed) => {
    try {
      signedIn = await signIn(typed);
      return true;
    } catch (error) {
      return refusalText(error);
    }
  });
  if (password === undefined || !signedIn) return;
  sessionStorage.setItem('logged-in', 'true');
  saveOrderSession(sessionStorage, signedIn.target.tenantId, signedIn.session);
  window.location.assign(signedIn.target.base);
});
