import { CATEGORIES, type Category } from '../domain/categories.ts';
import type { Product } from '../domain/product.ts';

/** Every page of a storefront, as the spec's route sets name them. */
export type Route =
  | { page: 'landing' }
  | { page: 'catalog'; category: Category; pageNumber?: number }
  | { page: 'store-catalog'; storeCode: string; pageNumber?: number }
  | { page: 'item'; code: string }
  | { page: 'stores' }
  | { page: 'checkout' }
  | { page: 'success' }
  | { page: 'orders' }
  | { page: 'order' }
  | { page: 'catalog-links' }
  | { page: 'search' };

/** Path of a route below the tenant's base, as a folder: '' or 'catalog/mens/' or 'catalog/mens/page/2/'. */
export function routePath(route: Route): string {
  switch (route.page) {
    case 'landing':
      return '';
    case 'catalog':
      return `catalog/${route.category}/${pagePath(route.pageNumber)}`;
    case 'store-catalog':
      return `catalog/${encodeURIComponent(route.storeCode)}/customs/${pagePath(route.pageNumber)}`;
    case 'item':
      return `item/${encodeURIComponent(route.code)}/`;
    default:
      return `${route.page}/`;
  }
}

/** A catalog's first page is the catalog's own address (the one the spec names); the others are below it. */
function pagePath(pageNumber = 1): string {
  return pageNumber > 1 ? `page/${pageNumber}/` : '';
}

/**
 * '/guardian/' for a prefixed tenant, '/' for one served at the host root: the one place a
 * site's URL base is made. `under` is where the build puts its sites on the host ('/' unless
 * `--base-path` says otherwise, as for a pull request's preview: '/_previews/pr-12/').
 */
export function basePath(routePrefix: string, under = '/'): string {
  return routePrefix === '' ? under : `${under}${routePrefix}/`;
}

export function href(base: string, route: Route): string {
  return `${base}${routePath(route)}`;
}

/**
 * The query parameter of an item link from a store's customs catalog: the store the item is
 * ordered for, which the item page gives the cart lines it adds. One item page serves every
 * store, so the store travels in the address rather than in the page.
 */
export const ITEM_STORE_PARAM = 'store';

/** The item page's address, for a store when the link comes from that store's catalog. */
export function itemHref(base: string, code: string, storeCode?: string): string {
  const page = href(base, { page: 'item', code });
  return storeCode === undefined ? page : `${page}?${ITEM_STORE_PARAM}=${encodeURIComponent(storeCode)}`;
}

/** The store code an item page's address carries ('' or absent: none). */
export function storeOfItemAddress(search: string): string | undefined {
  return new URLSearchParams(search).get(ITEM_STORE_PARAM) || undefined;
}

/** The categories that get a catalog page: those with at least one product the tenant may see. */
export function categoriesOf(products: readonly Product[]): Category[] {
  return CATEGORIES.filter((category) => products.some((product) => product.type === category));
}
