import type { Site, Tenant } from '../../domain/tenant.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { basePath } from '../../site/routes.ts';
import { hashSecrets } from '../../site/secret-hash.ts';
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
 * The browser's view of a tenant. Every password and code is replaced by a salted hash here,
 * the one place plain secrets are turned into what pages may carry.
 */
export async function storefrontConfig(site: Site, tenant: Tenant, images: ConfigImages, apiOrigin?: string): Promise<StorefrontConfig> {
  const stores = await Promise.all(
    tenant.stores.map(async (store) => ({
      name: store.name,
      address: store.address,
      code: store.code,
      ...(store.password ? { password: await hashSecrets([store.password], `${tenant.id}/store/${store.code}`) } : {}),
    })),
  );
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
    stores,
    // Codes are compared in upper case, so that is how they are hashed.
    bypassCodes: await hashSecrets(tenant.bypassCodes.map((code) => code.toUpperCase()), `${tenant.id}/bypass`),
    hasAdminPassword: tenant.adminPassword !== undefined,
    ...(site.paypalClientId && !tenant.flags.paypalNotSupported ? { paypalClientId: site.paypalClientId } : {}),
    companyLogo: images.companyLogo,
    logos: images.logos,
  };
}
