import { persist, type PersistStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { cartKey, mergeCartLines, type CartLine } from '../../domain/cart-line.ts';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY, CART_SYNCED_EVENT, readStoredCart } from './stored-cart.ts';

export interface CartState {
  /** Keyed by cartKey: code, size or tier, colour, embroidery, second embroidery. */
  items: Record<string, CartLine>;
  /** Adds lines; a line whose key is already in the cart adds to that line's quantity. */
  add(lines: readonly CartLine[]): void;
  remove(key: string): void;
  /** Sets a line's quantity (checked by the caller: cart-quantity.ts); a key not in the cart changes nothing. */
  setQuantity(key: string, quantity: number): void;
  clear(): void;
}

/** Stores the bare map the spec describes under `cart`, not zustand's { state, version } envelope. */
const sessionCartStorage: PersistStorage<Pick<CartState, 'items'>> = {
  getItem: (name) => ({ state: { items: readStoredCart(sessionStorage.getItem(name)) }, version: 0 }),
  setItem: (name, value) => sessionStorage.setItem(name, JSON.stringify(value.state.items)),
  removeItem: (name) => sessionStorage.removeItem(name),
};

/**
 * The one cart of a page, shared by every island on it (they import this same module).
 * Hydration from storage is explicit (`rehydrate`), after React has hydrated the islands
 * with the build-time markup, so server and browser render the same first frame.
 */
export const cartStore = createStore<CartState>()(
  persist(
    (set) => ({
      items: {},
      add: (lines) =>
        set((state) => ({
          // The items are keyed by cartKey already (readStoredCart recomputes stored keys), so
          // merging their lines with the new ones keeps every line in place and appends new keys.
          items: Object.fromEntries(mergeCartLines([...Object.values(state.items), ...lines]).map((line) => [cartKey(line), line])),
        })),
      remove: (key) =>
        set((state) => {
          const { [key]: _removed, ...items } = state.items;
          return { items };
        }),
      setQuantity: (key, quantity) =>
        set((state) => {
          const line = state.items[key];
          return line ? { items: { ...state.items, [key]: { ...line, quantity } } } : state;
        }),
      clear: () => set({ items: {} }),
    }),
    { name: CART_STORAGE_KEY, storage: sessionCartStorage, skipHydration: true, partialize: (state) => ({ items: state.items }) },
  ),
);

// The header's 'Cart (N)' is a framework-free script; it follows the cart store through this event.
cartStore.subscribe((state) => {
  window.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT, { detail: { count: Object.keys(state.items).length } }));
});

let hydrated: Promise<void> | undefined;

/** Loads the stored cart once per page, whichever island asks first. */
export function hydrateCart(): Promise<void> {
  hydrated ??= Promise.resolve(cartStore.persist.rehydrate());
  return hydrated;
}

// Another tab changed the cart and its copy is in this tab's storage now: show it. A page
// whose cart is not loaded yet reads it when it loads. (No window where pages are rendered.)
if (typeof window !== 'undefined') {
  window.addEventListener(CART_SYNCED_EVENT, () => {
    if (hydrated) void cartStore.persist.rehydrate();
  });
}
