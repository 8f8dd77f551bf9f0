import { describe, expect, it } from 'vitest';
import { money } from '../../src/domain/money.ts';
import { migrate } from './migrations.ts';
import { LostClaimError } from './idempotency-keys.ts';
import { OrderDatabase, type NewOrder } from './order-database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

/** The claims that make retries and crashes safe, with a clock the test moves (SQLite in memory). */
async function databaseAt(clock: { now: number }) {
  const db = openSqliteDatabase(':memory:');
  await migrate(db, { tenants: [{ id: 't', companyName: 'T' }] });
  return new OrderDatabase(db, () => clock.now);
}

const order = (orderId: string): NewOrder => ({
  orderId,
  tenantId: 't',
  companyName: 'T',
  email: 'a@b.example',
  firstName: 'A',
  lastName: 'B',
  store: '',
  customerPo: '',
  paid: 2,
  total: money(10_000),
  lines: [],
  createdAt: '2025-01-05T10:00:00.000Z',
  placedWith: '',
  clientIp: '',
  paymentRef: '',
});
const answer = { status: 200, body: { order_id: 'x' } };

describe('OrderDatabase claims', () => {
  it("hands a dead request's idempotency key to its retry after the stale time, and the late first one loses", async () => {
    const clock = { now: 1_000_000 };
    const database = await databaseAt(clock);
    const first = await database.keys.claim('k', 'hash', 60_000);
    expect(first.kind).toBe('claimed');
    expect((await database.keys.claim('k', 'hash', 60_000)).kind).toBe('busy');
    expect((await database.keys.claim('k', 'other', 60_000)).kind).toBe('mismatch');

    clock.now += 60_001;
    const retry = await database.keys.claim('k', 'hash', 60_000);
    expect(retry.kind).toBe('claimed');
    const late = database.insertOrder(order('first'), { completes: { key: 'k', token: (first as { token: string }).token, answer } });
    await expect(late).rejects.toBeInstanceOf(LostClaimError);
    expect(await database.findOrder('first')).toBeUndefined();

    await database.insertOrder(order('retry'), { completes: { key: 'k', token: (retry as { token: string }).token, answer } });
    expect(await database.keys.claim('k', 'hash', 60_000)).toEqual({ kind: 'replay', answer });
  });

  it('lets a capture claim be taken over only once stale, with a new attempt number', async () => {
    const clock = { now: 1_000_000 };
    const database = await databaseAt(clock);
    await database.insertOrder({ ...order('pp'), paid: 0 });
    const first = await database.claimCapture('pp', 60_000);
    expect(first).toMatchObject({ kind: 'claimed', attempt: 1 });
    expect(await database.claimCapture('pp', 60_000)).toEqual({ kind: 'busy' });
    clock.now += 60_001;
    const second = await database.claimCapture('pp', 60_000);
    expect(second).toMatchObject({ kind: 'claimed', attempt: 2 });
    const outcome = { answer, captureStatus: 'COMPLETED', paid: true, mail: [] };
    await expect(database.finishCapture('pp', (first as { token: string }).token, outcome)).rejects.toBeInstanceOf(LostClaimError);
    await database.finishCapture('pp', (second as { token: string }).token, outcome);
    expect(await database.claimCapture('pp', 60_000)).toEqual({ kind: 'done', answer, captureStatus: 'COMPLETED' });
    expect((await database.findOrder('pp'))?.paid).toBe(1);
  });

  it("gives one e-mail's orders distinct created_at even when they arrive in the same millisecond", async () => {
    const database = await databaseAt({ now: 0 });
    const stored = await Promise.all(['a', 'b', 'c'].map((id) => database.insertOrder(order(id))));
    expect(stored.map((o) => o.createdAt)).toEqual(['2025-01-05T10:00:00.000Z', '2025-01-05T10:00:00.001Z', '2025-01-05T10:00:00.002Z']);
  });

  it("leases an e-mail to one worker at a time, and again after a failure's delay", async () => {
    const clock = { now: 1_000_000 };
    const database = await databaseAt(clock);
    await database.insertOrder(order('m'), { mail: () => [{ from: 'f@x', to: ['t@x'], subject: 's', text: 't' }] });
    const [item] = await database.outbox.lease(10, 120_000);
    expect(item).toMatchObject({ orderId: 'm', attempts: 1 });
    expect(await database.outbox.lease(10, 120_000)).toEqual([]);
    await database.outbox.markFailed(item!.id, 'boom', clock.now + 5_000);
    expect(await database.outbox.lease(10, 120_000)).toEqual([]);
    clock.now += 5_001;
    expect(await database.outbox.lease(10, 120_000)).toMatchObject([{ attempts: 2 }]);
  });
});
