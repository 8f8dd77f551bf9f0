import type { PricedCheckout } from './checkout-order.ts';

export interface PasswordStore {
  code: string;
  name: string;
  hasPassword?: boolean;
}

/**
 * The password stores the cart's custom plates are for whose password this browser session has
 * not given, each once, in cart order: what the order API refuses an order for (a line's store,
 * else the order's, when the product is made for some stores; server/app/store-rules.ts). The
 * checkout asks for each one's password in the dialog instead of showing the refusal.
 */
export function lockedStores(
  checkout: Pick<PricedCheckout, 'lines'>,
  orderStore: string,
  stores: readonly PasswordStore[],
  hasSession: (storeCode: string) => boolean,
): PasswordStore[] {
  const locked = new Map<string, PasswordStore>();
  for (const { line, product } of checkout.lines) {
    if (product?.type !== 'customs' || product.supportedStores.length === 0) continue;
    const store = stores.find((choice) => choice.code === (line.store || orderStore));
    if (store?.hasPassword && !hasSession(store.code)) locked.set(store.code, store);
  }
  return [...locked.values()];
}
