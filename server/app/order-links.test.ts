import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens.ts';
import { ORDER_LINK_TTL_SECONDS, OrderLinks } from './order-links.ts';

const SECRET = 'order-links-test-secret-0123456789abcdef';

describe('OrderLinks', () => {
  it("opens the one order and tenant it was issued for, until it expires, and only under this server's secret", async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const links = new OrderLinks(SECRET, () => now);
    const key = await links.issue('guardian', 'order-1');
    await expect(links.check(key, 'guardian', 'order-1')).resolves.toBeUndefined();
    await expect(links.check(key, 'guardian', 'order-2')).rejects.toMatchObject({ status: 403, message: expect.stringMatching(/for another order/) });
    await expect(links.check(key, 'hennessy', 'order-1')).rejects.toMatchObject({ status: 403 });
    await expect(new OrderLinks(`${SECRET}x`, () => now).check(key, 'guardian', 'order-1')).rejects.toMatchObject({
      message: expect.stringMatching(/not valid/),
    });
    now += (ORDER_LINK_TTL_SECONDS + 1) * 1000;
    await expect(links.check(key, 'guardian', 'order-1')).rejects.toMatchObject({ status: 403, message: expect.stringMatching(/expired/) });
  });

  it('takes no session token for a link, though both are signed with the same server secret', async () => {
    const sessions = new SessionTokens(SECRET, 3_600);
    const tenant = { id: 'guardian', password: 'pw', adminPassword: 'admin', bypassCodes: [], stores: [] } as never;
    const { token } = await sessions.issue(tenant, { role: 'staff' });
    await expect(new OrderLinks(SECRET).check(token, 'guardian', 'guardian')).rejects.toMatchObject({ message: expect.stringMatching(/not valid/) });
  });

  it("puts the key in the fragment of the order page on the storefront's origin, and makes no link without an origin", async () => {
    const links = new OrderLinks(SECRET);
    const page = await links.pageOf('https://shop.example', { id: 'guardian', routePrefix: 'guardian' }, 'order-1');
    expect(page).toMatch(/^https:\/\/shop\.example\/guardian\/order\/#order=order-1&key=[\w.-]+$/);
    expect(await links.pageOf('https://shop.example', { id: 'first', routePrefix: '' }, 'o')).toMatch(/^https:\/\/shop\.example\/order\/#order=o&key=/);
    expect(await links.pageOf(undefined, { id: 'guardian', routePrefix: 'guardian' }, 'order-1')).toBeUndefined();
  });
});
