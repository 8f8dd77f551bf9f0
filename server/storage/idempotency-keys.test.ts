import { describe, expect, it } from 'vitest';
import { migrate } from './migrations.ts';
import { IdempotencyKeys } from './idempotency-keys.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

async function keysAt(clock: { now: number }): Promise<IdempotencyKeys> {
  const db = openSqliteDatabase(':memory:');
  await migrate(db, { tenants: [] });
  return new IdempotencyKeys(db, () => clock.now);
}

const LEASE = 5_000;

describe('idempotency key leases', () => {
  it('keeps a claim whose holder renews it, however long the work takes', async () => {
    const clock = { now: 1_000_000 };
    const keys = await keysAt(clock);
    const holder = await keys.claim('k', 'hash', LEASE);
    expect(holder.kind).toBe('claimed');
    const token = (holder as { token: string }).token;
    // Thirty seconds of work, renewed every second: no retry gets the key.
    for (let second = 0; second < 30; second++) {
      clock.now += 1_000;
      expect(await keys.renew('k', token)).toBe(true);
      expect((await keys.claim('k', 'hash', LEASE)).kind).toBe('busy');
    }
  });

  it("hands a claim that went unrenewed for the lease to a retry, and then refuses the old holder's renewal", async () => {
    const clock = { now: 1_000_000 };
    const keys = await keysAt(clock);
    const dead = (await keys.claim('k', 'hash', LEASE)) as { token: string };
    clock.now += LEASE;
    expect((await keys.claim('k', 'hash', LEASE)).kind).toBe('busy');
    clock.now += 1;
    const retry = await keys.claim('k', 'hash', LEASE);
    expect(retry.kind).toBe('claimed');
    expect(await keys.renew('k', dead.token)).toBe(false);
    expect(await keys.renew('k', (retry as { token: string }).token)).toBe(true);
  });
});
