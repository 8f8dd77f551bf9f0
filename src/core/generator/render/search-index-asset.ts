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
import { categoriesOf } from '../../../site/routes.ts';
import { SEARCH_OPTIONS, SEARCH_POINTER_FILE, type SearchDocument, type SearchPointer } from '../../../site/search-index.ts';
import { writeDigested, type WrittenFile } from '../reuse/written-file.ts';

/** A tenant's search files: the content-hashed index and the pointer to it at a fixed address. */
export interface SearchIndexAsset {
  /** Inside the tenant's folder: 'assets/search-0123456789ab.json'. */
  file: string;
  json: string;
  pointer: { file: string; json: string };
}

/**
 * The products a tenant's buyers can find, exactly as its catalog pages list them
 * (catalogProducts): the general catalogs, and each store's customs catalog for that store.
 */
export function searchDocuments(model: PageModel, priced: boolean): SearchDocument[] {
  const general = new Set(categoriesOf(model.products).flatMap((category) => catalogProducts(model, category).map((product) => product.code)));
  const storesOf = new Map<string, string[]>();
  for (const store of model.config.stores) {
    for (const product of catalogProducts(model, 'customs', store.code)) storesOf.set(product.code, [...(storesOf.get(product.code) ?? []), store.code]);
  }
  return model.products
    .filter((product) => general.has(product.code) || storesOf.has(product.code))
    .map((product) => document(model, product, priced, general.has(product.code), storesOf.get(product.code) ?? []));
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
    subCategory: product.subCategory ?? '',
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
  const documents = searchDocuments(model, priced);
  const key = createHash('sha256')
    .update(JSON.stringify({ documents, options: SEARCH_OPTIONS, engine: MINISEARCH_VERSION }))
    .digest('hex');
  const cached = cacheDir === undefined ? undefined : path.join(cacheDir, `${key}.json`);
  let json = cached !== undefined && existsSync(cached) ? readFileSync(cached, 'utf8') : undefined;
  if (json === undefined) {
    const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
    index.addAll(documents);
    json = JSON.stringify(index);
    if (cached !== undefined) keep(cached, json);
  }
  const file = `assets/search-${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`;
  const pointer: SearchPointer = { index: `${model.config.base}${file}`, base: model.config.base };
  return { file, json, pointer: { file: SEARCH_POINTER_FILE, json: JSON.stringify(pointer) } };
}

/** Writes both files into the tenant's folder; answers them with their digests, for the manifest. */
export function writeSearchIndex(siteDir: string, asset: SearchIndexAsset): WrittenFile[] {
  const index = writeDigested(path.join(siteDir, asset.file), asset.json);
  mkdirSync(path.dirname(path.join(siteDir, asset.pointer.file)), { recursive: true });
  const pointer = writeDigested(path.join(siteDir, asset.pointer.file), asset.pointer.json);
  return [
    { file: asset.file, ...index },
    { file: asset.pointer.file, ...pointer },
  ];
}

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
