import type { Catalog } from '../../domain/product.ts';
import type { Site, Tenant } from '../../domain/tenant.ts';
import { visibleProducts } from '../../domain/visible-products.ts';
import type { PageModel } from '../../pages/page-model.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { storefrontConfig, type ConfigImages } from './storefront-config.ts';

/**
 * What every page of a tenant renders from, given its pictures. Shared by the build and
 * `npm run dev`, so both narrow the shared catalog to this tenant in the same way.
 */
export function tenantPageModel(
  site: Site,
  tenant: Tenant,
  catalog: Catalog,
  images: ConfigImages & { productImage(code: string, color: string): PictureData | undefined },
  apiOrigin?: string,
): PageModel {
  const products = visibleProducts(tenant, catalog);
  // Catalogs are shared between tenants: only this tenant's own store codes may reach its pages.
  const ownStores = new Set(tenant.stores.map((store) => store.code));
  return {
    config: storefrontConfig(site, tenant, { companyLogo: images.companyLogo, logos: images.logos }, apiOrigin),
    products: products.map((product) => ({ ...product, supportedStores: product.supportedStores.filter((code) => ownStores.has(code)) })),
    storeBound: new Set(products.filter((product) => product.supportedStores.length > 0).map((product) => product.code)),
    productImage: images.productImage,
    catalogLinks: site.catalogLinks,
  };
}
