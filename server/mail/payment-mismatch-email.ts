import { formatMoney } from '../../src/domain/money.ts';
import type { PayPalAmount } from '../paypal/paypal-client.ts';
import type { OrderRecord } from '../storage/order-database.ts';
import type { MailMessage } from './mail-message.ts';

/** What PayPal's capture carried, beside what the order expected (capture-outcome.ts). */
export interface PaymentDifference {
  expected: { amount: string; currency: string; customId: string; referenceId: string };
  got: { amount?: PayPalAmount; customId?: string; referenceId?: string };
  /** One sentence per field that differs. */
  problems: string[];
}

/**
 * The warning a tenant's `email_recipients` get when PayPal completed a capture that does not
 * match the order (another amount, or another order's reference): the order is not marked
 * paid, yet money may have moved, so a person must look at PayPal before anything ships.
 */
export function paymentMismatchEmail(
  order: OrderRecord,
  captureId: string | null,
  difference: PaymentDifference,
  recipients: readonly string[],
  from: string,
): MailMessage[] {
  if (recipients.length === 0) return [];
  const captured = difference.got.amount ? `$${difference.got.amount.value} ${difference.got.amount.currency}` : 'an amount PayPal did not state';
  const text = [
    `The PayPal payment for order ${order.orderId} did not match the order, so the order was NOT marked paid.`,
    '',
    `Expected:        $${difference.expected.amount} ${difference.expected.currency}`,
    `PayPal captured: ${captured}`,
    ...difference.problems.map((problem) => `  - ${problem}`),
    '',
    'Check this payment in PayPal before shipping anything: refund it, or settle the difference with the buyer.',
    'The buyer was told the payment was not accepted and to contact you before paying again.',
    '',
    `Order:           ${order.orderId}`,
    `PayPal capture:  ${captureId ?? '-'}`,
    `Placed:          ${order.createdAt}`,
    `Company:         ${order.companyName}`,
    `Name:            ${order.firstName} ${order.lastName}`,
    `E-mail:          ${order.email}`,
    `Order total:     ${formatMoney(order.total)}`,
    '',
  ].join('\n');
  return [
    {
      from,
      to: [...recipients],
      subject: `Payment mismatch for order ${order.orderId} (${order.companyName}): check PayPal before shipping`,
      text,
    },
  ];
}
