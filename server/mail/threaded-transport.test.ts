import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import type { MailMessage } from './mail-message.ts';
import type { MailTransport } from './mail-transport.ts';
import { threadedTransport } from './threaded-transport.ts';

const message: MailMessage = { from: 'Orders <orders@example.com>', to: ['staff@example.com'], subject: 'New order 1001', text: 'Two polos.' };
const open: MailTransport[] = [];

function transportInto(folder: string): MailTransport {
  const transport = threadedTransport({ folder, dataRoot: process.cwd() }, silentLogger);
  open.push(transport);
  return transport;
}

afterEach(() => {
  for (const transport of open.splice(0)) transport.close();
});

describe('the mail thread', () => {
  it('writes each e-mail as a whole .eml file, composed in its own thread', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mail-thread-'));
    await transportInto(folder).send(message, 'order-1');
    const [file, ...others] = readdirSync(folder);
    expect(others).toEqual([]);
    expect(file).toMatch(/order-1\.eml$/);
    expect(readFileSync(path.join(folder, file!), 'utf8')).toContain('Subject: New order 1001');
  });

  it('answers a send that failed in the thread as a failure, which the outbox retries, and sends again once it can', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'mail-thread-'));
    const folder = path.join(parent, 'mail');
    writeFileSync(folder, 'a file where the folder should be');
    const transport = transportInto(folder);
    await expect(transport.send(message, 'order-2')).rejects.toThrow(/EEXIST|ENOTDIR/);
    const other = transportInto(path.join(parent, 'elsewhere'));
    await other.send(message, 'order-2');
    expect(readdirSync(path.join(parent, 'elsewhere'))).toHaveLength(1);
  });

  it('refuses to send once closed, in words', async () => {
    const transport = transportInto(mkdtempSync(path.join(tmpdir(), 'mail-thread-')));
    transport.close();
    await expect(transport.send(message, 'order-3')).rejects.toThrow('the mail transport is closed');
  });
});
