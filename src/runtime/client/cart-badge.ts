/** Fired on window whenever an island changes the cart, so the header badge follows. */
export const CART_CHANGE_EVENT = 'cart-change';
export const CART_STORAGE_KEY = 'cart';

/** Distinct cart lines in sessionStorage; unreadable data counts as an empty cart. */
export function countCartLines(storage: Pick<Storage, 'getItem'>): number {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? '{}');
    // zustand's persist wraps the state as { state: { items: {...} } }; accept a bare map too.
    const state = (parsed as { state?: { items?: unknown } } | null)?.state;
    const items = state && typeof state === 'object' ? state.items : parsed;
    return items && typeof items === 'object' && !Array.isArray(items) ? Object.keys(items).length : 0;
  } catch {
    return 0;
  }
}

/** Keeps every 'Cart (N)' link of the page current, without any framework. */
export function mountCartBadge(doc: Document = document, storage: Storage = sessionStorage): void {
  const render = () => {
    const text = `Cart (${countCartLines(storage)})`;
    for (const badge of doc.querySelectorAll<HTMLElement>('[data-cart-badge]')) badge.textContent = text;
  };
  render();
  window.addEventListener(CART_CHANGE_EVENT, render);
  // Coming back through the browser's history shows a cached page: recount.
  window.addEventListener('pageshow', render);
}
