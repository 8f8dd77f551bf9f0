import { orderEmail } from '../mail/order-email.ts';
import type { CaptureOutcome, OrderRecord } from '../storage/order-store.ts';
import type { TenantDirectory } from './tenant-directory.ts';

/**
 * The outcome to record once PayPal has given a capture of `order` the status `status`: the
 * answer every capture-order call gets from then on, `paid` when it is COMPLETED, and then the
 * tenant's paid-order e-mail. Used when a capture ends at once (capture-order.ts) and when a
 * PENDING one settles later (pending-capture-poller.ts), so both record the same.
 */
export function captureOutcome(order: OrderRecord, status: string, captureId: string | null, tenants: TenantDirectory, mailFrom: string): CaptureOutcome {
  const paid = status === 'COMPLETED';
  const tenant = tenants.find(order.companyName)?.tenant;
  return {
    answer: { status: 200, body: { order_id: order.orderId, status, paid: paid ? 1 : 0, capture_id: captureId } },
    captureStatus: status,
    paid,
    mail: paid && tenant ? orderEmail({ ...order, paid: 1 }, tenant.emailRecipients, mailFrom) : [],
  };
}
