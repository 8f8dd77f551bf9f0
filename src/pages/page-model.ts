import type { Product } from '../domain/product.ts';
import type { CatalogLinks } from '../domain/tenant.ts';
import type { PictureData } from '../site/picture-data.ts';
import type { StorefrontConfig } from '../site/storefront-config.ts';

/** What every page of one tenant renders from; built once per tenant, at build time only. */
export interface PageModel {
  config: StorefrontConfig;
  /**
   * The products this tenant may see (restricted ones only where allowed), in catalog order,
   * with supportedStores narrowed to this tenant's own store codes (catalogs are shared).
   */
  products: Product[];
  productImage(code: string, color: string): PictureData | undefined;
  catalogLinks: CatalogLinks;
}
