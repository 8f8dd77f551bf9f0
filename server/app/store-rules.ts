import type { Product } from '../../src/domain/product.ts';
import type { Store, Tenant } from '../../src/domain/tenant.ts';
import { HttpError } from './http-error.ts';

/**
 * The store rules the storefront shows, enforced: an order's store is one of the tenant's
 * stores, and a customs product restricted to some stores (`supportedStores`, spec section 5)
 * is ordered only for one of them, and for a store with a password only by someone who
 * entered it (a store session token).
 */

/** The order's store: empty, or one of the tenant's stores by code (or, as the spec's checkout sent it, by exact name). */
export function orderStoreOf(tenant: Tenant, sent: string): Store | undefined {
  if (sent === '') return undefined;
  const store = tenant.stores.find((s) => s.code === sent) ?? tenant.stores.find((s) => s.name === sent);
  if (!store) {
    const known = tenant.stores.map((s) => s.code).join(', ');
    throw new HttpError(400, `store: ${tenant.companyName} has no store "${sent}"${known ? ` (its stores: ${known})` : ' (it has no stores)'}`);
  }
  return store;
}

/** How the order records its store: name and address, as the checkout's select shows it. */
export function storeText(store: Store | undefined): string {
  if (!store) return '';
  return store.address.trim() === '' ? store.name : `${store.name}, ${store.address}`;
}

export interface StoreLine {
  product: Product;
  /** The store code the line was added under, if any. */
  store?: string;
}

/**
 * A problem of `line` with the store rules, or undefined. `unlocked` holds the codes of the
 * password stores the order carries a valid store token for.
 */
export function storeProblem(
  tenant: Tenant,
  line: StoreLine,
  orderStore: Store | undefined,
  unlocked: ReadonlySet<string>,
): { status: 400 | 403; message: string } | undefined {
  const { product } = line;
  const lineStore = line.store ? tenant.stores.find((s) => s.code === line.store) : orderStore;
  if (line.store && !lineStore) return { status: 400, message: `store "${line.store}" is not one of ${tenant.companyName}'s stores` };
  if (product.type !== 'customs' || product.supportedStores.length === 0) return undefined;
  if (!lineStore) return { status: 400, message: 'Choose the store these custom plates are for' };
  if (!product.supportedStores.includes(lineStore.code)) {
    return { status: 400, message: `${product.code} is not offered to ${lineStore.name}; it is made for ${product.supportedStores.join(', ')}` };
  }
  if (lineStore.password !== undefined && !unlocked.has(lineStore.code)) {
    return {
      status: 403,
      message: `${lineStore.name}'s custom products need its store password: open ${lineStore.name} on the stores page and enter it, then order again`,
    };
  }
  return undefined;
}
