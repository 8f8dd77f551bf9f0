import { CART_CHANGE_EVENT, CART_STORAGE_KEY, CART_SYNCED_EVENT, readStoredCart } from '../../islands/cart/stored-cart.ts';

/** Distinct cart lines in sessionStorage, counted the way the cart store reads them. */
export function countCartLines(storage: Pick<Storage, 'getItem'>): number {
  return Object.keys(readStoredCart(storage.getItem(CART_STORAGE_KEY))).length;
}

/** Keeps every 'Cart (N)' link of the page current, without any framework. */
export function mountCartBadge(doc: Document = document, storage: Storage = sessionStorage): void {
  const render = (event?: Event) => {
    // The store announces its new count before it has written it to storage.
    const announced = (event as CustomEvent<{ count?: number }> | undefined)?.detail?.count;
    const text = `Cart (${typeof announced === 'number' ? announced : countCartLines(storage)})`;
    for (const badge of doc.querySelectorAll<HTMLElement>('[data-cart-badge]')) badge.textContent = text;
  };
  render();
  window.addEventListener(CART_CHANGE_EVENT, render);
  // Another tab's cart, now in this tab's storage (cart-sync.ts), on a page without the cart store.
  window.addEventListener(CART_SYNCED_EVENT, () => render());
  // Coming back through the browser's history shows a cached page: recount.
  window.addEventListener('pageshow', () => render());
}
