/**
 * Where an order stands after it was placed, and which changes make sense. The order API
 * refuses every other change (server/app/set-order-status.ts); the orders screen offers only
 * these, and both build a shipment's tracking link here, so they cannot disagree.
 */

/** What an admin may set. */
export const SETTABLE_STATUSES = ['received', 'in_production', 'shipped', 'delivered', 'cancelled'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** A new order is `placed` (bypass code, to be invoiced) or `paid` (PayPal) until an admin sets another status. */
export type OrderStatus = 'placed' | 'paid' | SettableStatus;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  paid: 'Paid',
  received: 'Received',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/**
 * The statuses each one may move to. Forward only: what was delivered is not produced again,
 * a shipped order is not cancelled (a return is another matter), and nothing follows a
 * cancellation or a delivery.
 */
const NEXT: Record<OrderStatus, readonly SettableStatus[]> = {
  placed: ['received', 'in_production', 'shipped', 'cancelled'],
  paid: ['received', 'in_production', 'shipped', 'cancelled'],
  received: ['in_production', 'shipped', 'cancelled'],
  in_production: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The statuses an order in `current` may be set to, in the order they happen. */
export function nextStatuses(current: OrderStatus): readonly SettableStatus[] {
  return NEXT[current];
}

/** Why `current` → `next` is refused, or undefined when it makes sense. */
export function transitionProblem(current: OrderStatus, next: SettableStatus): string | undefined {
  if (NEXT[current].includes(next)) return undefined;
  const from = ORDER_STATUS_LABELS[current].toLowerCase();
  if (NEXT[current].length === 0) return `the order is ${from}; its status cannot change any more`;
  const allowed = NEXT[current].map((s) => ORDER_STATUS_LABELS[s].toLowerCase()).join(', ');
  return `an order that is ${from} cannot become ${ORDER_STATUS_LABELS[next].toLowerCase()} (it can become: ${allowed})`;
}

/** Letters, digits, spaces and dashes: what carriers print, and nothing that could bend a link. */
export const TRACKING_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 \\-]{2,38}[A-Za-z0-9]$';

/** The carrier's public tracking page for `trackingNumber`; none for `other`, whose page we cannot know. */
export function trackingLink(carrier: Carrier, trackingNumber: string): string | undefined {
  const number = encodeURIComponent(trackingNumber.replace(/[\s-]+/g, ''));
  switch (carrier) {
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${number}`;
    case 'FedEx':
      return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
    case 'DHL':
      return `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${number}`;
    case 'other':
      return undefined;
  }
}
