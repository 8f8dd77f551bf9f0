import type { CheckoutIslandProps, OrderStatusIslandProps, OrdersIslandProps, SuccessIslandProps } from '../islands/shared/ordering-props.ts';
import { island } from './prerender-island.tsx';
import { thumbnail } from './catalog-price-file-content.ts';
import type { PageModel } from '../site/page-model.ts';

/**
 * Checkout, success and orders are islands end to end: what they show lives in the visitor's
 * session or comes from the order API. The build renders their frame and their loading state.
 */
function NeedsJavaScript({ model }: { model: PageModel }) {
  return (
    <noscript>
      <p className="notice">This page needs JavaScript. Call {model.config.mainPhone} to order by phone.</p>
    </noscript>
  );
}

export function checkoutProps(model: PageModel): CheckoutIslandProps {
  const { config } = model;
  return {
    apiBase: config.apiBase,
    companyName: config.companyName,
    tenantId: config.tenantId,
    base: config.base,
    stores: config.stores.map(({ name, address, code, hasPassword }) => ({ name, address, code, hasPassword })),
    hasBypassCodes: config.hasBypassCodes,
    paypalClientId: config.paypalClientId,
    minimumApparelOrder: config.flags.minimumApparelOrder,
    maxOrderTotal: config.maxOrderTotal,
    logos: { embroideries: config.embroideries, logoPlacements: config.logoPlacements },
    showModificationThumbnail: config.flags.showModificationThumbnail,
    catalogPricesUrl: model.catalogPrices.url,
    logoThumbnails: logoThumbnails(model),
  };
}

/** Embroidery logo name → its smallest picture: what a cart line's logo thumbnail and mock-up show. */
function logoThumbnails(model: PageModel): Record<string, string> {
  return Object.fromEntries(Object.entries(model.config.logos).map(([name, image]) => [name, thumbnail(image)]));
}

export function CheckoutPage({ model }: { model: PageModel }) {
  const props = checkoutProps(model);
  const { preview } = model.config;
  // Two trees rather than an optional child: an extra slot would change the ids React gives the island's markup in production too.
  if (preview !== undefined) {
    return (
      <>
        <h1 className="page-title">Checkout</h1>
        <PreviewCheckoutNote preview={preview} />
        {island('checkout', props)}
        <NeedsJavaScript model={model} />
      </>
    );
  }
  return (
    <>
      <h1 className="page-title">Checkout</h1>
      {island('checkout', props)}
      <NeedsJavaScript model={model} />
    </>
  );
}

/**
 * Why a preview's checkout places nothing, said before the buyer fills anything in: its pages name no
 * order API and may connect to none (core/generator/render/tenant-storefront-config.ts, PREVIEW_API_BASE), so any attempt fails.
 */
function PreviewCheckoutNote({ preview }: { preview: string }) {
  return (
    <p className="notice" data-preview-checkout="">
      {`This checkout is part of the preview of ${preview}. It is not connected to the order service: the cart and its prices show as they will be, but placing an order, a bypass code and PayPal do nothing here.`}
    </p>
  );
}

export function SuccessPage({ model }: { model: PageModel }) {
  const { config } = model;
  const props: SuccessIslandProps = {
    base: config.base,
    catalogPricesUrl: model.catalogPrices.url,
    supplierName: config.supplierName,
    dealership: config.companyName,
    ...(config.flags.showModificationThumbnail ? { mockupLogos: logoThumbnails(model) } : {}),
  };
  // The heading is the island's: only an order found in this browser session makes it claim success.
  return (
    <>
      {island('success', props)}
      <NeedsJavaScript model={model} />
    </>
  );
}

export function OrdersPage({ model }: { model: PageModel }) {
  const { config } = model;
  // Order again holds lines to the same logos and stores as the checkout.
  const { logos, stores } = checkoutProps(model);
  const props: OrdersIslandProps = {
    apiBase: config.apiBase,
    companyName: config.companyName,
    tenantId: config.tenantId,
    hasAdminPassword: config.hasAdminPassword,
    hasGroupPassword: config.hasGroupPassword,
    orderAgain: { base: config.base, catalogPricesUrl: model.catalogPrices.url, logos, stores },
    ...(config.flags.showModificationThumbnail ? { mockupLogos: logoThumbnails(model) } : {}),
  };
  return (
    <>
      <h1 className="page-title">Orders</h1>
      {island('orders', props)}
      <NeedsJavaScript model={model} />
    </>
  );
}

/** The buyer's page of one order, from the link in its e-mail: the island reads the link and asks the order API. */
export function OrderStatusPage({ model }: { model: PageModel }) {
  const { config } = model;
  const props: OrderStatusIslandProps = { apiBase: config.apiBase, companyName: config.companyName, base: config.base };
  return (
    <>
      {island('order-status', props)}
      <NeedsJavaScript model={model} />
    </>
  );
}
