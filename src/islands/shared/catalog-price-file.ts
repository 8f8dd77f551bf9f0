import { useCallback, useEffect, useState } from 'react';
import type { Product } from '../../domain/product.ts';
import type { ProductThumbnails } from './ordering-props.ts';

/**
 * A tenant's catalog as the checkout and success islands need it: the products it may order,
 * priced by the same src/domain code as the order API, and a thumbnail per product colour. The
 * build writes it once per tenant as a content-hashed asset (`assets/catalog-<hash>.json`,
 * cached for good by the CDN and the browser), so a page's weight does not grow with the
 * catalog: the pages carry its URL, not its content.
 */
export interface CatalogPrices {
  products: Product[];
  thumbnails: ProductThumbnails;
}

export const CATALOG_PRICES_UNAVAILABLE = 'The prices could not be loaded. Check your connection and try again; your cart is kept.';

const loads = new Map<string, Promise<CatalogPrices>>();

/** Fetches the file once per page (a failed fetch is tried again on the next call). */
export function loadCatalogPrices(url: string): Promise<CatalogPrices> {
  let load = loads.get(url);
  if (!load) {
    load = fetch(url, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const body: unknown = await response.json();
        if (!isCatalogPrices(body)) throw new Error(`${url} is not a catalog price file`);
        return body;
      })
      .catch((error: unknown) => {
        loads.delete(url);
        throw error;
      });
    loads.set(url, load);
  }
  return load;
}

function isCatalogPrices(value: unknown): value is CatalogPrices {
  if (value === null || typeof value !== 'object') return false;
  const { products, thumbnails } = value as Partial<CatalogPrices>;
  return Array.isArray(products) && thumbnails !== null && typeof thumbnails === 'object' && !Array.isArray(thumbnails);
}

export type CatalogPricesState = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; prices: CatalogPrices } | { state: 'failed' };

/** The catalog file while `wanted` (a cart or an order to show); `retry` after a failure. */
export function useCatalogPrices(url: string, wanted: boolean): CatalogPricesState & { retry(): void } {
  const [state, setState] = useState<CatalogPricesState>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    loadCatalogPrices(url).then(
      (prices) => live && setState({ state: 'ready', prices }),
      (error: unknown) => {
        console.error('Could not load the catalog prices', error);
        if (live) setState({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [url, wanted, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
