import type { SupplierFacts, Tenant } from '../../domain/tenant.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { basePath } from '../../site/routes.ts';
import type { StorefrontConfig } from '../../site/storefront-config.ts';

export interface ConfigImages {
  companyLogo?: PictureData;
  logos: Record<string, PictureData>;
}

/** The order API's base address for a tenant's pages, without a trailing slash. */
export function apiBaseOf(tenant: Tenant, apiOrigin?: string): string {
  return (apiOrigin ?? tenant.serverHostname).replace(/\/+$/, '');
}

/**
 * The browser's view of a tenant. Passwords and codes stay out entirely: pages only learn
 * that a store or the checkout asks for one, and the order API checks what is typed.
 */
export function storefrontConfig(site: SupplierFacts, tenant: Tenant, images: ConfigImages, apiOrigin?: string): StorefrontConfig {
  return {
    tenantId: tenant.id,
    title: tenant.title,
    companyName: tenant.companyName,
    base: basePath(tenant.routePrefix),
    apiBase: apiBaseOf(tenant, apiOrigin),
    supplierName: site.supplierName,
    mainPhone: site.mainPhone,
    postalAddress: site.postalAddress,
    accountReps: tenant.accountReps,
    flags: tenant.flags,
    logoPlacements: tenant.logoPlacements,
    embroideries: tenant.embroideries,
    stores: tenant.stores.map((store) => ({ name: store.name, address: store.address, code: store.code, hasPassword: store.password !== undefined })),
    hasBypassCodes: tenant.bypassCodes.length > 0,
    hasAdminPassword: tenant.adminPassword !== undefined,
    hasGroupPassword: tenant.password !== undefined,
    maxOrderTotal: tenant.maxOrderTotal,
    ...(site.paypalClientId && !tenant.flags.paypalNotSupported ? { paypalClientId: site.paypalClientId } : {}),
    companyLogo: images.companyLogo,
    logos: images.logos,
  };
}
