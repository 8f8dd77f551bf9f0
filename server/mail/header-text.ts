import { encodeWord } from 'nodemailer/lib/mime-funcs';

/**
 * A header's text as a mail program is to show it, character for character. Nodemailer
 * encodes non-ASCII text itself, but passes a valid RFC 2047 encoded word through as it is
 * (so callers can send text they encoded already), and every mail program decodes one: a
 * buyer named `=?utf-8?q?Total=3A_$0.01?=` would read as "Total: $0.01" in the subject. Text
 * that holds `=?` is therefore encoded whole here (UTF-8, base64 words); decoding that gives
 * back the text as typed, `=?…?=` included. Other text is left to nodemailer, so an ordinary
 * subject stays readable in the raw message.
 */
export function literalHeaderText(text: string): string {
  return text.includes('=?') ? encodeWord(text, 'B', 52) : text;
}

/**
 * `address` when it is one plain mailbox (ASCII `local@domain.tld`, as the HTML e-mail input
 * accepts), else undefined. A buyer's address is typed by whoever checks out: a comma, an
 * angle bracket, a quote, a line break or an encoded word could make one address into
 * several, a display name or another header, so anything but a plain mailbox gets no mail.
 */
export function plainMailbox(address: string): string | undefined {
  return PLAIN_MAILBOX.test(address) && !address.includes('=?') && address.length <= 254 ? address : undefined;
}

const PLAIN_MAILBOX = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
