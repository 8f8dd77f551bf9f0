import { Heading } from '@react-email/heading';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { PAID } from '../../src/domain/payment.ts';
import { describeQuantity } from '../../src/domain/describe-quantity.ts';
import { orderNumber } from '../../src/domain/order-number.ts';
import { PRICE_ON_REQUEST, priceText, totalText } from '../../src/domain/price-on-request.ts';
import type { ProductLookup } from '../../src/domain/pricing.ts';
import { isTierLabel } from '../../src/domain/size-labels.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { NewOrder } from '../storage/order-database.ts';
import { BuyerMailLayout, styles } from './buyer-mail-layout.tsx';
import type { ConfirmationContent as Confirmation, Fact, MailMessage, MailMockup, SupplierContact } from './mail-message.ts';
import { INERT_LENGTH, inertText } from './inert-text.ts';
import { mailMockups } from './mail-mockups.ts';
import { renderEmail } from './render-email.ts';
import { oneLine } from './order-email.ts';

/**
 * The confirmation a buyer gets of a placed (bypass code) or paid (PayPal) order, to the
 * address typed at checkout: what the success page showed, every line with its logos,
 * placements, runs and prices, the total, and how to reach the supplier. HTML and plain text
 * with the same content; a reply goes to the supplier. `to` is a plain mailbox (header-text.ts).
 * The HTML is rendered as it is sent (withHtml).
 */
export async function buyerConfirmationEmail(
  order: NewOrder,
  tenant: Pick<Tenant, 'companyName' | 'stores' | 'embroideries' | 'flags'>,
  supplier: SupplierContact,
  from: string,
  to: string,
  findProduct?: ProductLookup,
  orderPage?: string,
): Promise<MailMessage> {
  const content = { ...confirmationOf(order, tenant, findProduct ? mailMockups(order.lines, tenant, findProduct) : []), ...(orderPage ? { orderPage } : {}) };
  const mockups = content.lines.flatMap((line) => line.mockups);
  const text = plainText(content, supplier);
  return {
    ...(mockups.length > 0 ? { mockups } : {}),
    from,
    to: [to],
    replyTo: supplier.supportEmail,
    subject: oneLine(`Your order ${content.number} with ${supplier.supplierName} (${order.companyName})`),
    text,
    confirmation: { content, supplier },
  };
}

/**
 * The message with its HTML: a confirmation's rendered from its content (the mail thread calls
 * this as it sends), any other as it is.
 */
export function withHtml(message: MailMessage): MailMessage {
  const { confirmation, ...rest } = message;
  if (!confirmation || message.html !== undefined) return rest;
  return { ...rest, html: renderEmail(<ConfirmationBody content={confirmation.content} supplier={confirmation.supplier} />) };
}

function confirmationOf(order: NewOrder, tenant: Pick<Tenant, 'companyName' | 'stores'>, mockups: readonly MailMockup[][]): Confirmation {
  const storeName = (code: string) => tenant.stores.find((s) => s.code === code)?.name ?? code;
  const store = tenant.stores.find((s) => s.name === order.store);
  const onRequest = order.lines.filter((line) => line.unitPrice === 0).length;
  const facts: Fact[] = [
    ['Order number', orderNumber(order.orderId)],
    ['Date', orderDate(order.createdAt)],
    ['Dealership', oneLine(order.companyName)],
    ['Store', store ? oneLine(`${store.name}${store.address ? `, ${store.address}` : ''}`) : oneLine(order.store) || 'None'],
    // What the buyer typed goes to an address the buyer typed: inert (inert-text.ts), never a link.
    ['Customer PO', inertText(order.customerPo, INERT_LENGTH.po) || '-'],
    ...(order.inHandsDate ? [['In-hands date', oneLine(order.inHandsDate)] as Fact] : []),
    // Plain text in a React text node: escaped, so a note is read, never run as markup.
    ...(order.supplierNote ? [['Note to the supplier', inertText(order.supplierNote, INERT_LENGTH.note)] as Fact] : []),
    ['Ordered by', inertText(`${order.firstName} ${order.lastName}`, INERT_LENGTH.name)],
    ['Payment', order.paid === PAID.paypal ? 'Paid with PayPal' : 'To be invoiced'],
  ];
  const lines = order.lines.map((line, index) => {
    // As the success page shows a line: a print-run line says its runs in its quantity, not a size.
    const lineFacts: Fact[] = [
      ['Product code', oneLine(line.code)],
      ['Price each', priceText(line.unitPrice)],
      ['Color', oneLine(line.color)],
      ...(line.embroidery ? [['Embroidery', oneLine(line.embroidery)] as Fact] : []),
      ...(line.secondEmbroidery ? [['Second embroidery', oneLine(line.secondEmbroidery)] as Fact] : []),
      ...(line.placement ? [['Placement', oneLine(line.placement)] as Fact] : []),
      ...(line.secondEmbroidery && line.secondPlacement ? [['Second placement', oneLine(line.secondPlacement)] as Fact] : []),
      ...(isTierLabel(line.size) ? [] : [['Size', oneLine(line.size)] as Fact]),
      ['Quantity', describeQuantity(line)],
      ...(line.store ? [['For store', oneLine(storeName(line.store))] as Fact] : []),
      ['Line total', line.unitPrice === 0 ? PRICE_ON_REQUEST : priceText(line.lineTotal)],
    ];
    return { title: oneLine(line.name) || oneLine(line.code), facts: lineFacts, mockups: mockups[index] ?? [] };
  });
  return {
    number: orderNumber(order.orderId),
    intro: `Thank you. ${oneLine(order.companyName)}'s order of ${lines.length} ${lines.length === 1 ? 'line' : 'lines'} has been ${order.paid === PAID.paypal ? 'paid and placed' : 'placed'}. Quote its order number when you call about it.`,
    facts,
    lines,
    total: totalText(order.total, onRequest),
  };
}

/** The instant the order was stored, in UTC, so every reader sees the same date. */
function orderDate(createdAt: string): string {
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime())) return oneLine(createdAt);
  // Formatting takes tens of microseconds, and the orders of one minute all show the same text.
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastOrderDate.minute) lastOrderDate = { minute, text: `${ORDER_DATE.format(at)} UTC` };
  return lastOrderDate.text;
}

/** Made once: building a DateTimeFormat costs more than formatting with it. */
const ORDER_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
let lastOrderDate = { minute: Number.NaN, text: '' };

function ConfirmationBody({ content, supplier }: { content: Confirmation; supplier: SupplierContact }) {
  return (
    <BuyerMailLayout preview={`Order ${content.number}: ${content.total}`} supplier={supplier}>
      <Heading as="h1" style={styles.heading}>
        {`Order ${content.number} placed`}
      </Heading>
      <Text style={styles.text}>{content.intro}</Text>
      <FactList facts={content.facts} />
      {content.orderPage && (
        <Text style={styles.text}>
          <Link href={content.orderPage} style={{ color: '#0b57d0' }}>
            {ORDER_PAGE_WORDS}
          </Link>
          {` (${ORDER_PAGE_NOTE})`}
        </Text>
      )}
      {content.lines.map((line, index) => (
        <Section key={index} style={{ borderTop: '1px solid #e4e4e7', padding: '12px 0 4px' }}>
          <Text style={styles.lineName}>{line.title}</Text>
          {line.mockups.map((mockup) => (
            <Img
              key={mockup.cid}
              src={`cid:${mockup.cid}`}
              alt={oneLine(mockup.description)}
              width="160"
              style={{ display: 'inline-block', height: 'auto', margin: '4px 8px 8px 0', borderRadius: '4px' }}
            />
          ))}
          <FactList facts={line.facts} />
        </Section>
      ))}
      <Text style={styles.total}>{`Total: ${content.total}`}</Text>
    </BuyerMailLayout>
  );
}

/** "Term: value" lines: read the same in every client, narrow or wide. */
function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Section style={{ margin: '0 0 8px' }}>
      {facts.map(([term, value]) => (
        <Text key={term} style={styles.fact}>
          <span style={{ color: '#52525b' }}>{`${term}:`}</span>
          {` ${value}`}
        </Text>
      ))}
    </Section>
  );
}

export const ORDER_PAGE_WORDS = "See this order's status and tracking";
/** Said beside the link: it opens the order without a password, so the buyer knows not to pass it on. */
export const ORDER_PAGE_NOTE = 'no password needed; anyone with this link can see the order';

function plainText(content: Confirmation, supplier: SupplierContact): string {
  const facts = (list: Fact[], indent = '') => list.map(([term, value]) => `${indent}${term}: ${value}`);
  return [
    `Order ${content.number} placed`,
    '',
    content.intro,
    '',
    ...facts(content.facts),
    '',
    ...(content.orderPage ? [`${ORDER_PAGE_WORDS} (${ORDER_PAGE_NOTE}):`, content.orderPage, ''] : []),
    ...content.lines.flatMap((line) => [line.title, ...facts(line.facts, '    '), '']),
    `Total: ${content.total}`,
    '',
    '--',
    `Questions about this order? Contact ${supplier.supplierName}: call ${supplier.mainPhone} or e-mail ${supplier.supportEmail} (a reply to this e-mail reaches them too).`,
    '',
  ].join('\n');
}
