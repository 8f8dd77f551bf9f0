import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyFromDollars } from '../../src/domain/money.ts';
import { startFakePayPal, type FakePayPal } from '../tests/helpers/fake-paypal.ts';
import { PayPalClient, PayPalError } from './paypal-client.ts';

describe('PayPalClient against a fake PayPal on loopback', () => {
  let fake: FakePayPal;
  beforeAll(async () => {
    fake = await startFakePayPal();
  });
  afterAll(() => fake.close());

  const client = (secret = fake.clientSecret, timeoutMs = 5_000) =>
    new PayPalClient({ clientId: fake.clientId, clientSecret: secret, baseUrl: fake.url, timeoutMs });
  const input = (requestId: string) => ({
    requestId,
    referenceId: 'tenant',
    customId: 'tenant/ref',
    description: 'order',
    total: moneyFromDollars(10),
    items: [{ name: 'x', sku: 'X', unitAmount: moneyFromDollars(5), quantity: 2 }],
  });

  it('gets a token once and sends PayPal-Request-Id, so a retried create returns the same order', async () => {
    const paypal = client();
    const first = await paypal.createOrder(input('req-1'));
    const again = await paypal.createOrder(input('req-1'));
    expect(again.id).toBe(first.id);
    expect(fake.calls.filter((c) => c.path === '/v1/oauth2/token')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.path === '/v2/checkout/orders').map((c) => c.requestId)).toEqual(['req-1', 'req-1']);
    const captured = await paypal.captureOrder(first.id, 'cap-1');
    // What capture-order verifies: the references it gave PayPal and the amount PayPal took.
    expect(captured).toMatchObject({
      referenceId: 'tenant',
      customId: 'tenant/ref',
      capture: { status: 'COMPLETED', amount: { currency: 'USD', value: '10.00' } },
    });
    expect((await paypal.getOrder(first.id)).capture?.id).toBe(captured.capture?.id);
  });

  it('reports PayPal errors with their issue code, and bad credentials', async () => {
    const paypal = client();
    const order = await paypal.createOrder(input('req-2'));
    fake.outcomes.set(order.id, 'INSTRUMENT_DECLINED');
    const declined = await paypal.captureOrder(order.id, 'cap-2').catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(PayPalError);
    expect(declined).toMatchObject({ status: 422, issue: 'INSTRUMENT_DECLINED' });
    await expect(client('wrong').createOrder(input('req-3'))).rejects.toMatchObject({ status: 401 });
  });

  it('gives up on a PayPal that does not answer in time', async () => {
    fake.delayMs = 500;
    try {
      await expect(client(fake.clientSecret, 100).createOrder(input('req-4'))).rejects.toMatchObject({
        status: 0,
        message: expect.stringMatching(/no answer within 100 ms/),
      });
    } finally {
      fake.delayMs = 0;
    }
  });
});
