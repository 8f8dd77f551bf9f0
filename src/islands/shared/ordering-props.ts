import type { Money } from '../../domain/money.ts';
import type { LogoLists } from '../../domain/logo-rules.ts';
import type { PictureSide } from '../../domain/placement-areas.ts';

/** Image URLs of a product colour, keyed by productImageKey; small enough for cart lines. */
export type ProductThumbnails = Record<string, string>;

export function productImageKey(code: string, color: string): string {
  return `${code}|${color}`;
}

/** The key of a colour's back picture (`<code>_<colour>_back.jpg`), where the catalog file has one. */
export function productBackImageKey(code: string, color: string): string {
  return `${code}|${color}|back`;
}

/** A line's thumbnail of either side, for its mock-up (line-mockup.ts). */
export function productPicture(thumbnails: ProductThumbnails, line: { code: string; color: string }): (side: PictureSide) => string | undefined {
  return (side) => thumbnails[side === 'front' ? productImageKey(line.code, line.color) : productBackImageKey(line.code, line.color)];
}

/** Serialized into the checkout page: the cart is priced in the browser with the same rules as the order API. */
export interface CheckoutIslandProps {
  apiBase: string;
  companyName: string;
  /** Names what the checkout keeps in sessionStorage per tenant (store sessions). */
  tenantId: string;
  /** The tenant's base path, for links ('/guardian/'). */
  base: string;
  /** `hasPassword`: the order API takes its custom plates only once its password was given (the checkout asks for it). */
  stores: { name: string; address: string; code: string; hasPassword?: boolean }[];
  /** Whether the tenant has bypass codes at all; the order API checks a typed one. */
  hasBypassCodes: boolean;
  /** Absent when PayPal is not offered (paypal_not_supported, or no client id configured). */
  paypalClientId?: string;
  minimumApparelOrder: boolean;
  /** The order API's ceiling on one order's total. */
  maxOrderTotal: Money;
  /** The tenant's logos and placements per type, which every cart line is held to. */
  logos: LogoLists;
  showModificationThumbnail: boolean;
  /** The tenant's catalog price file (catalog-prices.ts): the products it may order and their thumbnails, fetched when the cart has lines. */
  catalogPricesUrl: string;
  /** Embroidery logo name → thumbnail URL. */
  logoThumbnails: Record<string, string>;
}

export interface SuccessIslandProps {
  base: string;
  /** Named on the confirmation, so a printed copy says who supplies the order and for whom. */
  supplierName: string;
  dealership: string;
  /** Where the ordered lines' thumbnails come from (the same file as the checkout's, so usually from the browser's cache). */
  catalogPricesUrl: string;
  /** Logo name → thumbnail URL, present when the tenant shows lines' mock-ups (show_modification_thumbnail). */
  mockupLogos?: Record<string, string>;
}

/** The buyer's page of one order, opened by the link in its e-mail (islands/order-status). */
export interface OrderStatusIslandProps {
  apiBase: string;
  companyName: string;
  base: string;
}

export interface OrdersIslandProps {
  apiBase: string;
  companyName: string;
  /** Names the session kept in sessionStorage. */
  tenantId: string;
  /** False when the tenant has no admin password: nobody can edit. */
  hasAdminPassword: boolean;
  /** False when the group has no shared password: only the admin password shows the orders. */
  hasGroupPassword: boolean;
  /** What 'Order again' holds an order's lines to (today's catalog, logos and stores) and where the buyer goes next. */
  orderAgain: OrderAgainProps;
  /** Logo name → thumbnail URL, present when the tenant shows lines' mock-ups (show_modification_thumbnail). */
  mockupLogos?: Record<string, string>;
}

export interface OrderAgainProps {
  /** The tenant's base path: the summary links to its checkout. */
  base: string;
  /** The tenant's catalog price file (catalog-prices.ts), fetched when 'Order again' is pressed. */
  catalogPricesUrl: string;
  logos: LogoLists;
  stores: { name: string; address: string; code: string; hasPassword?: boolean }[];
}
