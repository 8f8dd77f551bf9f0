import { orderNumber } from '../../src/domain/order-number.ts';
import { trackingLink, type Carrier } from '../../src/domain/order-status.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { OrderRecord } from '../storage/order-database.ts';
import type { MailMessage } from './mail-message.ts';
import { ORDER_PAGE_NOTE, ORDER_PAGE_WORDS } from './buyer-confirmation-email.tsx';
import { INERT_LENGTH, inertText } from './inert-text.ts';
import { oneLine } from './order-email.ts';

/**
 * The buyer's notice that their order shipped: carrier, tracking number and the carrier's
 * tracking page. Plain text and a simple HTML part written here (no template library: it is
 * a few lines). None when the tenant does not send it (`shipping_email`) or the order no
 * longer has the buyer's address (the retention removed it).
 */
export function shippingEmail(
  order: Pick<OrderRecord, 'orderId' | 'email' | 'firstName' | 'createdAt'>,
  tenant: Pick<Tenant, 'shippingEmail' | 'title'>,
  shipment: { carrier: Carrier; trackingNumber: string },
  from: string,
  /** The buyer's read-only page of the order (order-links.ts); none when the change came without a storefront's origin. */
  orderPage?: string,
): MailMessage[] {
  if (!tenant.shippingEmail || order.email === '') return [];
  const number = orderNumber(order.orderId);
  const link = trackingLink(shipment.carrier, shipment.trackingNumber);
  const store = oneLine(tenant.title);
  const carrier = shipment.carrier === 'other' ? 'the carrier' : shipment.carrier;
  const greeting = `Hello ${inertText(order.firstName, INERT_LENGTH.name)},`.replace(/ ,$/, ',');
  const placed = order.createdAt.slice(0, 10);
  const text = [
    greeting,
    '',
    `Your order ${number} from ${store}, placed ${placed}, has shipped.`,
    '',
    `Carrier:         ${shipment.carrier}`,
    `Tracking number: ${shipment.trackingNumber}`,
    link ? `Track it:        ${link}` : `Track it on ${carrier}'s website with the tracking number.`,
    '',
    ...(orderPage ? [`${ORDER_PAGE_WORDS} (${ORDER_PAGE_NOTE}):`, orderPage, ''] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Your order <strong>${escapeHtml(number)}</strong> from ${escapeHtml(store)}, placed ${escapeHtml(placed)}, has shipped.</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    `<tr><td style="padding:2px 12px 2px 0">Carrier</td><td>${escapeHtml(shipment.carrier)}</td></tr>`,
    `<tr><td style="padding:2px 12px 2px 0">Tracking number</td><td>${escapeHtml(shipment.trackingNumber)}</td></tr>`,
    '</table>',
    link
      ? `<p><a href="${escapeHtml(link)}" style="color:#0b57d0">Track your shipment</a></p>`
      : `<p>Track it on ${escapeHtml(carrier)}'s website with the tracking number.</p>`,
    orderPage ? `<p><a href="${escapeHtml(orderPage)}" style="color:#0b57d0">${ORDER_PAGE_WORDS}</a> (${ORDER_PAGE_NOTE})</p>` : '',
    '</body></html>',
  ].join('\n');
  return [{ from, to: [order.email], subject: `Your order ${number} from ${store} has shipped`, text, html }];
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
