import type { Options } from 'minisearch';
import { itemHref, storeOfItemAddress } from './routes.ts';

/**
 * One product as the storefront search knows it: what is matched (code, names, description,
 * colours, sub-category) and what a result shows (picture, name, starting price) and where it
 * leads. The build writes a tenant's documents as a prebuilt MiniSearch index
 * (src/core/generator/render/search-index-asset.ts); the browser loads it with MiniSearch.loadJSON.
 */
export interface SearchDocument {
  /** The product code, also the document id. */
  code: string;
  name: string;
  fullname: string;
  description: string;
  /** Every colour, plain and two-tone, as one text. */
  colors: string;
  subCategory: string;
  /** The thumbnail of its default colour, if it has a picture. */
  image?: string;
  /** 'Starts at $X each' text, when the catalog is priced and the product has one. */
  price?: string;
  /** Listed in a catalog every buyer of the tenant sees (not only in store catalogs). */
  general: boolean;
  /** The tenant's stores whose customs catalog lists it. */
  stores: string[];
}

export type SearchResult = Pick<SearchDocument, 'code' | 'name' | 'image' | 'price' | 'general' | 'stores'>;

/** Matched fields, ranked: a code or name match counts most. */
export const SEARCH_FIELDS = ['code', 'name', 'fullname', 'description', 'colors', 'subCategory'] as const;
/** What a result needs without the catalog: kept in the index itself. */
export const SEARCH_STORED_FIELDS = ['code', 'name', 'image', 'price', 'general', 'stores'] as const;

/** The MiniSearch options the build indexes with and the browser loads with: both must agree. */
export const SEARCH_OPTIONS: Options<SearchDocument> = {
  idField: 'code',
  fields: [...SEARCH_FIELDS],
  storeFields: [...SEARCH_STORED_FIELDS],
  searchOptions: {
    boost: { code: 4, name: 3, fullname: 2 },
    // Every word must match (a buyer narrows by typing more), each as the start of a word and
    // with a typo or two in the longer ones. A code (any word with a digit) is never fuzzy:
    // 'K540' must not also find K500.
    combineWith: 'AND',
    prefix: true,
    fuzzy: (term) => (term.length < 5 || /\d/.test(term) ? false : 0.2),
  },
};

/** How many results the header's field lists; the search page lists them all. */
export const FIELD_RESULT_LIMIT = 8;

/**
 * Where a tenant's pages find its index: a small file at a fixed address (must-revalidate),
 * naming the content-hashed index (cached forever). Pages cannot name the index themselves:
 * every page would then change with any product, and the build could reuse none of them.
 */
export const SEARCH_POINTER_FILE = 'search/index.json';

export interface SearchPointer {
  /** The index's URL: '/guardian/assets/search-0123456789ab.json'. */
  index: string;
  /** The tenant's base path, for the item links. */
  base: string;
}

/**
 * Whether a buyer may be shown the product: those of the general catalogs always, a store's
 * customs products only once that store is chosen (as its catalog pages list them).
 */
export function searchableFor(result: Pick<SearchResult, 'general' | 'stores'>, storeCode: string | undefined): boolean {
  return result.general || (storeCode !== undefined && result.stores.includes(storeCode));
}

/** The item page a result leads to: for the chosen store when it is that store's product, as its catalog links it. */
export function resultHref(base: string, result: Pick<SearchResult, 'code' | 'stores'>, storeCode: string | undefined): string {
  return itemHref(base, result.code, storeCode !== undefined && result.stores.includes(storeCode) ? storeCode : undefined);
}

/**
 * The store a page is for: its store catalog (`catalog/<code>/customs/`), or the `store` of an
 * item or search page's address (routes.ts, ITEM_STORE_PARAM). None elsewhere.
 */
export function storeOfPage(base: string, pathname: string, search: string): string | undefined {
  const fromAddress = storeOfItemAddress(search);
  if (fromAddress !== undefined) return fromAddress;
  const below = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const match = /^catalog\/([^/]+)\/customs\//.exec(below);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
