import type { PictureSide } from '../domain/placement-areas.ts';
import type { Product } from '../domain/product.ts';
import type { CatalogLinks } from '../domain/tenant.ts';
import type { PictureData } from './picture-data.ts';
import type { StorefrontConfig } from './storefront-config.ts';

/** What every page of one tenant renders from; built once per tenant, at build time only. */
export interface PageModel {
  config: StorefrontConfig;
  /**
   * The products this tenant may see (restricted ones only where allowed), in catalog order,
   * with supportedStores narrowed to this tenant's own store codes (catalogs are shared).
   */
  products: Product[];
  /**
   * Codes of the products the catalog sells per store (a non-empty supportedStores before it
   * was narrowed: the stores may all be other groups'). A customs catalog without a store
   * leaves them out when the tenant has the store picker.
   */
  storeBound: ReadonlySet<string>;
  /** The colour's picture; `back`: its back picture, where the product has one (backPictureColors). */
  productImage(code: string, color: string, side?: PictureSide): PictureData | undefined;
  catalogLinks: CatalogLinks;
  /** The tenant's catalog price file (src/islands/shared/catalog-price-file.ts), which the checkout and success pages link to. */
  catalogPrices: CatalogPricesAsset;
}

/** A content-hashed asset of the tenant's folder: where it is written, its URL, its bytes. */
export interface CatalogPricesAsset {
  /** Inside the tenant's folder: 'assets/catalog-0123456789.json'. */
  file: string;
  url: string;
  json: string;
}
