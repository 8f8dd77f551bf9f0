import type { Category, Placement } from '../domain/categories.ts';
import type { AccountRep, TenantFlags } from '../domain/tenant.ts';
import type { PictureData } from './picture-data.ts';
import type { SecretSet } from './secret-hash.ts';

export interface StorefrontStore {
  name: string;
  address: string;
  code: string;
  /** Present when the store's customs catalog asks for a password. */
  password?: SecretSet;
}

/**
 * What the browser may know about a tenant: everything a page or island shows or checks,
 * and no secret in plain text. Built once per tenant by src/core/build/storefront-config.ts.
 */
export interface StorefrontConfig {
  tenantId: string;
  title: string;
  companyName: string;
  /** '/guardian/' or '/' */
  base: string;
  /** Order API base address, without a trailing slash. */
  apiBase: string;
  supplierName: string;
  mainPhone: string;
  postalAddress: string;
  accountReps: AccountRep[];
  flags: TenantFlags;
  logoPlacements: Partial<Record<Category, Placement[]>>;
  embroideries: Partial<Record<Category, string[]>>;
  stores: StorefrontStore[];
  bypassCodes: SecretSet;
  /** Whether an admin can sign in on the orders page (the order API checks the password). */
  hasAdminPassword: boolean;
  /** Absent when PayPal is not offered (paypal_not_supported, or no client id configured). */
  paypalClientId?: string;
  companyLogo?: PictureData;
  /** Embroidery logo name → its image. */
  logos: Record<string, PictureData>;
}
