import type { MailMockup } from './mail-mockups.ts';

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
  /** Mock-up images of its lines, attached when it is sent (compose-mockup.ts); the HTML names them by Content-ID. */
  mockups?: MailMockup[];
}
