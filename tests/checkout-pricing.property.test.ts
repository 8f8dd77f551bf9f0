// Property: for random carts over the sample catalogs, what the checkout island shows (its
// subtotal, each line's price) is what the order API charges for the same cart, and the
// island blocks exactly the carts the API refuses. The browser side is the island's own
// functions fed with the props the BUILT checkout page serializes; the server side is the
// real order API over HTTP (create-order with a bypass code, then retrieve-orders).
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../server/tests/helpers/test-api.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { cartKey, type CartLine } from '../src/domain/cart-line.ts';
import { recordsPlacement } from '../src/domain/logo-rules.ts';
import { logoOfferFor, requiresEmbroidery, type LogoOffer } from '../src/domain/logo-rules.ts';
import { moneyFromDollars, moneyToDollars } from '../src/domain/money.ts';
import { entryProblem, MAX_LINE_QUANTITY } from '../src/domain/order-rules.ts';
import type { Product } from '../src/domain/product.ts';
import { isTierLabel } from '../src/domain/size-labels.ts';
import { totalText } from '../src/domain/price-on-request.ts';
import type { CatalogPrices } from '../src/islands/shared/catalog-price-file.ts';
import { createOrderBody, EMPTY_FORM, priceCheckout, productIndex, subtotalText } from '../src/islands/checkout/checkout-order.ts';
import type { CheckoutIslandProps } from '../src/islands/shared/ordering-props.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { islandProps } from './helpers/island-props.ts';
import { sampleDist } from './helpers/sample-build.ts';

const { project } = loadProject(REPO_ROOT);
if (!project) throw new Error('the sample data must be valid');
const sessions = new Map<string, Promise<Record<string, string>>>();
/** An admin session per tenant, to read back the orders the property placed. */
function adminSession(companyName: string): Promise<Record<string, string>> {
  const tenant = project!.tenants.find((t) => t.companyName === companyName)!;
  if (!sessions.has(companyName)) sessions.set(companyName, api.signIn(companyName, tenant.adminPassword!));
  return sessions.get(companyName)!;
}

// One tenant of each sample catalog: default with the apparel minimum, tiered (discounts,
// sub-cent frames, restricted products shown), and the unpriced one.
const TENANTS = ['guardian', 'stivers', 'friendship'];

let api: TestApi;
let outDir = '';

beforeAll(async () => {
  outDir = sampleDist();
  api = await startTestApi({ dataRoot: REPO_ROOT });
}, 300_000);

afterAll(async () => {
  await api?.close();
});

/** The props the built checkout page hydrates its island with, and the catalog file they name: exactly what the browser prices from. */
function checkoutProps(tenantId: string): CheckoutIslandProps & { products: Product[] } {
  const html = readFileSync(path.join(outDir, tenantId, 'checkout', 'index.html'), 'utf8');
  const island = islandProps(html).find((found) => found.name === 'checkout');
  if (!island) throw new Error(`${tenantId}'s checkout page has no checkout island`);
  const props = island.props as CheckoutIslandProps;
  const file = path.join(outDir, tenantId, props.catalogPricesUrl.slice(props.base.length));
  return { ...props, products: (JSON.parse(readFileSync(file, 'utf8')) as CatalogPrices).products };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * A line the item page could add: a size, a colour or half colour, and a quantity that keeps
 * the entry rules (accessory minimum, min_quantity, quantity_step, whole tier runs), or now
 * and then a small one that breaks them, which the island must block as the API refuses it.
 */
function lineOf(product: Product, offer: LogoOffer, strays = true): fc.Arbitrary<CartLine> {
  const colors = [...product.colors, ...product.halfColors];
  const offered = fc.constantFrom(...(requiresEmbroidery(product.type, offer) ? [] : ['']), ...offer.embroideries);
  return fc
    .record({
      size: fc.constantFrom(...product.sizes.map((s) => s.label)),
      color: fc.constantFrom(...colors),
      // Mostly a few runs; sometimes hundreds, to cross discount quantities (500, 1000, 2000).
      multiple: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 12 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 1500 }) }),
      stray: strays ? fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 11 }) }) : fc.constant(null),
      // Now and then a logo this tenant does not have, which both sides must refuse.
      embroidery: strays ? fc.oneof({ weight: 12, arbitrary: offered }, { weight: 1, arbitrary: fc.constant('Not Our Logo') }) : offered,
      // A product made per store is added from one of its stores' catalogs (the page's props name only the tenant's own).
      store: product.supportedStores.length > 0 ? fc.constantFrom(...product.supportedStores) : fc.constant(undefined),
    })
    .map(({ size, color, multiple, stray, embroidery, store }) => {
      const tier = isTierLabel(size) ? Number(size) : 1;
      const step = product.quantityStep ?? 1;
      const unit = (tier * step) / gcd(tier, step);
      const minimum = Math.max(product.type === 'accessory' ? 12 : 1, product.minQuantity ?? 1);
      const least = Math.ceil(minimum / unit) * unit;
      const quantity = stray ?? least + Math.min(multiple, Math.floor((MAX_LINE_QUANTITY - least) / unit)) * unit;
      const price = product.sizes.find((s) => s.label === size)!.price;
      return {
        type: product.type,
        name: product.name,
        price: moneyToDollars(price),
        quantity,
        size,
        color,
        code: product.code,
        placement: recordsPlacement(product.type) && embroidery !== '' ? (offer.placements[0] ?? '') : '',
        embroidery,
        ...(store === undefined ? {} : { store }),
      };
    });
}

/** A cart as the store keeps it: lines with the same key add up (the item page's add). */
function cartOf(lines: readonly CartLine[]): Record<string, CartLine> {
  const items: Record<string, CartLine> = {};
  for (const line of lines) {
    const key = cartKey(line);
    const existing = items[key];
    items[key] = existing ? { ...existing, quantity: existing.quantity + line.quantity } : line;
  }
  return items;
}

describe('the checkout island prices every cart as the order API charges it', () => {
  for (const tenantId of TENANTS) {
    it(`${tenantId}: same subtotal, same line prices, and blocked exactly when the API refuses`, async () => {
      const tenant = project.tenants.find((t) => t.id === tenantId)!;
      const props = checkoutProps(tenantId);
      const products = productIndex(props.products);
      // Products made only for other groups' stores cannot be ordered here (no catalog lists them).
      const catalog = project.catalogs.get(tenant.catalogId)!;
      const orderable = props.products.filter(
        (p) => p.supportedStores.length > 0 || catalog.products.find((c) => c.code === p.code)!.supportedStores.length === 0,
      );
      // The sessions of the password stores, as their catalogs' password dialog leaves them.
      const storeTokens = new Map<string, string>();
      for (const store of tenant.stores.filter((s) => s.password !== undefined)) {
        const session = await api.post('/v1/session', { companyName: tenant.companyName, store: store.code, password: store.password });
        if (session.status !== 200) throw new Error(`no session for store ${store.code}: ${JSON.stringify(session.body)}`);
        storeTokens.set(store.code, session.body.token as string);
      }
      // Lines of one to three products, so that several lines of one product (and colour) meet
      // and price each other through tiers and discounts.
      const cartArbitrary = fc
        .uniqueArray(fc.constantFrom(...orderable), { minLength: 1, maxLength: 3, selector: (p) => p.code })
        .chain((chosen) =>
          fc.array(
            fc.constantFrom(...chosen).chain((p) => lineOf(p, logoOfferFor(tenant, p.type))),
            { minLength: 1, maxLength: 8 },
          ),
        )
        .map(cartOf);
      let accepted = 0;
      let refused = 0;

      await fc.assert(
        fc.asyncProperty(cartArbitrary, async (items) => {
          // The browser: the island's own functions over the page's props.
          const checkout = priceCheckout(items, products, props);
          const body = createOrderBody(
            { ...EMPTY_FORM, firstName: 'Prop', lastName: 'Test', email: 'prop@test.example' },
            checkout,
            { companyName: props.companyName, storeToken: (code) => storeTokens.get(code) },
            tenant.bypassCodes[0]!,
          );
          // The order API over HTTP.
          const created = await api.post('/v1/create-order', body);
          if (checkout.problems.length > 0) {
            expect(created.status, `${JSON.stringify(body.cart)} → ${JSON.stringify(created.body)}`).toBe(400);
            refused++;
            return;
          }
          expect(created.status, JSON.stringify(created.body)).toBe(200);
          accepted++;
          const listed = await api.post('/v1/retrieve-orders', { companyName: props.companyName, limit: 1 }, await adminSession(props.companyName));
          const order = listed.body.orders[0] as {
            order_id: string;
            total: number;
            order: { code: string; size: string; color: string; quantity: number; price: number; line_total: number }[];
          };
          expect(order.order_id).toBe(created.body.order_id);

          const pieces = order.order.reduce((n, l) => n + l.quantity, 0);
          expect(subtotalText(checkout)).toBe(
            `Subtotal (${pieces.toLocaleString('en-US')} ${pieces === 1 ? 'item' : 'items'}): ${totalText(moneyFromDollars(order.total), order.order.filter((l) => l.price === 0).length)}`,
          );
          expect(checkout.total).toBe(moneyFromDollars(order.total));
          expect(order.order.map((l) => [l.code, l.size, l.color, l.quantity, l.price, l.line_total])).toEqual(
            checkout.lines.map((l) => [l.line.code, l.line.size, l.line.color, l.line.quantity, moneyToDollars(l.unitPrice!), moneyToDollars(l.lineTotal!)]),
          );
        }),
        { numRuns: 80 },
      );
      // Both kinds of cart were tried (the apparel minimum and stray quantities make refusals).
      expect(accepted).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(0);
    }, 120_000);
  }

  it('the generator, told not to stray, makes only lines that keep the entry rules', () => {
    for (const tenantId of TENANTS) {
      const products = checkoutProps(tenantId).products;
      fc.assert(
        fc.property(
          fc.constantFrom(...products).chain((p) => lineOf(p, { embroideries: [], placements: [] }, false).map((line) => ({ p, line }))),
          ({ p, line }) => {
            expect(entryProblem(p, line.size, line.quantity), JSON.stringify(line)).toBeUndefined();
          },
        ),
        { numRuns: 300 },
      );
    }
  });
});
