import { captureOutcome, logCaptureOutcome } from '../app/capture-outcome.ts';
import type { Logger } from '../logger.ts';
import type { BuyerMail } from '../mail/buyer-confirmations.ts';
import type { OrderDatabase } from '../storage/order-database.ts';
import type { TenantDirectory } from '../app/tenant-directory.ts';
import type { PayPalClient } from './paypal-client.ts';

/**
 * A capture PayPal leaves PENDING (an eCheck, a review) settles later. Rather than lose such
 * an order, this asks PayPal about each pending one every so often and records the outcome
 * exactly as a capture that ended at once (capture-outcome.ts): COMPLETED and matching makes
 * the order paid (1) and sends its e-mails; a mismatch or a decline is recorded, so the next
 * capture-order call answers 422.
 */
export class PendingCapturePoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly database: OrderDatabase,
    private readonly paypal: PayPalClient,
    private readonly tenants: TenantDirectory,
    private readonly mailFrom: string,
    private readonly buyerMail: BuyerMail,
    private readonly log: Logger,
    private readonly onMailQueued: () => void,
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.pollOnce()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error('pending capture poll failed', { error }))
        .finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Asks PayPal about every pending capture once; returns how many settled. */
  async pollOnce(): Promise<number> {
    let settled = 0;
    for (const order of await this.database.listPendingCaptures(50)) {
      const result = await this.paypal.getOrder(order.orderId).catch((error: unknown) => {
        this.log.warn('could not ask PayPal about a pending capture', { orderId: order.orderId, error: (error as Error).message });
        return undefined;
      });
      const capture = result?.capture;
      if (!result || !capture || capture.status === 'PENDING') continue;
      // Verified like a capture that completed at once: a mismatch is recorded, not paid.
      const outcome = await captureOutcome(order, result, capture, this.tenants, this.mailFrom, this.buyerMail);
      const changed = await this.database.settlePendingCapture(order.orderId, outcome);
      if (changed) {
        settled++;
        logCaptureOutcome(this.log, order, outcome, { settledBy: 'poller' });
        if (outcome.mail.length > 0) this.onMailQueued();
      }
    }
    return settled;
  }
}
