import { execFileSync } from 'node:child_process';

export interface ParsedMail {
  subject: string;
  from: string;
  to: string;
}

/**
 * A received message's headers as a real MIME parser reads them: Python's standard `email`
 * package with its default policy, which decodes RFC 2047 encoded words (leniently, as mail
 * programs do). python3 is part of the machine, for node-gyp; no MIME parser ships in
 * node_modules (nodemailer only encodes).
 */
export function parseMail(raw: string): ParsedMail {
  const script = [
    'import sys, json, email',
    'from email import policy',
    'm = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)',
    'print(json.dumps({"subject": str(m["subject"]), "from": str(m["from"]), "to": str(m["to"])}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script], { input: raw, encoding: 'utf8' })) as ParsedMail;
}

export interface MailParts {
  replyTo: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded. */
  html: string;
}

/** A received message's plain-text and HTML parts and its Reply-To, decoded by the same parser as parseMail. */
export function mailParts(raw: string): MailParts {
  const script = [
    'import sys, json, email',
    'from email import policy',
    'm = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)',
    'text = m.get_body(("plain",))',
    'html = m.get_body(("html",))',
    'print(json.dumps({"replyTo": str(m["reply-to"] or ""), "text": text.get_content() if text else "", "html": html.get_content() if html else ""}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script], { input: raw, encoding: 'utf8' })) as MailParts;
}
