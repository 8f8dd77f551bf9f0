import { PAID } from '../../src/domain/payment.ts';
import { centsText, moneyToDollars } from '../../src/domain/money.ts';
import type { Logger } from '../logger.ts';
import { buyerConfirmations, confirmationSentTo, type BuyerMail } from '../mail/buyer-confirmations.ts';
import { orderEmail } from '../mail/order-email.ts';
import { paymentMismatchEmail, type PaymentDifference } from '../mail/payment-mismatch-email.ts';
import type { PayPalCapture, PayPalOrder } from '../paypal/paypal-client.ts';
import type { CaptureOutcome, OrderRecord } from '../storage/order-database.ts';
import type { TenantDirectory } from './tenant-directory.ts';
import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { CaptureCompletedAnswer, CaptureWaitingAnswer, ErrorAnswer } from '../../src/contracts/order-api-responses.ts';

/** The capture status we record (instead of PayPal's COMPLETED) for a capture that does not match its order. */
export const MISMATCH_STATUS = 'MISMATCH';

export const PENDING_MESSAGE =
  'Payment processing: PayPal has not confirmed it yet. The order is placed as soon as PayPal completes the payment; do not pay again.';

/** A capture outcome with what the log needs to say about it. */
export interface SettledCapture extends CaptureOutcome {
  answer: CallAnswer<'capture-order'>;
  captureId: string | null;
  /** PayPal's own status of the capture (COMPLETED for a mismatch too). */
  paypalStatus: string;
  /** Set when PayPal completed a capture that does not match the order. */
  mismatch?: PaymentDifference;
}

/**
 * The outcome to record once PayPal has given a capture of `order`: the answer every
 * capture-order call gets from then on, the status to store, `paid`, and the e-mails. Used
 * when a capture ends at once (capture-order.ts), when a PENDING one is asked about again by
 * a capture-order call, and by the poller (pending-capture-poller.ts), so all three record the
 * same thing.
 *
 * - COMPLETED and matching the order: paid (1), 200, the tenant's paid-order e-mail and the
 *   buyer's confirmation (buyer-confirmations.ts).
 * - COMPLETED but another amount, or another order's or tenant's reference: recorded as
 *   MISMATCH, not paid, 422 PAYMENT_MISMATCH, and a warning e-mail to the tenant, because
 *   money did move and someone must look at PayPal before shipping.
 * - PENDING: 202; asked about again later.
 * - anything else (DECLINED, FAILED…): PayPal's status, not paid, 422 CAPTURE_DECLINED. PayPal
 *   finished this order, so paying again takes a new order (create-order).
 */
export async function captureOutcome(
  order: OrderRecord,
  result: PayPalOrder,
  capture: PayPalCapture,
  tenants: TenantDirectory,
  mailFrom: string,
  buyerMail: BuyerMail,
  /** The buyer's read-only page of the order, for the confirmation (order-links.ts); none from the poller, which has no storefront's origin. */
  orderPage?: string,
): Promise<SettledCapture> {
  const entry = tenants.byId(order.tenantId);
  const tenant = entry?.tenant;
  const recipients = tenant?.emailRecipients ?? [];
  const captureId = capture.id ?? null;
  const base = { captureId, paypalStatus: capture.status };
  if (capture.status === 'PENDING') {
    return {
      ...base,
      answer: {
        status: 202,
        body: { order_id: order.orderId, status: 'PENDING', paid: PAID.unpaid, capture_id: captureId, message: PENDING_MESSAGE } satisfies CaptureWaitingAnswer,
      },
      captureStatus: 'PENDING',
      paid: false,
      mail: [],
    };
  }
  if (capture.status !== 'COMPLETED') {
    return {
      ...base,
      answer: {
        status: 422,
        body: {
          message: `PayPal declined the payment (${capture.status}); nothing was charged. Pay again with another funding source.`,
          issue: 'CAPTURE_DECLINED',
        } satisfies ErrorAnswer,
      },
      captureStatus: capture.status,
      paid: false,
      mail: [],
    };
  }
  const mismatch = paymentDifference(order, result, capture);
  if (mismatch) {
    return {
      ...base,
      mismatch,
      answer: {
        status: 422,
        body: {
          message: `Your payment could not be matched to this order; it was not accepted. Contact us before paying again; quote order ${order.orderId}.`,
          issue: 'PAYMENT_MISMATCH',
        } satisfies ErrorAnswer,
      },
      captureStatus: MISMATCH_STATUS,
      paid: false,
      mail: paymentMismatchEmail(order, captureId, mismatch, recipients, mailFrom),
    };
  }
  const paid = { ...order, paid: PAID.paypal };
  // The buyer's confirmation goes with the staff e-mail, in the same transaction (finishCapture, settlePendingCapture).
  const toBuyer = tenant ? await buyerConfirmations(paid, tenant, buyerMail, entry.findProduct, orderPage) : [];
  const sentTo = confirmationSentTo(toBuyer);
  return {
    ...base,
    // The total as recorded, as create-order answers it: what the success page shows.
    answer: {
      status: 200,
      body: {
        order_id: order.orderId,
        status: 'COMPLETED',
        paid: PAID.paypal,
        capture_id: captureId,
        total: moneyToDollars(order.total),
        ...(sentTo ? { confirmation_sent_to: sentTo } : {}),
      } satisfies CaptureCompletedAnswer,
    },
    captureStatus: 'COMPLETED',
    paid: true,
    mail: tenant ? [...orderEmail(paid, tenant, mailFrom, entry.findProduct), ...toBuyer] : [],
  };
}

/**
 * How PayPal's completed capture differs from what this server asked for, or undefined when
 * it matches: the captured amount must be the server's total in USD, to the cent, and the
 * purchase unit must carry this order's `custom_id` and this tenant's `reference_id`. A
 * buyer's browser can alter a PayPal order before approving it; only the server's record of
 * the order says what is owed. (Orders stored before payment references existed have
 * paymentRef '' and PayPal no custom_id, which match.)
 */
export function paymentDifference(order: OrderRecord, result: PayPalOrder, capture: PayPalCapture): PaymentDifference | undefined {
  const expected = { amount: centsText(order.total), currency: 'USD', customId: order.paymentRef, referenceId: order.tenantId };
  const got = { amount: capture.amount, customId: result.customId, referenceId: result.referenceId };
  const problems: string[] = [];
  if (!got.amount) problems.push('amount: PayPal did not say what it captured');
  else if (got.amount.currency !== expected.currency || got.amount.value !== expected.amount) {
    problems.push(`amount: expected ${expected.amount} ${expected.currency}, PayPal captured ${got.amount.value} ${got.amount.currency}`);
  }
  if ((got.customId ?? '') !== expected.customId) problems.push(`custom_id: expected "${expected.customId}", PayPal has "${got.customId ?? ''}"`);
  if (got.referenceId !== expected.referenceId) problems.push(`reference_id: expected "${expected.referenceId}", PayPal has "${got.referenceId ?? ''}"`);
  return problems.length > 0 ? { expected, got, problems } : undefined;
}

/** Logs a recorded capture outcome: a mismatch is an error (someone must act), a decline a warning. */
export function logCaptureOutcome(log: Logger, order: OrderRecord, outcome: SettledCapture, fields: Record<string, unknown> = {}): void {
  const about = { orderId: order.orderId, tenant: order.tenantId, captureId: outcome.captureId, status: outcome.captureStatus, ...fields };
  if (outcome.mismatch) {
    log.error('paypal payment does not match the order; not marked paid', {
      ...about,
      paypalStatus: outcome.paypalStatus,
      expected: outcome.mismatch.expected,
      got: outcome.mismatch.got,
      problems: outcome.mismatch.problems,
    });
  } else if (!outcome.paid && outcome.captureStatus !== 'PENDING') {
    log.warn('paypal capture not completed', about);
  } else {
    log.info('paypal capture stored', about);
  }
}
