import type { Category, Placement } from './categories.ts';
import type { Money } from './money.ts';

export interface AccountRep {
  name: string;
  phone: string;
}

export interface Store {
  name: string;
  address: string;
  code: string;
  /** Plain text here; the storefront only ever receives a salted hash of it. */
  password?: string;
}

export interface TenantFlags {
  showImagePreview: boolean;
  showModificationThumbnail: boolean;
  minimumApparelOrder: boolean;
  renderLogoPreview: boolean;
  enableCustomsStorePicker: boolean;
  /** Unset in the file (the first tenant) means PayPal is offered. */
  paypalNotSupported: boolean;
  /** Restricted catalog products are listed only where this is on. */
  showRestricted: boolean;
}

export interface Tenant {
  /** The file name: tenants/<id>.yaml, output dist/<id>/. */
  id: string;
  title: string;
  companyName: string;
  /** '' means served at the host root. */
  routePrefix: string;
  serverHostname: string;
  catalogId: string;
  companyLogo?: string;
  accountReps: AccountRep[];
  logoPlacements: Partial<Record<Category, Placement[]>>;
  embroideries: Partial<Record<Category, string[]>>;
  flags: TenantFlags;
  emailRecipients: string[];
  /** E-mail the buyer when an admin sets their order to shipped (tenant file `shipping_email`, default `buyer_confirmation_email`'s value). */
  shippingEmail: boolean;
  /** Whether the buyer gets a confirmation e-mail of a placed or paid order (tenant file `buyer_confirmation_email`, default true). */
  buyerConfirmationEmail: boolean;
  stores: Store[];
  bypassCodes: string[];
  password?: string;
  adminPassword?: string;
  /** The largest total the order API accepts for one order (tenant file `max_order_total`). */
  maxOrderTotal: Money;
}

/** The ceiling on one order's total when a tenant file sets none: large for a dealership group, far from an accident. */
export const DEFAULT_MAX_ORDER_TOTAL_DOLLARS = 50_000;

export interface CatalogLinks {
  auto?: string;
  apparel?: string;
  promotional?: string;
  morePromotional?: string;
  moreApparel?: string;
}

/** Supplier-wide facts from tenants/_site.yaml. */
export interface SupplierFacts {
  supplierName: string;
  mainPhone: string;
  supportEmail: string;
  postalAddress: string;
  entryBanner: string;
  entryHeaderImage?: string;
  paypalClientId?: string;
  /** The data repository (owner/name) the editor at /admin/ proposes to; docs/editor-github.md. */
  editorRepository?: string;
  /** Where the editor links a proposal's preview; the editor's own origin when absent. */
  editorPreviewOrigin?: string;
  catalogLinks: CatalogLinks;
}
