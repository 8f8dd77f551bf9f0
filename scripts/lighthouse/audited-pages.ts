// The pages `npm run lighthouse` audits for one tenant, and the cart the checkout is audited
// with. Chosen from the data, so every tenant (--all) gets the same kinds of page: what a buyer
// opens first (landing), the first catalog and the first item on it, and the checkout.
import { cartKey, type CartLine } from '../../src/domain/cart-line.ts';
import { recordsPlacement } from '../../src/domain/logo-rules.ts';
import type { Category } from '../../src/domain/categories.ts';
import { logoOfferFor } from '../../src/domain/logo-rules.ts';
import { moneyToDollars } from '../../src/domain/money.ts';
import { APPAREL_MINIMUM, cartProblems, entryProblem } from '../../src/domain/order-rules.ts';
import type { Catalog, Product } from '../../src/domain/product.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { visibleProducts } from '../../src/domain/visible-products.ts';
import { categoriesOf, href, itemHref } from '../../src/site/routes.ts';

export const PAGE_NAMES = ['landing', 'catalog', 'item', 'checkout', 'checkout-cart'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface AuditedPage {
  name: PageName;
  /** Below the tenant's base: '', 'catalog/mens/', 'item/K500/', 'checkout/'. */
  path: string;
  /** What sessionStorage['cart'] holds when the page loads (the checkout with a cart). */
  cart?: Record<string, CartLine>;
  /** The page's row label: 'item (K500)'. */
  label: string;
}

/**
 * The tenant's pages to audit. The catalog is the first category a buyer sees that is not
 * customs (customs catalogs are per store and sold in print runs); the item is that catalog's
 * first product; the checkout is audited twice, as the header's cart link opens it with an
 * empty cart and with one orderable line of that item, as a buyer reaches it from the item page.
 */
export function auditedPages(tenant: Tenant, catalog: Catalog): AuditedPage[] {
  const products = visibleProducts(tenant, catalog);
  const categories = categoriesOf(products);
  const category = categories.find((c) => c !== 'customs') ?? categories[0];
  const product = products.find((p) => p.type === category);
  if (category === undefined || product === undefined) throw new Error(`${tenant.id} shows no product: nothing to audit but its landing page`);
  return [
    { name: 'landing', path: '', label: 'landing' },
    { name: 'catalog', path: href('', { page: 'catalog', category }), label: `catalog (${category})` },
    { name: 'item', path: itemHref('', product.code), label: `item (${product.code})` },
    { name: 'checkout', path: href('', { page: 'checkout' }), label: 'checkout (empty cart)' },
    {
      name: 'checkout-cart',
      path: href('', { page: 'checkout' }),
      label: `checkout (cart: ${product.code})`,
      cart: sampleCart(tenant, catalog, product, category),
    },
  ];
}

/**
 * One line as the item page adds it: the first priced size (or first size), the default colour, the tenant's
 * first logo and placement where it offers them, the smallest quantity the rules accept. Held
 * to the same rules as the checkout (cartProblems), so the audit sees the checkout a buyer
 * can pay for (PayPal's buttons, or the Checkout button), not an error list.
 */
function sampleCart(tenant: Tenant, catalog: Catalog, product: Product, category: Category): Record<string, CartLine> {
  // An unpriced catalog's sizes have no price: such a cart is ordered with a bypass code.
  const size = product.sizes.find((s) => s.price > 0) ?? product.sizes[0];
  if (!size) throw new Error(`${tenant.id}: ${product.code} has no size to put in the audited cart`);
  const offer = logoOfferFor(tenant, category);
  const embroidery = offer.embroideries[0] ?? '';
  // The smallest quantity the rules accept (minimums, steps, whole print runs), found by asking
  // them; with the apparel minimum on, a single mens or womens line must reach it alone.
  let quantity = tenant.flags.minimumApparelOrder && (category === 'mens' || category === 'womens') ? APPAREL_MINIMUM : 1;
  while (entryProblem(product, size.label, quantity) !== undefined) {
    if (++quantity > 100_000) throw new Error(`${tenant.id}: no quantity of ${product.code} ${size.label} up to 100,000 is orderable`);
  }
  const line: CartLine = {
    type: product.type,
    name: product.name,
    price: moneyToDollars(size.price),
    quantity,
    size: size.label,
    color: product.defaultColor,
    code: product.code,
    placement: embroidery !== '' && recordsPlacement(product.type) ? (offer.placements[0] ?? '') : '',
    embroidery,
  };
  const problems = cartProblems([line], {
    findProduct: (code) => catalog.products.find((p) => p.code === code),
    minimumApparelOrder: tenant.flags.minimumApparelOrder,
    logoOffer: (type) => logoOfferFor(tenant, type),
  });
  if (problems.length > 0) throw new Error(`${tenant.id}: the audited cart line is not orderable: ${problems.map((p) => p.message).join('; ')}`);
  return { [cartKey(line)]: line };
}
