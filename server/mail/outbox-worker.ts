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
   * How long a nudge waits before looking, so the e-mails of orders placed meanwhile are
   * leased and sent together, after their requests were answered, instead of each order's
   * e-mail work running between the next requests.
   */
  nudgeDelayMs: number;
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
  /** When the scheduled look is due (epoch ms), while one is. */
  private dueAt: number | undefined;

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
   * Looks soon (`nudgeDelayMs`), for example right after an order added e-mails. A look
   * already due sooner is kept: steady nudges must not postpone it for ever.
   */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else if (this.dueAt === undefined || this.dueAt > Date.now() + this.options.nudgeDelayMs) this.schedule(this.options.nudgeDelayMs);
  }

  /** Stops looking and waits for a send in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends everything due now; resolves when done. Each tick of the worker runs one. */
  async drain(): Promise<void> {
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
      if (this.stopped) return;
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
    this.dueAt = Date.now() + ms;
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    this.dueAt = undefined;
    this.running = this.drain()
      .catch((error: unknown) => this.log.error('mail outbox unreadable, will look again', { error }))
      .finally(() => {
        this.running = undefined;
        const next = this.again ? this.options.nudgeDelayMs : this.options.pollMs;
        this.again = false;
        this.schedule(next);
      });
  }
}
