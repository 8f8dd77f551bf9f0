import type { SupplierFacts, Tenant } from '../../../domain/tenant.ts';
import type { PictureData } from '../../../site/picture-data.ts';
import { basePath } from '../../../site/routes.ts';
import { PRODUCTION, type SiteLocation } from '../../../site/site-location.ts';
import type { StorefrontConfig } from '../../../site/storefront-config.ts';

export interface ConfigImages {
  companyLogo?: PictureData;
  logos: Record<string, PictureData>;
}

/** The order API's base address for a tenant's pages, without a trailing slash. */
export function apiBaseOf(tenant: Tenant, apiOrigin?: string): string {
  return (apiOrigin ?? tenant.serverHostname).replace(/\/+$/, '');
}

/**
 * A preview's pages name this instead of the order API: `.invalid` never resolves (RFC 6761), and their
 * Content-Security-Policy lets them connect to no order API at all, so nothing a preview does reaches one.
 */
export const PREVIEW_API_BASE = 'https://orders.preview.invalid';

/**
 * The browser's view of a tenant. Passwords and codes stay out entirely: pages only learn
 * that a store or the checkout asks for one, and the order API checks what is typed.
 */
export function storefrontConfig(
  supplier: SupplierFacts,
  tenant: Tenant,
  images: ConfigImages,
  apiOrigin?: string,
  location: SiteLocation = PRODUCTION,
): StorefrontConfig {
  const { preview } = location;
  return {
    tenantId: tenant.id,
    title: tenant.title,
    companyName: tenant.companyName,
    base: basePath(tenant.routePrefix, location.basePath),
    // Only in a preview, so a production config (and every page made from it) is what it was before previews existed.
    ...(preview === undefined ? {} : { preview }),
    apiBase: preview === undefined ? apiBaseOf(tenant, apiOrigin) : PREVIEW_API_BASE,
    supplierName: supplier.supplierName,
    mainPhone: supplier.mainPhone,
    postalAddress: supplier.postalAddress,
    accountReps: tenant.accountReps,
    flags: tenant.flags,
    logoPlacements: tenant.logoPlacements,
    embroideries: tenant.embroideries,
    stores: tenant.stores.map((store) => ({ name: store.name, address: store.address, code: store.code, hasPassword: store.password !== undefined })),
    hasBypassCodes: tenant.bypassCodes.length > 0,
    hasAdminPassword: tenant.adminPassword !== undefined,
    hasGroupPassword: tenant.password !== undefined,
    maxOrderTotal: tenant.maxOrderTotal,
    // A preview loads no PayPal buttons: nothing could be paid for.
    ...(supplier.paypalClientId && !tenant.flags.paypalNotSupported && preview === undefined ? { paypalClientId: supplier.paypalClientId } : {}),
    companyLogo: images.companyLogo,
    logos: images.logos,
  };
}
