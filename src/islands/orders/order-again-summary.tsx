import { useCallback, useEffect, useRef, useState } from 'react';
import { describeQuantity } from '../../domain/describe-quantity.ts';
import { href } from '../../site/routes.ts';
import { cartStore, hydrateCart } from '../cart/cart-store.ts';
import { CATALOG_PRICES_UNAVAILABLE, loadCatalogPrices } from '../shared/catalog-price-file.ts';
import type { OrderAgainProps } from '../shared/ordering-props.ts';
import { hasStoreSession } from '../shared/store-session.ts';
import { orderAgain, type Reorder } from './order-again.ts';
import type { PlacedOrder } from './order-data.ts';

/** The last 'Order again' of the page: which order it was about and what went in, or that the catalog could not be loaded. */
type Outcome = { key: string; result: Reorder } | { key: string; failed: true };

function sessionStorageIfAllowed(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * 'Order again' on the orders screen: fetches today's catalog (the checkout's price file, so
 * usually from the browser's cache), turns the order's lines into cart lines (order-again.ts),
 * adds those that can be ordered to this browser's cart, and keeps the outcome for the summary.
 */
export function useOrderAgain(props: OrderAgainProps, tenantId: string) {
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState<string>();
  const run = useCallback(
    async (key: string, order: Pick<PlacedOrder, 'order' | 'store'>, only?: number) => {
      setBusy(key);
      try {
        const [catalog] = await Promise.all([loadCatalogPrices(props.catalogPricesUrl), hydrateCart()]);
        const products = new Map(catalog.products.map((product) => [product.code, product]));
        const result = orderAgain(
          order,
          {
            findProduct: (code) => products.get(code),
            logos: props.logos,
            stores: props.stores,
            hasStoreSession: (code) => hasStoreSession(sessionStorageIfAllowed(), tenantId, code),
            cart: cartStore.getState().items,
          },
          only,
        );
        if (result.lines.length > 0) cartStore.getState().add(result.lines);
        setOutcome({ key, result });
      } catch (error) {
        console.error('Could not order again', error);
        setOutcome({ key, failed: true });
      } finally {
        setBusy(undefined);
      }
    },
    [props, tenantId],
  );
  return { run, busy, outcome };
}

/**
 * What went into the cart and what did not, each line not added named with the reason, and the
 * way on to Checkout. Focused when it appears, so a keyboard or screen reader user lands on it.
 */
export function OrderAgainSummary({ outcome, base }: { outcome: Outcome; base: string }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), [outcome]);
  if ('failed' in outcome) {
    return (
      <div className="order-again" role="alert" tabIndex={-1} ref={region}>
        <p className="order-again__title">Nothing was added to your cart. {CATALOG_PRICES_UNAVAILABLE}</p>
      </div>
    );
  }
  const { lines, refused } = outcome.result;
  return (
    <div className="order-again" role="status" tabIndex={-1} ref={region} aria-label="Order again">
      <p className="order-again__title">
        {lines.length === 0
          ? 'Nothing was added to your cart.'
          : `Added to your cart at today's prices: ${lines.length === 1 ? '1 line' : `${lines.length} lines`}.`}
      </p>
      {lines.length > 0 && (
        <ul className="order-again__added">
          {lines.map((line, index) => (
            <li key={index}>
              {line.name} ({line.code}), {line.size}, {line.color}: {describeQuantity(line)}
            </li>
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <>
          <p className="order-again__title">Not added:</p>
          <ul className="order-again__refused">
            {refused.map((line) => (
              <li key={line.index}>
                {line.name}: {line.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {lines.length > 0 && (
        <p className="order-again__next">
          <a className="button" href={href(base, { page: 'checkout' })}>
            Checkout
          </a>
        </p>
      )}
    </div>
  );
}
