/**
 * How many cards one catalog page lists. A category page's HTML grows with its cards (about
 * 1.2 KB each, mostly picture markup), so a large category is split into pages of this many:
 * a page's weight stays the same however large the catalog grows. 48 fills whole rows of
 * two, three or four columns.
 */
export const CARDS_PER_PAGE = 48;

/** How many pages a list of this many products takes: at least one, an empty list's. */
export function catalogPageCount(products: number): number {
  return Math.max(1, Math.ceil(products / CARDS_PER_PAGE));
}

/** The products page `pageNumber` (from 1) lists, in the catalog's order. */
export function productsOnPage<T>(products: readonly T[], pageNumber: number): T[] {
  return products.slice((pageNumber - 1) * CARDS_PER_PAGE, pageNumber * CARDS_PER_PAGE);
}
