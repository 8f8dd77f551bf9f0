import { formatMoney } from '../../src/domain/money.ts';
import type { OrderRecord } from '../storage/order-store.ts';
import type { MailMessage } from './mail-message.ts';

/**
 * The notice a tenant's `email_recipients` get for a placed or paid order: who, what, how much.
 * One message, or none when the tenant has no recipients.
 */
export function orderEmail(order: OrderRecord, recipients: readonly string[], from: string): MailMessage[] {
  if (recipients.length === 0) return [];
  const how = order.paid === 1 ? 'paid with PayPal' : 'placed with a bypass code, to be invoiced';
  const lines = order.lines.map((line) => {
    const logos = [line.embroidery && `${line.embroidery}${line.placement ? ` (${line.placement})` : ''}`, line.secondEmbroidery && `${line.secondEmbroidery}${line.secondPlacement ? ` (${line.secondPlacement})` : ''}`]
      .filter(Boolean)
      .join(' + ');
    return [
      `${line.code}  ${line.name}`,
      `    size ${line.size}, colour ${line.color}${logos ? `, logo ${logos}` : ''}`,
      `    ${line.quantity} × ${formatMoney(line.unitPrice)} = ${formatMoney(line.lineTotal)}`,
    ].join('\n');
  });
  const text = [
    `A new order for ${order.companyName}, ${how}.`,
    '',
    `Order:        ${order.orderId}`,
    `Placed:       ${order.createdAt}`,
    `Name:         ${order.firstName} ${order.lastName}`,
    `E-mail:       ${order.email}`,
    `Store:        ${order.store || 'None'}`,
    `Customer PO:  ${order.customerPo || '-'}`,
    '',
    ...lines,
    '',
    `Total: ${formatMoney(order.total)}`,
    '',
  ].join('\n');
  return [
    {
      from,
      to: [...recipients],
      subject: `Order ${order.orderId} from ${order.firstName} ${order.lastName} (${order.companyName}), ${formatMoney(order.total)}, ${order.paid === 1 ? 'paid' : 'to invoice'}`,
      text,
    },
  ];
}
