import type { MockupLogo } from '../../src/domain/line-mockup.ts';
import type { SupplierFacts } from '../../src/domain/tenant.ts';

/** Who a buyer's e-mail says to contact: the supplier, from tenants/_site.yaml. */
export type SupplierContact = Pick<SupplierFacts, 'supplierName' | 'mainPhone' | 'supportEmail'>;

export type Fact = [term: string, value: string];

/** What a buyer's confirmation says, once, for both its HTML and its plain text (buyer-confirmation-email.tsx). */
export interface ConfirmationContent {
  number: string;
  intro: string;
  facts: Fact[];
  /** `mockups`: the line's logos drawn on its pictures, a side each, attached as the e-mail is sent (compose-mockup.ts). */
  lines: { title: string; facts: Fact[]; mockups: MailMockup[] }[];
  total: string;
  /** The buyer's read-only page of the order: its status, tracking and lines (order-links.ts). */
  orderPage?: string;
}

/** An e-mail as the outbox keeps it until it is sent: plain data, so it survives a restart. */
export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The same content as HTML, sent beside `text` (multipart/alternative) when present. */
  html?: string;
  /**
   * A buyer's confirmation, whose `html` is rendered from this as it is sent, in the mail
   * thread (withHtml), not in the order's request: React's rendering was a fifth of a bypass
   * order's event-loop time (docs/performance.md, Where an order's CPU goes).
   */
  confirmation?: { content: ConfirmationContent; supplier: SupplierContact };
  /** Where a reply goes when not to `from`. */
  replyTo?: string;
  /**
   * Set on a confirmation to a buyer: the tenant whose hourly cap it counts against
   * (buyer-confirmations.ts). Buyers' addresses are typed by strangers; staff ones are not.
   */
  buyerConfirmationOf?: string;
  /** With `buyerConfirmationOf`: a digest of the recipient's address, whose own hourly cap it counts against. */
  buyerRecipient?: string;
  /** Mock-up images of its lines, attached when it is sent (compose-mockup.ts); the HTML names them by Content-ID. */
  mockups?: MailMockup[];
}

/**
 * A mock-up an e-mail carries, as the outbox keeps it: which files to compose, not the image,
 * so a queued e-mail stays small and the picture is drawn when it is sent (compose-mockup.ts).
 * Paths are relative to the data folder.
 */
export interface MailMockup {
  /** The Content-ID an HTML part names (`<img src="cid:…">`); unique within its message. */
  cid: string;
  /** The attachment's file name, which says what it shows: 'K500 Navy, Shield at Left Chest.jpg'. */
  filename: string;
  /** What the picture shows, for its alternative text. */
  description: string;
  picture: string;
  logos: { image: string; area: MockupLogo['area'] }[];
}
