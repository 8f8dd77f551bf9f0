import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import MiniSearch from 'minisearch';
import { productColors, type Product } from '../../../domain/product.ts';
import { startingPrice, startingPriceText } from '../../../domain/starting-price.ts';
import { catalogProducts } from '../../../pages/catalog-page.tsx';
import { thumbnail } from '../../../pages/catalog-price-file-content.ts';
import type { PageModel } from '../../../site/page-model.ts';
import { CATEGORY_LABELS } from '../../../site/category-labels.ts';
import { categoriesOf } from '../../../site/routes.ts';
import { SEARCH_OPTIONS, SEARCH_POINTER_FILE, type SearchDocument, type SearchPointer } from '../../../site/search-index.ts';
import { SEARCH_SYNONYMS, searchTerm, searchWords } from '../../../site/search-words.ts';
import { writeDigested, type WrittenFile } from '../shared/written-file.ts';

/** A file of the tenant's search, inside its folder: 'assets/search-0123456789ab.json'. */
export interface SearchFile {
  file: string;
  json: string;
}

/**
 * A tenant's search files: the content-hashed index, one content-hashed file of search
 * documents per password store with products of its own, and the pointer to them at a fixed
 * address.
 */
export interface SearchIndexAsset extends SearchFile {
  passwordStores: SearchFile[];
  pointer: SearchFile;
}

/** The products a tenant's buyers can find, as the index holds them, and each password store's own. */
export interface TenantSearchDocuments {
  /** General products, and those of stores without a password. */
  open: SearchDocument[];
  /** Per password store, its customs products that are not general, each naming that store only. */
  passwordStores: Map<string, SearchDocument[]>;
}

/**
 * The products a tenant's buyers can find, exactly as its catalog pages list them
 * (catalogProducts): the general catalogs, and each store's customs catalog for that store. A
 * password store's products are kept apart: the browser fetches them once the store is unlocked.
 */
export function searchDocuments(model: PageModel, priced: boolean): TenantSearchDocuments {
  const general = new Set(categoriesOf(model.products).flatMap((category) => catalogProducts(model, category).map((product) => product.code)));
  const storesOf = new Map<string, string[]>();
  const passwordStores = new Map<string, SearchDocument[]>();
  for (const store of model.config.stores) {
    const products = catalogProducts(model, 'customs', store.code);
    if (store.hasPassword) {
      const own = products.filter((product) => !general.has(product.code)).map((product) => document(model, product, priced, false, [store.code]));
      if (own.length > 0) passwordStores.set(store.code, own);
    } else {
      for (const product of products) storesOf.set(product.code, [...(storesOf.get(product.code) ?? []), store.code]);
    }
  }
  const open = model.products
    .filter((product) => general.has(product.code) || storesOf.has(product.code))
    .map((product) => document(model, product, priced, general.has(product.code), storesOf.get(product.code) ?? []));
  return { open, passwordStores };
}

function document(model: PageModel, product: Product, priced: boolean, general: boolean, stores: string[]): SearchDocument {
  const image = model.productImage(product.code, product.defaultColor);
  const price = priced ? startingPrice(product) : undefined;
  return {
    code: product.code,
    name: product.name,
    fullname: product.fullname,
    description: product.description,
    colors: productColors(product).join(' '),
    kind: [CATEGORY_LABELS[product.type], product.type, product.subCategory ?? ''].join(' ').trim(),
    ...(image ? { image: thumbnail(image) } : {}),
    ...(price !== undefined ? { price: startingPriceText(price) } : {}),
    general,
    stores,
  };
}

/**
 * Indexes the tenant's documents with MiniSearch. The index is made from the catalog data, not
 * the built pages, and kept in `cacheDir` by the digest of its documents: a tenant rebuilt
 * for anything but its products (a page, a phone number) reuses it without indexing.
 */
export function searchIndexAsset(model: PageModel, priced: boolean, cacheDir: string | undefined): SearchIndexAsset {
  const { open, passwordStores } = searchDocuments(model, priced);
  const key = createHash('sha256')
    .update(JSON.stringify({ documents: open, options: SEARCH_OPTIONS, words: SEARCH_WORDS_SOURCE, engine: MINISEARCH_VERSION }))
    .digest('hex');
  const cached = cacheDir === undefined ? undefined : path.join(cacheDir, `${key}.json`);
  let json = cached !== undefined && existsSync(cached) ? readFileSync(cached, 'utf8') : undefined;
  if (json === undefined) {
    const index = new MiniSearch<SearchDocument>({ ...SEARCH_OPTIONS, tokenize: knownWords, processTerm: knownTerm });
    index.addAll(open);
    json = JSON.stringify(index);
    if (cached !== undefined) keep(cached, json);
  }
  const stores = [...passwordStores].map(([code, documents]) => ({ code, ...digested(JSON.stringify(documents)) }));
  const pointer: SearchPointer = {
    index: `${model.config.base}${digested(json).file}`,
    base: model.config.base,
    tenantId: model.config.tenantId,
    passwordStores: Object.fromEntries(stores.map((store) => [store.code, `${model.config.base}${store.file}`])),
  };
  return {
    ...digested(json),
    passwordStores: stores.map(({ file, json }) => ({ file, json })),
    pointer: { file: SEARCH_POINTER_FILE, json: JSON.stringify(pointer) },
  };
}

/**
 * searchWords and searchTerm remembered by their text: the tenants of one catalog index the same
 * names and descriptions, each read once. Both are pure (MiniSearch does not change the words it
 * is given), so the index is the same; the memory is let go when it grows past a catalog's worth
 * (a long-lived process, such as the live preview, indexes edit after edit).
 */
function knownWords(text: string): string[] {
  let words = wordsOf.get(text);
  if (words === undefined) {
    if (wordsOf.size > REMEMBERED) wordsOf.clear();
    wordsOf.set(text, (words = searchWords(text)));
  }
  return words;
}
function knownTerm(word: string): string | null {
  let term = termOf.get(word);
  if (term === undefined) {
    if (termOf.size > REMEMBERED) termOf.clear();
    termOf.set(word, (term = searchTerm(word)));
  }
  return term;
}
const wordsOf = new Map<string, string[]>();
const termOf = new Map<string, string | null>();
const REMEMBERED = 100_000;

/** A file named by the digest of what it holds, nothing else: the name says nothing of a store or its password. */
function digested(json: string): SearchFile {
  return { file: `assets/search-${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`, json };
}

/** Every file of the tenant's search, the pointer last. */
export function searchFiles(asset: SearchIndexAsset): SearchFile[] {
  return [{ file: asset.file, json: asset.json }, ...asset.passwordStores, asset.pointer];
}

/** Writes the files into the tenant's folder; answers them with their digests, for the manifest. */
export function writeSearchIndex(siteDir: string, asset: SearchIndexAsset): WrittenFile[] {
  return searchFiles(asset).map(({ file, json }) => {
    mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
    return { file, ...writeDigested(path.join(siteDir, file), json) };
  });
}

/** How words are read (search-words.ts) is code, not options: a change to it must not reuse an old index. */
const SEARCH_WORDS_SOURCE = [searchWords.toString(), searchTerm.toString(), SEARCH_SYNONYMS];

/** Another version could serialize differently: part of the cache key. */
const MINISEARCH_VERSION = (
  JSON.parse(readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('minisearch')), '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Written whole or not at all: two builds (or threads) may fill the cache at once. */
function keep(file: string, json: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(temporary, json);
  renameSync(temporary, file);
}
