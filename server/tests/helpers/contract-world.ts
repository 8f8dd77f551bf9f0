import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { startFakePayPal, type FakePayPal } from './fake-paypal.ts';
import { writeOrderFixture } from './order-fixture.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { startTestApi, type TestApi } from './test-api.ts';

/** What a contract suite runs against: the order fixture, a fake PayPal, an SMTP sink and one API on `newDatabase`. */
export interface ContractWorld {
  fixture: string;
  paypal: FakePayPal;
  smtp: SmtpSink;
  api: TestApi;
}

/**
 * Starts a contract suite's world before its tests and stops it after them (vitest hooks of
 * the calling describe block). The fields are there once the suite's tests run.
 */
export function contractWorld(newDatabase: () => Promise<string | undefined>, env: Record<string, string> = {}): ContractWorld {
  const world = {} as ContractWorld;
  beforeAll(async () => {
    world.fixture = writeOrderFixture();
    world.paypal = await startFakePayPal();
    world.smtp = await startSmtpSink();
    world.api = await startTestApi({ dataRoot: world.fixture, databaseUrl: await newDatabase(), paypal: world.paypal, smtp: world.smtp, env });
  });
  afterAll(async () => {
    await world.api?.close();
    await world.paypal?.close();
    await world.smtp?.close();
    if (world.fixture) rmSync(world.fixture, { recursive: true, force: true });
  });
  return world;
}
