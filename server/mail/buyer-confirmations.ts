import type { ProductLookup } from '../../src/domain/pricing.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { Logger } from '../logger.ts';
import type { MailOutbox } from '../storage/mail-outbox.ts';
import type { NewOrder } from '../storage/order-database.ts';
import { buyerConfirmationEmail } from './buyer-confirmation-email.tsx';
import type { SupplierContact } from './buyer-mail-layout.tsx';
import { plainMailbox } from './header-text.ts';
import type { MailMessage } from './mail-message.ts';

/** What the order API needs to write to buyers: built once at start (start-order-api.ts). */
export interface BuyerMail {
  supplier: SupplierContact;
  from: string;
  /** Confirmations one tenant's buyers may be sent per hour (BUYER_CONFIRMATIONS_PER_HOUR). */
  perTenantPerHour: number;
  /** Counts what was queued this hour. */
  outbox: MailOutbox;
  log: Logger;
}

const HOUR_MS = 3_600_000;

/**
 * The confirmation to the buyer of a placed or paid order, ready for the outbox beside the
 * staff e-mail, or none: when the tenant turned them off (`buyer_confirmation_email: false`),
 * when the typed address is not one plain mailbox, or when the tenant's buyers were sent
 * `perTenantPerHour` already this hour (docs/security.md, E-mail to buyers). The order is
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
  const sent = await outbox.countBuyerConfirmations(tenant.id, Date.now() - HOUR_MS);
  if (sent >= settings.perTenantPerHour) {
    log.warn('buyer confirmation not sent: the tenant reached its hourly cap', { orderId: order.orderId, tenant: tenant.id, cap: settings.perTenantPerHour });
    return [];
  }
  const message = await buyerConfirmationEmail(order, tenant, settings.supplier, settings.from, to, findProduct, orderPage);
  return [{ ...message, buyerConfirmationOf: tenant.id }];
}

/** Where the answer says the confirmation went: the address, when one is queued. */
export function confirmationSentTo(mail: readonly MailMessage[]): string | undefined {
  return mail.find((message) => message.buyerConfirmationOf !== undefined)?.to[0];
}
