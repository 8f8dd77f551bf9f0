import type { DeviceLinkAnswer, RedeemDeviceLinkAnswer } from '../../contracts/order-api-responses.ts';
import { errorMessage, postOrderApi } from './order-api.ts';

/** The fragment parameter of an e-mailed device link (server/app/device-links.ts writes it). */
const FRAGMENT_KEY = 'device-link';

/**
 * The token of an e-mailed device link in this page's address, taken out of the address at
 * once, so a reload, a bookmark or a shared screen does not carry a spent token along.
 */
export function takeDeviceLinkToken(location: Location = window.location, history: History = window.history): string | undefined {
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get(FRAGMENT_KEY);
  if (!token) return undefined;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return token;
}

/**
 * Redeems a device link: the answer's Device-Proof is kept by postOrderApi (device-proof.ts),
 * so this browser is known to the storefront from now on. What to tell the person either way.
 */
export async function redeemDeviceLink(apiBase: string, token: string): Promise<{ redeemed: boolean; message: string }> {
  try {
    const answer = await postOrderApi(apiBase, 'redeem-device-link', { token });
    return { redeemed: true, message: answer.message };
  } catch (error) {
    return { redeemed: false, message: errorMessage(error) };
  }
}

/** Asks for a sign-in link to `email`; the API's one answer for every address, or why it could not be asked. */
export async function requestDeviceLink(apiBase: string, companyName: string, email: string): Promise<string> {
  try {
    return (await postOrderApi(apiBase, 'device-link', { companyName, email })).message;
  } catch (error) {
    return errorMessage(error);
  }
}
