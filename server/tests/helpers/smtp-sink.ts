import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for asserting on text. */
  text: string;
}

/**
 * How long a test waits for an e-mail: the API composes and sends them from its mail thread,
 * at the lowest CPU priority, which a busy machine may start slowly.
 */
export const MAIL_WAIT_MS = 30_000;

/** A real SMTP server on loopback that keeps what it receives; it can refuse the next few messages. */
export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Refuse this many more messages with a temporary 451 error. */
  rejectNext: number;
  rejected: number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The e-mails sent to `address`, once there is one. */
  waitForMailTo(address: string): Promise<ReceivedMail[]>;
  /** The e-mails that mention `text` (an order id), once there are at least `count` of them. */
  waitForMention(text: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    received: [],
    rejectNext: 0,
    rejected: 0,
    async waitForMailTo(address) {
      const deadline = Date.now() + MAIL_WAIT_MS;
      const to = () => sink.received.filter((m) => m.to.includes(address));
      while (to().length === 0) {
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within ${MAIL_WAIT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return to();
    },
    async waitFor(count, timeoutMs = MAIL_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (sink.received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${sink.received.length} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return sink.received;
    },
    async waitForMention(text, count = 1, timeoutMs = MAIL_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      const mentioning = () => sink.received.filter((m) => m.text.includes(text));
      while (mentioning().length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails about ${text}, got ${mentioning().length} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mentioning();
    },
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        if (sink.rejectNext > 0) {
          sink.rejectNext--;
          sink.rejected++;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          return callback(error);
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        sink.received.push({ from, to, raw, text: Buffer.from(text, 'latin1').toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}
