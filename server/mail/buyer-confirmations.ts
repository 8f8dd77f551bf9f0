import { createHash } from 'node:crypto';
import type { ProductLookup } from '../../src/domain/pricing.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { Logger } from '../logger.ts';
import type { MailOutbox } from '../storage/mail-outbox.ts';
import type { NewOrder } from '../storage/order-database.ts';
import { buyerConfirmationEmail } from './buyer-confirmation-email.tsx';
import { plainMailbox } from './header-text.ts';
import type { MailMessage, SupplierContact } from './mail-message.ts';

/** What the order API needs to write to buyers: built once at start (start-order-api.ts). */
export interface BuyerMail {
  supplier: SupplierContact;
  from: string;
  /** Confirmations one tenant's buyers may be sent per hour (BUYER_CONFIRMATIONS_PER_HOUR). */
  perTenantPerHour: number;
  /** Confirmations one address may be sent per hour, from every tenant (BUYER_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR). */
  perRecipientPerHour: number;
  /** Counts what was queued this hour. */
  outbox: MailOutbox;
  log: Logger;
}

/**
 * The confirmation to the buyer of a placed or paid order, ready for the outbox beside the
 * staff e-mail, or none: when the tenant turned them off (`buyer_confirmation_email: false`),
 * when the typed address is not one plain mailbox, or when the tenant's buyers were sent
 * `perTenantPerHour` already this hour, or the address `perRecipientPerHour` (docs/security.md, E-mail to buyers). The order is
 * placed either way; only the e-mail is left out, and the answer does not claim it was sent.
 */
export async function buyerConfirmations(
  order: NewOrder,
  tenant: Pick<Tenant, 'id' | 'companyName' | 'stores' | 'buyerConfirmationEmail' | 'embroideries' | 'flags'>,
  settings: BuyerMail,
  /** The tenant's catalog, for the lines' mock-ups; none without it. */
  findProduct?: ProductLookup,
  /** The buyer's read-only page of this order (order-links.ts); none when the order came without a storefront's origin. */
  orderPage?: string,
): Promise<MailMessage[]> {
  const { outbox, log } = settings;
  if (!tenant.buyerConfirmationEmail) return [];
  const to = plainMailbox(order.email);
  if (!to) {
    log.warn('buyer confirmation not sent: the address is not a plain mailbox', { orderId: order.orderId, tenant: tenant.id });
    return [];
  }
  const recipient = recipientDigest(to);
  // Taken before counting, so requests in parallel see each other: the outbox counts only committed rows.
  const ahead = reserve(settings, recipient);
  const counts = await outbox.countBuyerConfirmations(tenant.id, recipient);
  const capped =
    counts.toTenant >= settings.perTenantPerHour
      ? { why: 'the tenant reached its hourly cap', cap: settings.perTenantPerHour }
      : counts.toRecipient + ahead >= settings.perRecipientPerHour
        ? { why: 'the address reached its hourly cap', cap: settings.perRecipientPerHour }
        : undefined;
  if (capped) {
    release(settings, recipient);
    log.warn(`buyer confirmation not sent: ${capped.why}`, { orderId: order.orderId, tenant: tenant.id, cap: capped.cap });
    return [];
  }
  const message = await buyerConfirmationEmail(order, tenant, settings.supplier, settings.from, to, findProduct, orderPage);
  return [{ ...message, buyerConfirmationOf: tenant.id, buyerRecipient: recipient }];
}

/**
 * Confirmations to one address being decided or stored in this process, by when each stops
 * counting: long enough for its order's transaction to commit, after which the outbox counts it
 * (counted twice meanwhile, which only errs toward sending fewer).
 */
const IN_FLIGHT = new WeakMap<BuyerMail, Map<string, number[]>>();
const IN_FLIGHT_MS = 15_000;
const NEXT_SWEEP = new WeakMap<Map<string, number[]>, number>();

/** Counts one more confirmation to `recipient` in flight; answers how many were in flight before it. */
function reserve(settings: BuyerMail, recipient: string): number {
  const byRecipient = IN_FLIGHT.get(settings) ?? new Map<string, number[]>();
  IN_FLIGHT.set(settings, byRecipient);
  const now = Date.now();
  // Addresses are typed by strangers: forget the ones with nothing in flight before they pile up,
  // at most once a second (at a few hundred orders a second, thousands are in flight at once).
  if (byRecipient.size > 1_000 && now >= (NEXT_SWEEP.get(byRecipient) ?? 0)) {
    for (const [key, untils] of byRecipient) if (untils.every((until) => until <= now)) byRecipient.delete(key);
    NEXT_SWEEP.set(byRecipient, now + 1_000);
  }
  const live = (byRecipient.get(recipient) ?? []).filter((until) => until > now);
  byRecipient.set(recipient, [...live, now + IN_FLIGHT_MS]);
  return live.length;
}

function release(settings: BuyerMail, recipient: string): void {
  const byRecipient = IN_FLIGHT.get(settings);
  const live = byRecipient?.get(recipient) ?? [];
  live.pop();
  if (live.length === 0) byRecipient?.delete(recipient);
}

/**
 * What the recipient cap counts by: a digest of the address as mail servers compare it (the
 * domain without case), so the outbox's counting column holds no address of its own.
 */
function recipientDigest(mailbox: string): string {
  const at = mailbox.lastIndexOf('@');
  return createHash('sha256')
    .update(`${mailbox.slice(0, at)}@${mailbox.slice(at + 1).toLowerCase()}`)
    .digest('hex');
}

/** Where the answer says the confirmation went: the address, when one is queued. */
export function confirmationSentTo(mail: readonly MailMessage[]): string | undefined {
  return mail.find((message) => message.buyerConfirmationOf !== undefined)?.to[0];
}
