import type { Catalog, Product } from './product.ts';
import type { Tenant } from './tenant.ts';

/**
 * The products a tenant's storefront lists and its orders may contain: its catalog, less the
 * restricted products unless the tenant allows them. The build and the order API share it.
 */
export function visibleProducts(tenant: Pick<Tenant, 'flags'>, catalog: Catalog): Product[] {
  return catalog.products.filter((product) => !product.restricted || tenant.flags.showRestricted);
}
