import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { cartStore, hydrateCart } from '../cart/cart-store.ts';
import { CATALOG_PRICES_UNAVAILABLE, useCatalogPrices, type CatalogPrices } from '../shared/catalog-price-file.ts';
import type { CheckoutIslandProps } from '../shared/ordering-props.ts';
import { Checkout } from './checkout-view.tsx';

/**
 * The checkout: cart panel, contact form, PayPal or bypass code. The build and the browser's
 * hydration render the same loading line; the real content appears once the cart has been
 * read from sessionStorage and, for a cart with lines, the tenant's catalog price file has
 * arrived (the page carries its URL, not the catalog).
 */
export function CheckoutIsland(props: CheckoutIslandProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void hydrateCart().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return <LoadingCart />;
  return <PricedCheckout {...props} />;
}

function LoadingCart() {
  return (
    <p className="island-placeholder" aria-live="polite">
      Loading your cart…
    </p>
  );
}

const NO_PRICES: CatalogPrices = { products: [], thumbnails: {} };

function PricedCheckout(props: CheckoutIslandProps) {
  const hasLines = useStore(cartStore, (state) => Object.keys(state.items).length > 0);
  const prices = useCatalogPrices(props.catalogPricesUrl, hasLines);
  if (prices.state === 'ready') return <Checkout {...props} catalog={prices.prices} />;
  if (!hasLines) return <Checkout {...props} catalog={NO_PRICES} />;
  if (prices.state === 'failed') {
    return (
      <div className="island-placeholder">
        <p role="alert">{CATALOG_PRICES_UNAVAILABLE}</p>
        <button type="button" className="button" onClick={prices.retry}>
          Try again
        </button>
      </div>
    );
  }
  return <LoadingCart />;
}
