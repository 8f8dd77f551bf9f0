import { PAID } from '../../src/domain/payment.ts';
import { describeQuantity } from '../../src/domain/describe-quantity.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { PRICE_ON_REQUEST, totalText } from '../../src/domain/price-on-request.ts';
import { orderNumber } from '../../src/domain/order-number.ts';
import { isTierLabel } from '../../src/domain/size-labels.ts';
import type { ProductLookup } from '../../src/domain/pricing.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { OrderRecord } from '../storage/order-database.ts';
import { INVISIBLE_FORMATTING } from '../app/clean-text.ts';
import type { MailMessage } from './mail-message.ts';
import { mailMockups } from './mail-mockups.ts';

/**
 * The notice a tenant's `email_recipients` get for a placed or paid order: who, what, how much.
 * One message, or none when the tenant has no recipients. It names the order by the number the
 * buyer's success page and the orders screen show (orderNumber), and gives the full id too.
 */
export function orderEmail(
  order: OrderRecord,
  tenant: Pick<Tenant, 'emailRecipients' | 'stores' | 'embroideries' | 'flags'>,
  from: string,
  findProduct?: ProductLookup,
): MailMessage[] {
  if (tenant.emailRecipients.length === 0) return [];
  const how = order.paid === PAID.paypal ? 'paid with PayPal' : 'placed with a bypass code, to be invoiced';
  const storeName = (code: string) => tenant.stores.find((s) => s.code === code)?.name ?? code;
  const store = tenant.stores.find((s) => s.name === order.store);
  // A line priced 0 is a request for a quote (docs/decisions.md, Prices on request): the total says it leaves it out.
  const total = totalText(order.total, order.lines.filter((line) => line.unitPrice === 0).length);
  const lines = order.lines.map((line) => {
    const logos = [
      line.embroidery && `${line.embroidery}${line.placement ? ` (${line.placement})` : ''}`,
      line.secondEmbroidery && `${line.secondEmbroidery}${line.secondPlacement ? ` (${line.secondPlacement})` : ''}`,
    ]
      .filter(Boolean)
      .join(' + ');
    // A print-run line says its runs and pieces instead of a size that reads like a count.
    const what = isTierLabel(line.size) ? describeQuantity(line) : `size ${oneLine(line.size)}`;
    return [
      `${line.code}  ${oneLine(line.name)}${line.store ? `  for ${oneLine(storeName(line.store))}` : ''}`,
      `    ${what}, colour ${oneLine(line.color)}${logos ? `, logo ${oneLine(logos)}` : ''}`,
      line.unitPrice === 0
        ? `    ${line.quantity} × ${PRICE_ON_REQUEST}: to be quoted`
        : `    ${line.quantity} × ${formatMoney(line.unitPrice)} = ${formatMoney(line.lineTotal)}`,
    ].join('\n');
  });
  const text = [
    `A new order for ${oneLine(order.companyName)}, ${how}.`,
    '',
    `Order number: ${orderNumber(order.orderId)}`,
    `Order id:     ${order.orderId}`,
    `Placed:       ${order.createdAt}`,
    `Name:         ${oneLine(`${order.firstName} ${order.lastName}`)}`,
    `E-mail:       ${oneLine(order.email)}`,
    `Store:        ${store ? oneLine(`${store.name}${store.address ? `, ${store.address}` : ''}`) : oneLine(order.store) || 'None'}`,
    `Customer PO:  ${oneLine(order.customerPo) || '-'}`,
    ...(order.inHandsDate ? [`In hands by:  ${oneLine(order.inHandsDate)}`] : []),
    ...(order.supplierNote ? [`Buyer's note: ${oneLine(order.supplierNote)}`] : []),
    ...(order.placedWith ? [`Placed with:  ${oneLine(order.placedWith)}`] : []),
    '',
    ...lines,
    '',
    `Total: ${total}`,
    '',
  ].join('\n');
  // Each line with a logo carries its mock-ups, a side each, as attachments named for the line (mail-mockups.ts).
  const mockups = findProduct ? mailMockups(order.lines, tenant, findProduct).flat() : [];
  return [
    {
      ...(mockups.length > 0 ? { mockups } : {}),
      from,
      to: [...tenant.emailRecipients],
      subject: oneLine(
        `Order ${orderNumber(order.orderId)} from ${order.firstName} ${order.lastName} (${order.companyName}), ${total}, ${order.paid === PAID.paypal ? 'paid' : 'to invoice'}`,
      ),
      text,
    },
  ];
}

const EVERY_INVISIBLE = new RegExp(INVISIBLE_FORMATTING.source, 'gu');

/**
 * A field's text on one line of the e-mail. The API refuses control characters, bidi controls
 * and zero-width characters in new orders; this keeps an older stored order (or a field it did
 * not check) from adding lines such as a forged "Total:" to the body or headers to the
 * message, or from reversing how a line reads.
 */
export function oneLine(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(EVERY_INVISIBLE, '')
    .trim();
}
