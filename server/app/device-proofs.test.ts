import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { handlerWorld, removeFixture, type HandlerWorld } from '../tests/helpers/handler-world.ts';
import { BYPASS_TENANT, PAYPAL_TENANT } from '../tests/helpers/order-fixture.ts';
import { LINK_CREDENTIAL, LIVE_PROOFS_PER_CREDENTIAL } from './device-proofs.ts';

let world: HandlerWorld;
afterEach(() => world?.close());
afterAll(removeFixture);

describe('DeviceProofs', () => {
  const tenantOf = (id: string) => world.ctx.tenants.all().find(({ tenant }) => tenant.companyName === id)!.tenant;

  it('honours a proof for its own tenant only, and no more once its secret changed', async () => {
    world = await handlerWorld();
    const tenant = tenantOf(BYPASS_TENANT);
    const proof = await world.ctx.devices.issue(tenant, { role: 'staff' }, 'device-1');
    const byId = (id: string) => world.ctx.tenants.byId(id)?.tenant;
    expect(await world.ctx.devices.deviceOf(proof, tenant.id, byId)).toEqual({ id: 'device-1', tenantId: tenant.id });
    expect(await world.ctx.devices.deviceOf(proof, undefined, byId)).toEqual({ id: 'device-1', tenantId: tenant.id });
    expect(await world.ctx.devices.deviceOf(proof, tenantOf(PAYPAL_TENANT).id, byId)).toBeUndefined();
    // The same tenant with another password: the proof is dead, without a word of the secret in it.
    const changed = { ...tenant, password: 'a-new-staff-password' };
    expect(await world.ctx.devices.deviceOf(proof, tenant.id, (id) => (id === tenant.id ? changed : undefined))).toBeUndefined();
    expect(Buffer.from(proof.split('.')[1]!, 'base64url').toString()).not.toContain(tenant.password!);
  });

  it(`keeps the newest ${LIVE_PROOFS_PER_CREDENTIAL} proofs of a credential; renewing keeps a device among them`, async () => {
    world = await handlerWorld();
    const tenant = tenantOf(BYPASS_TENANT);
    const byId = (id: string) => world.ctx.tenants.byId(id)?.tenant;
    const first = await world.ctx.devices.issue(tenant, { role: 'staff' }, 'kept');
    const minted = [];
    for (let i = 0; i < 2 * LIVE_PROOFS_PER_CREDENTIAL; i++) {
      minted.push(await world.ctx.devices.issue(tenant, { role: 'staff' }));
      // The dealer's browser signs in now and then: renewed, it stays live.
      if (i % 5 === 0) await world.ctx.devices.issue(tenant, { role: 'staff' }, 'kept');
    }
    const live = await Promise.all(minted.map((proof) => world.ctx.devices.deviceOf(proof, tenant.id, byId)));
    expect(live.filter(Boolean)).toHaveLength(LIVE_PROOFS_PER_CREDENTIAL - 1);
    expect(live.slice(-(LIVE_PROOFS_PER_CREDENTIAL - 1)).every(Boolean)).toBe(true);
    expect(await world.ctx.devices.deviceOf(first, tenant.id, byId)).toEqual({ id: 'kept', tenantId: tenant.id });
    // Another credential's proofs are counted apart.
    const admin = await world.ctx.devices.issue(tenant, { role: 'admin' });
    expect(await world.ctx.devices.deviceOf(admin, tenant.id, byId)).toBeDefined();
  });

  it(`keeps the newest ${LIVE_PROOFS_PER_CREDENTIAL} proofs of e-mailed links, which die when the staff addresses change and not when the password does`, async () => {
    world = await handlerWorld();
    const tenant = tenantOf(BYPASS_TENANT);
    const byId = (id: string) => world.ctx.tenants.byId(id)?.tenant;
    const links = [];
    for (let i = 0; i < LIVE_PROOFS_PER_CREDENTIAL + 3; i++) links.push(await world.ctx.devices.issue(tenant, LINK_CREDENTIAL));
    const live = await Promise.all(links.map((proof) => world.ctx.devices.deviceOf(proof, tenant.id, byId)));
    expect(live.filter(Boolean)).toHaveLength(LIVE_PROOFS_PER_CREDENTIAL);
    const newest = links.at(-1)!;
    const withOther = (changed: typeof tenant) => (id: string) => (id === tenant.id ? changed : undefined);
    expect(await world.ctx.devices.deviceOf(newest, tenant.id, withOther({ ...tenant, password: 'a-new-staff-password' }))).toBeDefined();
    // The same addresses in another order and case are the same list.
    expect(
      await world.ctx.devices.deviceOf(
        newest,
        tenant.id,
        withOther({ ...tenant, emailRecipients: [...tenant.emailRecipients].reverse().map((a) => a.toUpperCase()) }),
      ),
    ).toBeDefined();
    expect(await world.ctx.devices.deviceOf(newest, tenant.id, withOther({ ...tenant, emailRecipients: tenant.emailRecipients.slice(1) }))).toBeUndefined();
    await expect(world.ctx.devices.issue({ ...tenant, emailRecipients: [] }, LINK_CREDENTIAL)).rejects.toThrow(/no secret to prove for link/);
  });
});
