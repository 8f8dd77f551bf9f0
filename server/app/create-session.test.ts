import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { handlerWorld, removeFixture, type HandlerWorld } from '../tests/helpers/handler-world.ts';
import { ADMIN_PASSWORD, BYPASS_CODE, BYPASS_TENANT, OPEN_STORE, PASSWORD_STORE, STAFF_PASSWORD } from '../tests/helpers/order-fixture.ts';
import { createSession } from './create-session.ts';

let world: HandlerWorld;
afterEach(() => world?.close());
afterAll(removeFixture);

describe('session', () => {
  it('gives staff, admin, bypass and store sessions for the matching secret, each with a device proof', async () => {
    world = await handlerWorld();
    const cases: [Record<string, string>, Record<string, unknown>][] = [
      [{ password: STAFF_PASSWORD }, { role: 'staff' }],
      [{ password: ADMIN_PASSWORD }, { role: 'admin' }],
      [{ code: BYPASS_CODE.toLowerCase() }, { role: 'bypass' }],
      [
        { store: PASSWORD_STORE.code, password: PASSWORD_STORE.password },
        { role: 'store', store: PASSWORD_STORE.code },
      ],
    ];
    for (const [secret, granted] of cases) {
      const answer = await world.call(createSession, { companyName: BYPASS_TENANT, ...secret });
      expect(answer, JSON.stringify(secret)).toMatchObject({ status: 200, body: { ...granted, token: expect.any(String), expires_at: expect.any(String) } });
      expect(answer.headers?.['device-proof']).toEqual(expect.any(String));
    }
  });

  it('finds the tenant from the entry password alone', async () => {
    world = await handlerWorld();
    expect(await world.call(createSession, { password: STAFF_PASSWORD })).toMatchObject({
      status: 200,
      body: { role: 'staff', tenant_id: 'bypass-motors', company_name: BYPASS_TENANT },
    });
    expect(await world.call(createSession, { password: 'nobody-has-this' })).toMatchObject({ status: 401, body: { message: 'Wrong password' } });
  });

  it('refuses a wrong secret (401 for a password, 403 for a code) and, past the limit, the right one too (429)', async () => {
    world = await handlerWorld({ maxFailures: 2 });
    const guesser = { clientIp: '203.0.113.90' };
    expect(await world.call(createSession, { companyName: BYPASS_TENANT, password: 'guess-1' }, guesser)).toMatchObject({
      status: 401,
      body: { message: 'Wrong password' },
    });
    expect(await world.call(createSession, { companyName: BYPASS_TENANT, code: 'GUESS2' }, guesser)).toMatchObject({
      status: 403,
      body: { message: 'That bypass code is not valid' },
    });
    expect((await world.call(createSession, { companyName: BYPASS_TENANT, password: ADMIN_PASSWORD }, guesser)).status).toBe(429);
    expect((await world.call(createSession, { companyName: BYPASS_TENANT, password: ADMIN_PASSWORD }, { clientIp: '203.0.113.91' })).status).toBe(200);
  });

  it('says what is wrong with a request that cannot be a sign-in', async () => {
    world = await handlerWorld();
    const refusals: [Record<string, string>, string][] = [
      [{ companyName: BYPASS_TENANT }, 'Invalid session request: send either password or code'],
      [{ companyName: BYPASS_TENANT, password: 'x', code: 'y' }, 'Invalid session request: send either password or code'],
      [{ code: BYPASS_CODE }, 'Invalid session request: companyName is required with code or store'],
      [{ companyName: BYPASS_TENANT, store: 'NOPE', password: 'x' }, `store: ${BYPASS_TENANT} has no store with code "NOPE"`],
      [{ companyName: BYPASS_TENANT, store: OPEN_STORE.code, password: 'x' }, `store: ${OPEN_STORE.name} has no password; its catalog is open`],
      [{ companyName: 'Nobody Motors', password: 'x' }, 'companyName: no storefront has the company name "Nobody Motors"'],
    ];
    for (const [body, message] of refusals)
      expect(await world.call(createSession, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
  });
});
