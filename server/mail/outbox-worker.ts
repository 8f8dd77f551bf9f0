import type { Logger } from '../logger.ts';
import type { OutboxItem } from '../storage/mail-outbox.ts';
import type { OrderDatabase } from '../storage/order-database.ts';
import type { MailTransport } from './mail-transport.ts';

export interface OutboxWorkerOptions {
  /** How often to look for due e-mails when nobody nudges. */
  pollMs: number;
  /** First retry after this; doubles each failure, up to `maxRetryMs`. */
  retryBaseMs: number;
  maxRetryMs: number;
  /** A send taking longer than this is assumed dead and the e-mail becomes due again. */
  leaseMs: number;
  /**
   * How long orders must pause (no nudge) before the worker looks, so the e-mails of a burst
   * are composed and sent after it, not between its requests: on a machine short of cores an
   * order's e-mails cost twice its request, and would stretch every answer of the burst.
   */
  nudgeDelayMs: number;
  /** The longest e-mails wait for such a pause: past it they go out while orders keep coming. */
  maxDeferMs: number;
}

/**
 * Sends the e-mails the order transactions put in the outbox. An order never waits for mail
 * and never fails because of it: a failed send is logged and retried later with growing
 * pauses, for as long as it takes. Several instances may run a worker on one database; the
 * lease in the outbox keeps them from sending the same e-mail twice at once.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** The first nudge not yet looked at (epoch ms): e-mails wait at most `maxDeferMs` from it. */
  private waitingSince: number | undefined;
  /** The last nudge (epoch ms). */
  private lastNudge = 0;

  constructor(
    private readonly database: OrderDatabase,
    private readonly transport: MailTransport,
    private readonly log: Logger,
    private readonly options: OutboxWorkerOptions,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /**
   * Looks once orders pause for `nudgeDelayMs` (called right after an order added e-mails), and
   * at the latest `maxDeferMs` after the first nudge not yet looked at: steady nudges must not
   * postpone the e-mails for ever.
   */
  nudge(): void {
    if (this.stopped) return;
    const now = Date.now();
    this.lastNudge = now;
    this.waitingSince ??= now;
    if (this.running) this.again = true;
    else this.schedule(this.untilLook(this.waitingSince, now));
  }

  /** How long from `now` until the next look: the pause orders need, or what is left of the longest wait since `since`. */
  private untilLook(since: number, now: number): number {
    return Math.min(this.options.nudgeDelayMs, since + this.options.maxDeferMs - now);
  }

  /** Whether orders are coming in: the last nudge is more recent than a pause. */
  private ordersComing(now: number): boolean {
    return now - this.lastNudge < this.options.nudgeDelayMs;
  }

  /** Stops looking and waits for a send in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends everything due now; resolves when done (with `untilOrders`, at the first batch after an order came in). Each tick of the worker runs one. */
  async drain(untilOrders = false): Promise<void> {
    for (;;) {
      const batch = await this.database.outbox.lease(25, this.options.leaseMs);
      if (batch.length === 0) return;
      // The batch goes out side by side; each e-mail succeeds or fails on its own.
      const sent = (await Promise.all(batch.map((item) => this.send(item)))).filter((item) => item !== undefined);
      // One write marks the batch sent rather than one per e-mail (each write waits for an
      // fdatasync). An SMTP send times out (15 s) long before the lease (2 min) ends, so no
      // e-mail of the batch is leased again while it waits for the others.
      if (sent.length > 0) {
        await this.database.outbox.markSent(...sent.map((item) => item.id));
        for (const item of sent)
          this.log.info('mail sent', { orderId: item.orderId, mailId: item.id, to: item.message.to, via: this.transport.description, attempt: item.attempts });
      }
      // Orders came in meanwhile: the rest waits for their pause (nudge scheduled it).
      if (this.stopped || (untilOrders && this.ordersComing(Date.now()))) return;
    }
  }

  /** Sends `item`: answers it when it went, or records the failure and its retry and answers undefined. */
  private async send(item: OutboxItem): Promise<OutboxItem | undefined> {
    try {
      await this.transport.send(item.message, `${item.orderId}-${item.id}`);
      return item;
    } catch (error) {
      const delay = Math.min(this.options.retryBaseMs * 2 ** (item.attempts - 1), this.options.maxRetryMs);
      const reason = error instanceof Error ? error.message : String(error);
      await this.database.outbox.markFailed(item.id, reason, Date.now() + delay);
      this.log.warn('mail failed, will retry', { orderId: item.orderId, mailId: item.id, attempt: item.attempts, retryInMs: delay, error: reason });
      return undefined;
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    const now = Date.now();
    const since = this.waitingSince ?? now;
    const overdue = now - since >= this.options.maxDeferMs;
    if (this.ordersComing(now) && !overdue) {
      // A poll during a burst: the burst's pause comes first.
      this.schedule(this.untilLook(since, now));
      return;
    }
    // What waits now is looked at; a nudge from here on starts a new wait. After a pause the
    // look stops at the next order; past `maxDeferMs` it sends everything due.
    this.waitingSince = undefined;
    this.running = this.drain(!overdue)
      .catch((error: unknown) => this.log.error('mail outbox unreadable, will look again', { error }))
      .finally(() => {
        this.running = undefined;
        // E-mails a look after a pause left for the next pause have waited since before it.
        if (this.again && !overdue) this.waitingSince = Math.min(since, this.waitingSince ?? since);
        const next = this.again ? this.options.nudgeDelayMs : this.options.pollMs;
        this.again = false;
        this.schedule(next);
      });
  }
}
