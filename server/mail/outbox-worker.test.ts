import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import { migrate } from '../storage/migrations.ts';
import { OrderDatabase } from '../storage/order-database.ts';
import { openSqliteDatabase } from '../storage/sqlite-database.ts';
import { startSmtpSink, type SmtpSink } from '../tests/helpers/smtp-sink.ts';
import type { MailMessage } from './mail-message.ts';
import { smtpTransport, type MailTransport } from './mail-transport.ts';
import { OutboxWorker } from './outbox-worker.ts';

let sink: SmtpSink | undefined;
let worker: OutboxWorker | undefined;
let transport: MailTransport | undefined;
afterEach(async () => {
  await worker?.stop();
  // Its pooled connections first, or the server waits for them to time out.
  transport?.close();
  await sink?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker sending to a real SMTP server on loopback, and a way to place an "order": one e-mail queued, then a nudge. */
async function outboxWorld(maxDeferMs: number) {
  sink = await startSmtpSink();
  const db = openSqliteDatabase(':memory:');
  await migrate(db, { tenants: [] });
  const database = new OrderDatabase(db);
  transport = smtpTransport(sink.url);
  worker = new OutboxWorker(database, transport, silentLogger, {
    pollMs: 60_000,
    retryBaseMs: 1_000,
    maxRetryMs: 5_000,
    leaseMs: 60_000,
    nudgeDelayMs: 100,
    maxDeferMs,
  });
  worker.start();
  let orders = 0;
  const order = async () => {
    const message: MailMessage = { from: 'shop@example.com', to: [`buyer${++orders}@example.com`], subject: `Order ${orders}`, text: 'Thank you' };
    await db.transaction((tx) => database.outbox.enqueue(tx, `order-${orders}`, message));
    worker!.nudge();
  };
  return { order, sink };
}

describe('the outbox worker during a burst of orders', () => {
  it('sends nothing while orders keep coming, then everything once they pause', async () => {
    const { order, sink } = await outboxWorld(10_000);
    for (let i = 0; i < 40; i++) {
      await order();
      await sleep(20);
    }
    expect(sink.received).toHaveLength(0);
    await sink.waitFor(40, 5_000);
  });

  it('sends what waited longest while orders keep coming past the longest wait', async () => {
    const { order, sink } = await outboxWorld(600);
    const started = Date.now();
    while (sink.received.length === 0 && Date.now() - started < 5_000) {
      await order();
      await sleep(20);
    }
    // The first e-mails went out during the burst, about 600 ms in, not after it.
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(sink.received.length).toBeGreaterThan(0);
  });
});
