import { withHtml } from './buyer-confirmation-email.tsx';
import { mockupAttachments } from './compose-mockup.ts';
import type { Logger, LogLevel } from '../logger.ts';
import type { MailMessage } from './mail-message.ts';
import { emlFolderTransport, smtpTransport } from './mail-transport.ts';

/** What the mail thread is started with: plain data, as a thread's start data must be. */
export interface MailThreadSettings {
  /** SMTP_URL; without it each message becomes an `.eml` file in `folder`. */
  smtpUrl?: string;
  folder: string;
  /** The data folder the mock-ups' pictures and logos are read from. */
  dataRoot: string;
}

export interface SendRequest {
  seq: number;
  message: MailMessage;
  id: string;
}

export type SendReply = { seq: number; sent: true } | { seq: number; error: string };

/** A log entry of the thread, written by the API's logger so it keeps the API's fields and level. */
export interface ThreadLogEntry {
  level: LogLevel;
  msg: string;
  fields?: Record<string, unknown>;
}

/**
 * The mail thread's work: compose a message's mock-ups (sharp) and its MIME (nodemailer:
 * quoted-printable, base64 of the pictures) and hand it to the mail server or the `.eml`
 * folder. Off the API's event loop, where it was a third of an order's main-thread CPU
 * (docs/performance.md, Where an order's CPU goes).
 */
export function mailThreadSender(settings: MailThreadSettings, post: (entry: ThreadLogEntry) => void): (request: SendRequest) => Promise<SendReply> {
  const transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl) : emlFolderTransport(settings.folder);
  const log = postingLogger(post);
  return async ({ seq, message, id }) => {
    try {
      const attachments = message.mockups?.length ? await mockupAttachments(settings.dataRoot, message.mockups, log) : undefined;
      await transport.send(withHtml(message), id, attachments);
      return { seq, sent: true };
    } catch (error) {
      return { seq, error: error instanceof Error ? error.message : String(error) };
    }
  };
}

function postingLogger(post: (entry: ThreadLogEntry) => void): Logger {
  const at = (level: LogLevel) => (msg: string, fields?: Record<string, unknown>) => post({ level, msg, fields });
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => log };
  return log;
}
