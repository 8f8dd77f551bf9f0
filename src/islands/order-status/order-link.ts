/**
 * What an order link (the buyer's e-mail, server/app/order-links.ts) carries in its fragment:
 * `#order=<order id>&key=<key>`. The fragment never leaves the browser with a request or a
 * referrer, so the key reaches only the order API, in the body of view-order. Pure, no React.
 */
export interface OrderLink {
  orderId: string;
  key: string;
}

/** The order and key a page address's fragment names, or undefined when either is missing. */
export function orderLinkOf(hash: string): OrderLink | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const orderId = params.get('order')?.trim();
  const key = params.get('key')?.trim();
  return orderId && key ? { orderId, key } : undefined;
}

/** Said where the page is opened without a whole link: how to get one. */
export const NO_ORDER_LINK =
  'This page shows one order from the link in its confirmation or shipping e-mail, and this address does not carry a whole link. Open the link from the e-mail again, exactly as it is.';
