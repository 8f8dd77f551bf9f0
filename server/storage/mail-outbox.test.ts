import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mail-message.ts';
import { MailOutbox } from './mail-outbox.ts';
import { migrate } from './migrations.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

const HOUR = 3_600_000;

async function outboxAt(clock: { now: number }) {
  const db = openSqliteDatabase(':memory:');
  await migrate(db, { tenants: [] });
  const outbox = new MailOutbox(db, () => clock.now);
  const confirm = (tenant: string, recipient: string) => {
    const message: MailMessage = {
      from: 'a@example.com',
      to: ['b@example.com'],
      subject: 'Order',
      text: '',
      buyerConfirmationOf: tenant,
      buyerRecipient: recipient,
    };
    return db.transaction((tx) => outbox.enqueue(tx, 'order', message));
  };
  return { outbox, confirm };
}

describe("the buyer confirmations' hourly counts", () => {
  it('counts by tenant and by recipient, across tenants, and never less than the last 60 minutes held', async () => {
    const clock = { now: 100 * HOUR + HOUR / 2 };
    const { outbox, confirm } = await outboxAt(clock);
    await confirm('bypass-motors', 'digest-1');
    await confirm('bypass-motors', 'digest-2');
    await confirm('other-group', 'digest-1');
    expect(await outbox.countBuyerConfirmations('bypass-motors', 'digest-1')).toEqual({ toTenant: 2, toRecipient: 2 });
    // 59 minutes on, in the next clock hour: all three are still within the hour.
    clock.now += 59 * 60_000;
    await confirm('bypass-motors', 'digest-1');
    expect(await outbox.countBuyerConfirmations('bypass-motors', 'digest-1')).toEqual({ toTenant: 3, toRecipient: 3 });
    // Two clock hours after the first ones they no longer count; the later one does.
    clock.now += HOUR;
    expect(await outbox.countBuyerConfirmations('bypass-motors', 'digest-2')).toEqual({ toTenant: 1, toRecipient: 0 });
    expect(await outbox.countBuyerConfirmations('other-group', 'digest-1')).toEqual({ toTenant: 0, toRecipient: 1 });
  });

  it("does not count a tenant whose id begins with another's, nor that other tenant's address", async () => {
    const clock = { now: 100 * HOUR };
    const { outbox, confirm } = await outboxAt(clock);
    for (let i = 0; i < 40; i++) await confirm('acme', 'digest-1');
    await confirm('acme-west', 'digest-10');
    expect(await outbox.countBuyerConfirmations('acme', 'digest-1')).toEqual({ toTenant: 40, toRecipient: 40 });
    expect(await outbox.countBuyerConfirmations('acme-west', 'digest-10')).toEqual({ toTenant: 1, toRecipient: 1 });
  });

  it('forgets the counts no cap reads any more, and only those', async () => {
    const clock = { now: 100 * HOUR };
    const { outbox, confirm } = await outboxAt(clock);
    await confirm('bypass-motors', 'digest-1');
    clock.now += HOUR;
    await confirm('bypass-motors', 'digest-1');
    clock.now += HOUR;
    await outbox.pruneCounts();
    expect((await outbox.countBuyerConfirmations('bypass-motors', 'digest-1')).toTenant).toBe(1);
    clock.now -= HOUR;
    // The oldest hour's count is gone: one hour back, only the later confirmation is left.
    expect((await outbox.countBuyerConfirmations('bypass-motors', 'digest-1')).toTenant).toBe(1);
  });
});
