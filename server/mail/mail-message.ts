import type { MockupLogo } from '../../src/domain/line-mockup.ts';

/** An e-mail as the outbox keeps it until it is sent: plain data, so it survives a restart. */
export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The same content as HTML, sent beside `text` (multipart/alternative) when present. */
  html?: string;
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
