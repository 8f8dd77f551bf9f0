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
