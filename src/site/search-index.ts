import type MiniSearch from 'minisearch';
import type { Options } from 'minisearch';
import { itemHref, storeOfItemAddress } from './routes.ts';
import { searchTerm, searchWords, typoDistance } from './search-words.ts';

/**
 * One product as the storefront search knows it: what is matched (code, names, description,
 * colours, category and sub-category words) and what a result shows (picture, name, starting price) and where it
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
  /** The category's name and key and the sub-category ('Hats hat caps'): what a buyer calls the kind of product. */
  kind: string;
  /** The thumbnail of its default colour, if it has a picture. */
  image?: string;
  /** 'Starts at $X each' text, when the catalog is priced and the product has one. */
  price?: string;
  /** Listed in a catalog every buyer of the tenant sees (not only in store catalogs). */
  general: boolean;
  /**
   * The tenant's stores whose customs catalog lists it. A password store's products are not in
   * the tenant's index but in one file for that store (SearchPointer.passwordStores), each
   * naming that store only.
   */
  stores: string[];
}

export type SearchResult = Pick<SearchDocument, 'code' | 'name' | 'image' | 'price' | 'general' | 'stores'>;

/** Matched fields, ranked: a code or name match counts most. */
export const SEARCH_FIELDS = ['code', 'name', 'fullname', 'description', 'colors', 'kind'] as const;
/** What a result needs without the catalog: kept in the index itself. */
export const SEARCH_STORED_FIELDS = ['code', 'name', 'image', 'price', 'general', 'stores'] as const;

/** The MiniSearch options the build indexes with and the browser loads with: both must agree. */
export const SEARCH_OPTIONS: Options<SearchDocument> = {
  idField: 'code',
  fields: [...SEARCH_FIELDS],
  storeFields: [...SEARCH_STORED_FIELDS],
  tokenize: searchWords,
  processTerm: searchTerm,
  searchOptions: {
    boost: { code: 4, name: 3, fullname: 2, kind: 2 },
    // Any word may match, and MiniSearch multiplies a result's score by how many of the words it
    // matched: the product with the most of them comes first. Each word also as the start of a
    // word; typos are allowed per word by findProducts.
    combineWith: 'OR',
    prefix: true,
  },
};

/**
 * A password store's products join the index once the store is unlocked: one scoring for all.
 * A product also listed by an open store is in the index already; it then names this store too.
 */
export function addStoreDocuments(index: MiniSearch<SearchDocument>, documents: readonly SearchDocument[]): void {
  for (const document of documents) {
    const known = index.has(document.code) ? (index.getStoredFields(document.code) as Pick<SearchDocument, 'general' | 'stores'> | undefined) : undefined;
    if (known) index.discard(document.code);
    index.add(known ? { ...document, general: known.general, stores: [...new Set([...known.stores, ...document.stores])] } : document);
  }
}

/** What the buyer may see of a tenant's products: the store a page is for, and the password stores this browser has unlocked. */
export interface SearchViewer {
  storeCode: string | undefined;
  unlocked: ReadonlySet<string>;
}

/**
 * The products a query finds, best first, as the buyer may see them: every word may match,
 * a word that finds nothing as typed is tried with a typo or two (typoDistance).
 */
export function findProducts(index: MiniSearch<SearchDocument>, query: string, viewer: SearchViewer): SearchResult[] {
  if (query.trim() === '') return [];
  const typedFinds = (term: string) => index.search(term, { fuzzy: false, tokenize: (word) => [word], processTerm: (word) => word }).length > 0;
  const results = index.search(query, { fuzzy: (term) => typoDistance(term, typedFinds) }) as unknown as SearchResult[];
  return results.filter((result) => searchableFor(result, viewer));
}

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
  /** The tenant's id: where this browser keeps its store sessions (islands/shared/store-session.ts). */
  tenantId: string;
  /**
   * Per password store with products of its own, the URL of its products' search documents
   * (named by their content's digest, not by anything of the store's password), fetched only
   * once this browser holds the store's session.
   */
  passwordStores: Record<string, string>;
}

/**
 * Whether a buyer may be shown the product: those of the general catalogs always, a store's
 * customs products on that store's pages (as its catalog pages list them), and a password
 * store's anywhere once this browser has unlocked the store.
 */
export function searchableFor(result: Pick<SearchResult, 'general' | 'stores'>, viewer: SearchViewer): boolean {
  return result.general || result.stores.some((store) => store === viewer.storeCode || viewer.unlocked.has(store));
}

/** The item page a result leads to: for the chosen store, or an unlocked one, when it is that store's product, as its catalog links it. */
export function resultHref(base: string, result: Pick<SearchResult, 'code' | 'stores' | 'general'>, viewer: SearchViewer): string {
  const store = viewer.storeCode !== undefined && result.stores.includes(viewer.storeCode) ? viewer.storeCode : linkedStore(result, viewer.unlocked);
  return itemHref(base, result.code, store);
}

function linkedStore(result: Pick<SearchResult, 'stores' | 'general'>, unlocked: ReadonlySet<string>): string | undefined {
  return result.general ? undefined : result.stores.find((store) => unlocked.has(store));
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
