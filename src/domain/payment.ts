/**
 * How an order stands with payment, by name. The spec (section 7) fixes the wire field `paid`
 * as a number (0 means unpaid), and the database keeps that number; the code and the contract's
 * schema (src/contracts/order-api-responses.ts) name each value here instead of writing it.
 */
export const PAID = {
  /** A PayPal order created and not captured: not an order yet, never listed. */
  unpaid: 0,
  /** Paid with PayPal, the capture verified. */
  paypal: 1,
  /** Placed with a bypass code, to be invoiced. */
  invoiced: 2,
} as const;

export type PaymentState = keyof typeof PAID;
export type Paid = (typeof PAID)[PaymentState];

export const PAYMENT_STATE_MEANINGS: Record<PaymentState, string> = {
  unpaid: 'a PayPal order not paid yet (never listed)',
  paypal: 'paid with PayPal',
  invoiced: 'placed with a bypass code, to be invoiced',
};
