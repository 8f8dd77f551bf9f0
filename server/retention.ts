import type { MailTransport } from './mail/mail-transport.ts';
import type { PersonalDataRetention } from './storage/personal-data-retention.ts';

const DAY_MS = 86_400_000;

/** How long personal data is kept (ORDER_RETENTION_DAYS, MAIL_RETENTION_DAYS). */
export interface RetentionPolicy {
  orderDays: number;
  mailDays: number;
}

export interface RetentionResult {
  /** Orders whose names, e-mail and client address were removed. */
  orders: number;
  /** Sent e-mails whose text was removed from the outbox. */
  mailBodies: number;
  /** `.eml` files deleted. */
  mailFiles: number;
}

/**
 * One pass of the retention at `now` (epoch ms), run by the API's maintenance interval: each
 * part is attempted even when another fails, and the first failure is thrown after all ran.
 */
export async function applyRetention(
  retention: PersonalDataRetention,
  transport: MailTransport,
  policy: RetentionPolicy,
  now: number,
): Promise<RetentionResult> {
  const mailBefore = now - policy.mailDays * DAY_MS;
  const [orders, mailBodies, mailFiles] = await Promise.allSettled([
    retention.removeOrderPersonalData(now - policy.orderDays * DAY_MS),
    retention.removeSentMailBodies(mailBefore),
    transport.removeSentBefore?.(mailBefore) ?? Promise.resolve(0),
  ]);
  const failed = [orders, mailBodies, mailFiles].find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const value = (r: PromiseSettledResult<number>) => (r.status === 'fulfilled' ? r.value : 0);
  if (value(orders) + value(mailBodies) > 0) await retention.releaseFreedSpace();
  return { orders: value(orders), mailBodies: value(mailBodies), mailFiles: value(mailFiles) };
}
