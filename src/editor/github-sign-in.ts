/**
 * The editor's GitHub sign-in (GitHub's OAuth web application flow), with the order API holding
 * the app's secret (POST /v1/github-sign-in, /v1/github-token; docs/editor-github.md). The token
 * is kept in sessionStorage: it goes when the tab closes, and no other tab or later visit finds it.
 */

/** What the sign-in reads and writes; window.sessionStorage in the browser. */
export type SignInStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const STATE_KEY = 'storefront-editor:github-state';
const TOKEN_KEY = 'storefront-editor:github-token';

/** The token of this tab's sign-in, if any. */
export function gitHubToken(storage: SignInStorage = sessionStorage): string | undefined {
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

export function signOutOfGitHub(storage: SignInStorage = sessionStorage): void {
  storage.removeItem(TOKEN_KEY);
}

/** Where to send the merchandiser to sign in to GitHub (the editor then sets location to it); the state is kept for the way back. */
export async function gitHubSignInAddress(orderApi: string, storage: SignInStorage = sessionStorage): Promise<string> {
  const answer = await callOrderApi<{ authorize_url: string; state: string }>(orderApi, '/v1/github-sign-in', {});
  storage.setItem(STATE_KEY, answer.state);
  return answer.authorize_url;
}

/**
 * On the editor's page GitHub sent the merchandiser back to (`?code=…&state=…`): the token, once
 * the state is this tab's own and the order API has exchanged the code; undefined when the
 * address carries no sign-in. The editor then removes `code` and `state` from the address bar.
 */
export async function finishGitHubSignIn(orderApi: string, address: string, storage: SignInStorage = sessionStorage): Promise<string | undefined> {
  const query = new URL(address).searchParams;
  const refused = query.get('error');
  if (refused === 'access_denied') throw new Error('The GitHub sign-in was cancelled: sign in again to propose changes');
  if (refused) throw new Error(`GitHub did not sign you in (${query.get('error_description') ?? refused}): sign in again`);
  const code = query.get('code');
  const state = query.get('state');
  if (!code || !state) return undefined;
  const started = storage.getItem(STATE_KEY);
  storage.removeItem(STATE_KEY);
  // A code arriving in a tab that did not start the sign-in may be someone else's: never exchanged.
  if (started !== state) throw new Error('This GitHub sign-in was not started in this tab: sign in with GitHub again');
  const answer = await callOrderApi<{ token: string }>(orderApi, '/v1/github-token', { code, state });
  storage.setItem(TOKEN_KEY, answer.token);
  return answer.token;
}

async function callOrderApi<T>(orderApi: string, path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${orderApi.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error('The order API cannot be reached for the GitHub sign-in: check the connection and try again');
  }
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The GitHub sign-in failed (order API answered ${response.status})`);
  return answer as T;
}
