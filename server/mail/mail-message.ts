/** An e-mail as the outbox keeps it until it is sent: plain data, so it survives a restart. */
export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** An HTML part beside the text, for the messages buyers read (nodemailer sends both). */
  html?: string;
}
