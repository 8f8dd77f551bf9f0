import { useRef } from 'react';
import { OrderApiError } from '../shared/order-api.ts';
import type { CheckoutIslandProps } from '../shared/ordering-props.ts';
import { hasStoreSession } from '../shared/store-session.ts';
import type { PricedCheckout } from './checkout-order.ts';
import { lockedStores } from './locked-stores.ts';

/**
 * A password store's plates are ordered only with its password: a refusal (403) of an order
 * whose password stores' passwords were not given opens the dialog for each instead of showing
 * the refusal. `asks` answers 'given' once all are, so the order can be sent again; 'none' when
 * the refusal is about something else, for the caller to show.
 */
export function useStorePasswords(props: CheckoutIslandProps, checkout: PricedCheckout, orderStore: string) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const asks = async (error: unknown): Promise<'none' | 'given' | 'cancelled'> => {
    const locked =
      error instanceof OrderApiError && error.status === 403
        ? lockedStores(checkout, orderStore, props.stores, (code) => hasStoreSession(sessionStorage, props.tenantId, code))
        : [];
    const dialog = dialogRef.current;
    if (locked.length === 0 || !dialog) return 'none';
    // Loaded when a refusal needs it: most checkouts never ask, and the page has a JavaScript budget.
    const { askStorePassword } = await import('../shared/store-password.ts');
    for (const store of locked) if (!(await askStorePassword(dialog, props, store))) return 'cancelled';
    return 'given';
  };
  return { dialogRef, asks };
}
