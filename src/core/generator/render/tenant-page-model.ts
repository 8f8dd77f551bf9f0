import { createHash } from 'node:crypto';
import type { Catalog } from '../../../domain/product.ts';
import type { PictureSide } from '../../../domain/placement-areas.ts';
import type { SupplierFacts, Tenant } from '../../../domain/tenant.ts';
import { visibleProducts } from '../../../domain/visible-products.ts';
import { catalogPrices } from '../../../pages/catalog-price-file-content.ts';
import type { CatalogPricesAsset, PageModel } from '../../../site/page-model.ts';
import type { PictureData } from '../../../site/picture-data.ts';
import type { SiteLocation } from '../../../site/site-location.ts';
import { storefrontConfig, type ConfigImages } from './tenant-storefront-config.ts';

/**
 * What every page of a tenant renders from, given its pictures. Shared by the build and
 * `npm run dev`, so both narrow the shared catalog to this tenant in the same way. `prices`: the
 * catalog price file worked out already from the same data (the build's thread sends it to its
 * render threads, which would otherwise work out its hundreds of kilobytes again).
 */
export function tenantPageModel(
  supplier: SupplierFacts,
  tenant: Tenant,
  catalog: Catalog,
  images: ConfigImages & { productImage(code: string, color: string, side?: PictureSide): PictureData | undefined },
  apiOrigin?: string,
  location?: SiteLocation,
  prices?: CatalogPricesAsset,
): PageModel {
  const products = visibleProducts(tenant, catalog);
  // Catalogs are shared between tenants: only this tenant's own store codes may reach its pages.
  const ownStores = new Set(tenant.stores.map((store) => store.code));
  const config = storefrontConfig(supplier, tenant, { companyLogo: images.companyLogo, logos: images.logos }, apiOrigin, location);
  const narrowed = products.map((product) => ({ ...product, supportedStores: product.supportedStores.filter((code) => ownStores.has(code)) }));
  return {
    config,
    products: narrowed,
    storeBound: new Set(products.filter((product) => product.supportedStores.length > 0).map((product) => product.code)),
    productImage: images.productImage,
    catalogLinks: supplier.catalogLinks,
    catalogPrices: prices ?? catalogPricesAsset(config.base, catalogPrices({ products: narrowed, productImage: images.productImage })),
  };
}

/** Named by its content's digest, like the bundles: a changed price is a new URL, so no cache ever serves an old one. */
function catalogPricesAsset(base: string, content: unknown): CatalogPricesAsset {
  const json = JSON.stringify(content);
  const file = `assets/catalog-${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`;
  return { file, url: `${base}${file}`, json };
}
