import type { Money } from '../domain/money.ts';
import type { Category, Placement } from '../domain/categories.ts';
import type { AccountRep, TenantFlags } from '../domain/tenant.ts';
import type { PictureData } from './picture-data.ts';

export interface StorefrontStore {
  name: string;
  address: string;
  code: string;
  /** Whether the store's customs catalog asks for a password (the order API checks it). */
  hasPassword: boolean;
}

/**
 * What the browser may know about a tenant: everything a page or island shows, and no secret
 * in any form (not even hashed: the order API alone checks passwords and codes). Built once
 * per tenant by src/core/generator/render/tenant-storefront-config.ts.
 */
export interface StorefrontConfig {
  tenantId: string;
  title: string;
  companyName: string;
  /** '/guardian/' or '/' (under the build's base path: '/_previews/pr-12/guardian/') */
  base: string;
  /** What this build previews ('pull request #12'): every page says so and none reaches the order API. Absent in production. */
  preview?: string;
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
  /** Whether the checkout's Code field can switch to bypass mode (the order API checks the code). */
  hasBypassCodes: boolean;
  /** Whether an admin can sign in on the orders page (the order API checks the password). */
  hasAdminPassword: boolean;
  /** Whether the group has a shared password (staff sessions: the orders screen without editing). */
  hasGroupPassword: boolean;
  /** The order API's ceiling on one order's total (`max_order_total`), shown at checkout before paying. */
  maxOrderTotal: Money;
  /** Absent when PayPal is not offered (paypal_not_supported, or no client id configured). */
  paypalClientId?: string;
  companyLogo?: PictureData;
  /** Embroidery logo name → its image. */
  logos: Record<string, PictureData>;
}
