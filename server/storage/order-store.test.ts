import { describe, expect, it } from 'vitest';
import { money } from '../../src/domain/money.ts';
import { migrate } from './migrations.ts';
import { LostClaimError } from './idempotency-keys.ts';
import { OrderStore, type NewOrder } from './order-store.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

/** The claims that make retries and crashes safe, with a clock the test moves (SQLite in memory). */
async function storeAt(clock: { now: number }) {
  const db = openSqliteDatabase(':memory:');
  await migrate(db, { tenants: [{ id: 't', companyName: 'T' }] });
  return new OrderStore(db, () => clock.now);
}

const order = (orderId: string): NewOrder => ({
  orderId, tenantId: 't', companyName: 'T', email: 'a@b.example', firstName: 'A', lastName: 'B', store: '', customerPo: '',
  paid: 2, total: money(10_000), lines: [], createdAt: '2025-01-05T10:00:00.000Z', placedWith: '', clientIp: '', paymentRef: '',
});
const answer = { status: 200, body: { order_id: 'x' } };

describe('OrderStore claims', () => {
  it('hands a dead request\'s idempotency key to its retry after the stale time, and the late first one loses', async () => {
    const clock = { now: 1_000_000 };
    const store = await storeAt(clock);
    const first = await store.keys.claim('k', 'hash', 60_000);
    expect(first.kind).toBe('claimed');
    expect((await store.keys.claim('k', 'hash', 60_000)).kind).toBe('busy');
    expect((await store.keys.claim('k', 'other', 60_000)).kind).toBe('mismatch');

    clock.now += 60_001;
    const retry = await store.keys.claim('k', 'hash', 60_000);
    expect(retry.kind).toBe('claimed');
    const late = store.insertOrder(order('first'), { completes: { key: 'k', token: (first as { token: string }).token, answer } });
    await expect(late).rejects.toBeInstanceOf(LostClaimError);
    expect(await store.findOrder('first')).toBeUndefined();

    await store.insertOrder(order('retry'), { completes: { key: 'k', token: (retry as { token: string }).token, answer } });
    expect(await store.keys.claim('k', 'hash', 60_000)).toEqual({ kind: 'replay', answer });
  });

  it('lets a capture claim be taken over only once stale, with a new attempt number', async () => {
    const clock = { now: 1_000_000 };
    const store = await storeAt(clock);
    await store.insertOrder({ ...order('pp'), paid: 0 });
    const first = await store.claimCapture('pp', 60_000);
    expect(first).toMatchObject({ kind: 'claimed', attempt: 1 });
    expect(await store.claimCapture('pp', 60_000)).toEqual({ kind: 'busy' });
    clock.now += 60_001;
    const second = await store.claimCapture('pp', 60_000);
    expect(second).toMatchObject({ kind: 'claimed', attempt: 2 });
    const outcome = { answer, captureStatus: 'COMPLETED', paid: true, mail: [] };
    await expect(store.finishCapture('pp', (first as { token: string }).token, outcome)).rejects.toBeInstanceOf(LostClaimError);
    await store.finishCapture('pp', (second as { token: string }).token, outcome);
    expect(await store.claimCapture('pp', 60_000)).toEqual({ kind: 'done', answer, captureStatus: 'COMPLETED' });
    expect((await store.findOrder('pp'))?.paid).toBe(1);
  });

  it('gives one e-mail\'s orders distinct created_at even when they arrive in the same millisecond', async () => {
    const store = await storeAt({ now: 0 });
    const stored = await Promise.all(['a', 'b', 'c'].map((id) => store.insertOrder(order(id))));
    expect(stored.map((o) => o.createdAt)).toEqual(['2025-01-05T10:00:00.000Z', '2025-01-05T10:00:00.001Z', '2025-01-05T10:00:00.002Z']);
  });

  it('leases an e-mail to one worker at a time, and again after a failure\'s delay', async () => {
    const clock = { now: 1_000_000 };
    const store = await storeAt(clock);
    await store.insertOrder(order('m'), { mail: () => [{ from: 'f@x', to: ['t@x'], subject: 's', text: 't' }] });
    const [item] = await store.outbox.lease(10, 120_000);
    expect(item).toMatchObject({ orderId: 'm', attempts: 1 });
    expect(await store.outbox.lease(10, 120_000)).toEqual([]);
    await store.outbox.markFailed(item!.id, 'boom', clock.now + 5_000);
    expect(await store.outbox.lease(10, 120_000)).toEqual([]);
    clock.now += 5_001;
    expect(await store.outbox.lease(10, 120_000)).toMatchObject([{ attempts: 2 }]);
  });
});
