import { CART_CHANGE_EVENT, CART_STORAGE_KEY, CART_SYNCED_EVENT, readStoredCart } from '../../islands/cart/stored-cart.ts';

/** The channel every storefront page of this origin shares in this browser; not the tenant's: the cart key is per origin already. */
const CHANNEL_NAME = 'storefront-cart';

type CartMessage = { kind: 'ask' } | { kind: 'cart'; raw: string };

function isEmptyCart(raw: string | null): boolean {
  return raw === null || Object.keys(readStoredCart(raw)).length === 0;
}

/**
 * Whether the cart now stored (`raw`) is news for the other tabs: it differs from what this
 * tab last sent or took, and it is not one empty cart following another (a new tab's store
 * writes an empty cart as it loads; sending that would empty the others' carts).
 */
export function isCartNews(raw: string | null, last: string | null): raw is string {
  return raw !== null && raw !== last && !(isEmptyCart(raw) && isEmptyCart(last));
}

/**
 * One cart for every tab of the browser session (docs/decisions.md, "One cart across tabs").
 * The cart stays in each tab's sessionStorage (spec section 3); this keeps the copies equal:
 * a change is posted on a BroadcastChannel and written into the other tabs' storage, and a
 * new tab, whose storage is empty, asks the open tabs for theirs. The cart store reloads on
 * CART_SYNCED_EVENT and the badge recounts. BroadcastChannel ends with the browser session, so
 * nothing outlives it, as the spec's sessionStorage does not. Without BroadcastChannel each tab
 * keeps its own cart, as before.
 */
export function syncCartAcrossTabs(storage: Storage = sessionStorage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  let last = storage.getItem(CART_STORAGE_KEY);
  channel.onmessage = (event: MessageEvent<CartMessage>) => {
    const message = event.data;
    if (message?.kind === 'ask') {
      const raw = storage.getItem(CART_STORAGE_KEY);
      if (raw !== null && !isEmptyCart(raw)) channel.postMessage({ kind: 'cart', raw } satisfies CartMessage);
    } else if (message?.kind === 'cart' && typeof message.raw === 'string' && message.raw !== storage.getItem(CART_STORAGE_KEY)) {
      last = message.raw;
      storage.setItem(CART_STORAGE_KEY, message.raw);
      window.dispatchEvent(new CustomEvent(CART_SYNCED_EVENT));
    }
  };
  // The store announces a change before it has written it: post what storage holds once it has.
  window.addEventListener(CART_CHANGE_EVENT, () =>
    setTimeout(() => {
      const raw = storage.getItem(CART_STORAGE_KEY);
      if (!isCartNews(raw, last)) return;
      last = raw;
      channel.postMessage({ kind: 'cart', raw } satisfies CartMessage);
    }),
  );
  if (isEmptyCart(last)) channel.postMessage({ kind: 'ask' } satisfies CartMessage);
}
