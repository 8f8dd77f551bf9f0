/** An e-mail as the outbox keeps it until it is sent: plain data, so it survives a restart. */
export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
}
