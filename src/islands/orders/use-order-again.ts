import { useCallback, useState } from 'react';
import type { Product } from '../../domain/product.ts';
import { cartStore, hydrateCart } from '../cart/cart-store.ts';
import { loadCatalogPrices } from '../shared/catalog-price-file.ts';
import type { OrderAgainProps } from '../shared/ordering-props.ts';
import type { StorePasswordAsker } from '../shared/store-password.ts';
import { isStoreUnlocked } from '../shared/store-session.ts';
import type { LineChoice, Reorder, ReorderedOrder, ReorderRules } from './order-again.ts';

/** Loaded when 'Order again' is first pressed, with the catalog it needs: the orders page ships without it (docs/performance.md, budgets). */
const reorderLogic = () => import('./order-again.ts');
type ReorderLogic = Awaited<ReturnType<typeof reorderLogic>>;

/** The last 'Order again' of the page: which order it was about and what went in, or that the catalog could not be loaded. */
export type OrderAgainOutcome = { key: string; order: ReorderedOrder; only?: number; result: Reorder; replaced: boolean } | { key: string; failed: true };

/** An 'Order again' waiting for the buyer to say whether it adds to the cart or replaces it. */
export interface OrderAgainQuestion {
  key: string;
  /** How many lines the cart holds that did not come from this order. */
  others: number;
}

/** The dialog the summary renders for a store's password (PasswordDialog with a store label). */
export const ORDER_AGAIN_STORE_DIALOG = 'order-again-store-password';

interface Asked {
  key: string;
  order: ReorderedOrder;
  only?: number;
  picked: LineChoice;
  products: Map<string, Product>;
  logic: ReorderLogic;
  /** How many lines the cart held that did not come from this order. */
  others: number;
}

/**
 * 'Order again' on the orders screen: fetches today's catalog (the checkout's price file, so
 * usually from the browser's cache), turns the order's lines into cart lines (order-again.ts)
 * and adds those that can be ordered and are not in the cart from this order already. When the
 * cart holds other lines, the buyer is asked first: add to them, or replace them. A line that
 * needs a password store's password asks for it on the spot (`unlock`), then the order is
 * ordered again: only what was missing goes in.
 */
export function useOrderAgain(props: OrderAgainProps, asker: StorePasswordAsker) {
  const [outcome, setOutcome] = useState<OrderAgainOutcome>();
  const [busy, setBusy] = useState<string>();
  const [asked, setAsked] = useState<Asked>();
  const { tenantId } = asker;

  const rulesFor = useCallback(
    (products: Map<string, Product>, cart: ReorderRules['cart']): ReorderRules => ({
      findProduct: (code) => products.get(code),
      logos: props.logos,
      stores: props.stores,
      hasStoreSession: (code) => isStoreUnlocked(tenantId, code),
      cart,
    }),
    [props, tenantId],
  );

  const apply = useCallback(
    (request: Omit<Asked, 'others'>, replace: boolean) => {
      const rules = rulesFor(request.products, replace ? {} : cartStore.getState().items);
      const result = request.logic.orderAgain(request.order, rules, request.only, request.picked);
      if (replace) cartStore.getState().clear();
      if (result.added.length > 0) cartStore.getState().add(result.added.map((entry) => entry.line));
      setOutcome({ key: request.key, order: request.order, only: request.only, result, replaced: replace });
    },
    [rulesFor],
  );

  const run = useCallback(
    async (key: string, order: ReorderedOrder, only?: number, picked: LineChoice = {}) => {
      setBusy(key);
      setAsked(undefined);
      try {
        const [catalog, , logic] = await Promise.all([loadCatalogPrices(props.catalogPricesUrl), hydrateCart(), reorderLogic()]);
        const products = new Map(catalog.products.map((product) => [product.code, product]));
        const cart = cartStore.getState().items;
        // Only worth asking when something would go in beside lines the buyer put there otherwise.
        const wouldAdd = logic.orderAgain(order, rulesFor(products, cart), only, picked).added.length > 0;
        const others = logic.linesFromElsewhere(cart, order);
        if (wouldAdd && others > 0) setAsked({ key, order, only, picked, products, logic, others });
        else apply({ key, order, only, picked, products, logic }, false);
      } catch (error) {
        console.error('Could not order again', error);
        setOutcome({ key, failed: true });
      } finally {
        setBusy(undefined);
      }
    },
    [props, rulesFor, apply],
  );

  const answer = useCallback(
    (choice: 'add' | 'replace' | 'cancel') => {
      if (asked && choice !== 'cancel') apply(asked, choice === 'replace');
      setAsked(undefined);
    },
    [asked, apply],
  );

  /** Asks for the store's password; once accepted, orders the same again: only the lines still missing go in. */
  const unlock = useCallback(
    async (store: { code: string; name: string }) => {
      const dialog = document.getElementById(ORDER_AGAIN_STORE_DIALOG) as HTMLDialogElement | null;
      if (!dialog || !outcome || 'failed' in outcome) return;
      const { askStorePassword } = await import('../shared/store-password.ts');
      if (await askStorePassword(dialog, asker, store)) await run(outcome.key, outcome.order, outcome.only);
    },
    [asker, outcome, run],
  );

  /** The buyer picked one of today's colours for a line whose colour is gone. */
  const pickColor = useCallback(
    (index: number, color: string) => {
      if (outcome && !('failed' in outcome)) void run(outcome.key, outcome.order, index, { color });
    },
    [outcome, run],
  );

  const question: OrderAgainQuestion | undefined = asked && { key: asked.key, others: asked.others };
  return { run, busy, outcome, question, answer, unlock, pickColor };
}
