import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { literalHeaderText } from './header-text.ts';
import { removeOldEmlFiles } from './eml-retention.ts';
import type { MailAttachment } from './compose-mockup.ts';
import type { MailMessage } from './mail-message.ts';

/** Delivers one message or throws; the outbox worker retries what throws. */
export interface MailTransport {
  readonly description: string;
  /** `attachments`: the message's mock-ups, composed (compose-mockup.ts). */
  send(message: MailMessage, id: string, attachments?: readonly MailAttachment[]): Promise<void>;
  /** Deletes the copies this transport keeps of messages sent before `before` (epoch ms), if it keeps any; returns how many. */
  removeSentBefore?(before: number): Promise<number>;
  close(): void;
}

/** Over SMTP, as `SMTP_URL` says (smtp://user:pass@host:587, smtps://… for TLS). */
export function smtpTransport(url: string, timeoutMs = 15_000): MailTransport {
  // Pooled: a burst of orders reuses a few connections instead of a handshake per e-mail.
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    description: smtpDescription(url),
    async send(message, _id, attachments = []) {
      await withTimeout(transport.sendMail(nodemailerMessage(message, attachments)), timeoutMs);
    },
    close: () => transport.close(),
  };
}

/** How the logs name an SMTP server: its address without the credentials. */
export function smtpDescription(url: string): string {
  const parsed = new URL(url);
  return `SMTP ${parsed.protocol}//${parsed.host}`;
}

/** How the logs name an `.eml` folder transport. */
export function emlDescription(folder: string): string {
  return `.eml files in ${folder}`;
}

/**
 * With no SMTP server configured each message becomes a complete RFC 822 `.eml` file in
 * `folder` (any mail program opens one). Written beside its final name and renamed, so a
 * reader never sees half a file; written asynchronously, so the event loop that answers
 * requests never waits for the disk.
 */
export function emlFolderTransport(folder: string): MailTransport {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: emlDescription(folder),
    async send(message, id, attachments = []) {
      const info = await transport.sendMail(nodemailerMessage(message, attachments));
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.replace(/[^A-Za-z0-9-]/g, '_')}.eml`);
      // The folder is made when a write finds it missing, not before every e-mail.
      await writeFile(`${file}.tmp`, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(folder, { recursive: true });
        await writeFile(`${file}.tmp`, info.message as Buffer);
      });
      await rename(`${file}.tmp`, file);
    },
    removeSentBefore: (before) => removeOldEmlFiles(folder, before),
    close: () => transport.close(),
  };
}

/**
 * What nodemailer is given: the subject, which carries buyers' names, shown as typed
 * (header-text.ts); each recipient as an address object, which nodemailer does not parse, so
 * an address can never turn into several.
 */
function nodemailerMessage(message: MailMessage, attachments: readonly MailAttachment[]) {
  const { buyerConfirmationOf: _counted, mockups: _composed, ...mail } = message;
  return {
    ...mail,
    subject: literalHeaderText(message.subject),
    to: message.to.map((address) => ({ name: '', address })),
    // An image the HTML names by its Content-ID is shown in place; in a text-only e-mail it is a plain attachment.
    ...(attachments.length > 0 ? { attachments: attachments.map((attachment) => (message.html ? attachment : { ...attachment, cid: undefined })) } : {}),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
