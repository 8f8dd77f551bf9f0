import { connect } from 'node:net';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aClient, deviceProofOf, withDeviceProof, withSession } from '../../tests/helpers/session-builders.ts';
import { startFakePayPal, type FakePayPal } from './helpers/fake-paypal.ts';
import {
  ADMIN_PASSWORDS,
  BYPASS_CODE,
  BYPASS_TENANT,
  OPEN_STORE,
  OTHER_MAX_ORDER_TOTAL,
  OTHER_TENANT,
  OTHER_TENANTS_STORE,
  PASSWORD_STORE,
  PAYPAL_TENANT,
  STAFF_PASSWORD,
  writeOrderFixture,
  POLO_LINE,
  bypassMotorsOrder,
  paypalMotorsOrder,
} from './helpers/order-fixture.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { setReadOnly } from './helpers/read-only-database.ts';
import { startTestApi, type TestApi, type TestApiOptions } from './helpers/test-api.ts';

/**
 * The order API as the authority (run on SQLite and PostgreSQL): every store rule the
 * storefront shows, every secret, guess limits for a client and for a tenant, text hygiene,
 * ceilings on work, paging and the audit trail are enforced by the server, whatever a browser sends.
 */
export function authorityContract(newDatabase: () => Promise<string | undefined>): void {
  let fixture: string;
  let paypal: FakePayPal;
  let smtp: SmtpSink;
  let api: TestApi;
  const extra: TestApi[] = [];

  /** Another API on the same fixture with its own database and settings. */
  const startApi = async (env: Record<string, string>, options: Partial<TestApiOptions> = {}) => {
    const started = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), paypal, smtp, env, ...options });
    extra.push(started);
    return started;
  };

  beforeAll(async () => {
    fixture = writeOrderFixture();
    paypal = await startFakePayPal();
    smtp = await startSmtpSink();
    api = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), paypal, smtp });
  });
  afterAll(async () => {
    for (const started of [api, ...extra]) await started?.close();
    await paypal?.close();
    await smtp?.close();
    rmSync(fixture, { recursive: true, force: true });
  });

  const plate = (code: string, extraFields: Record<string, unknown> = {}) => ({
    type: 'customs',
    name: code,
    price: 1,
    quantity: 500,
    size: '500',
    color: 'White',
    code,
    ...extraFields,
  });
  const polo = POLO_LINE;
  const order = bypassMotorsOrder;
  const admin = (target: TestApi, companyName: string) => target.signIn(companyName, ADMIN_PASSWORDS[companyName]!);
  const ordersOf = async (target: TestApi, companyName: string, email?: string) => {
    const answer = await target.post('/v1/retrieve-orders', { companyName, limit: 500 }, await admin(target, companyName));
    expect(answer.status).toBe(200);
    return (answer.body.orders as Record<string, any>[]).filter((o) => email === undefined || o.email === email);
  };
  const storeToken = async (password = PASSWORD_STORE.password, store = PASSWORD_STORE.code) =>
    api.post('/v1/session', { companyName: BYPASS_TENANT, store, password });

  describe('store rules', () => {
    const refused = async (body: Record<string, unknown>, status: number, message: RegExp) => {
      const answer = await api.post('/v1/create-order', body);
      expect(answer).toMatchObject({ status, body: { message: expect.stringMatching(message) } });
      expect(await ordersOf(api, BYPASS_TENANT, body.email as string)).toEqual([]);
    };

    it("refuses a store that is not one of the tenant's: made up, or another group's", async () => {
      await refused(order({ store: 'Totally Fake Store' }), 400, /store: Bypass Motors has no store "Totally Fake Store" \(its stores: BFORD1, BKIA01\)/);
      await refused(order({ store: OTHER_TENANTS_STORE }), 400, /has no store "OTHER1"/);
    });

    it('takes the store by code and records its name; the e-mail shows its address', async () => {
      const body = order({ store: OPEN_STORE.code });
      const created = await api.post('/v1/create-order', body);
      expect(created.status).toBe(200);
      const [stored] = await ordersOf(api, BYPASS_TENANT, body.email);
      expect(stored!.store).toBe(OPEN_STORE.name);
      const [mail] = await smtp.waitForMention(created.body.order_id);
      expect(mail?.text).toMatch(/Store: +Bypass Ford, 1 Ford Road, Testville/);
      expect(mail?.text).toMatch(/Placed with: +bypass code 1 of 2/);
      expect(mail?.text).not.toContain(BYPASS_CODE);
    });

    it("refuses store-restricted custom plates without a store, for an unsupported store, and for another group's store", async () => {
      await refused(order({ cart: [plate('PLT-BF')] }), 400, /cart\[0\] \(PLT-BF, 500, White\): Choose the store these custom plates are for/);
      await refused(order({ cart: [plate('PLT-BF')], store: PASSWORD_STORE.code }), 400, /PLT-BF is not offered to Bypass Kia/);
      await refused(order({ cart: [plate('PLT-BF', { store: PASSWORD_STORE.code })], store: OPEN_STORE.code }), 400, /PLT-BF is not offered to Bypass Kia/);
      await refused(order({ cart: [plate('PLT-OT')], store: OPEN_STORE.code }), 400, /PLT-OT is not offered to Bypass Ford/);
      await refused(order({ cart: [plate('PLT-BF', { store: OTHER_TENANTS_STORE })] }), 400, /store "OTHER1" is not one of Bypass Motors's stores/);
    });

    it('accepts a plate for its store, from the line or from the order, and the line keeps its store', async () => {
      const fromLine = order({ cart: [plate('PLT-BF', { store: OPEN_STORE.code })] });
      expect((await api.post('/v1/create-order', fromLine)).status).toBe(200);
      const [stored] = await ordersOf(api, BYPASS_TENANT, fromLine.email);
      expect(stored!.order[0]).toMatchObject({ code: 'PLT-BF', store: OPEN_STORE.code });
      expect((await api.post('/v1/create-order', order({ cart: [plate('PLT-BF')], store: OPEN_STORE.code }))).status).toBe(200);
    });

    it("needs the store's token for a password store's plates: 403 without, 200 with", async () => {
      await refused(order({ cart: [plate('PLT-BK', { store: PASSWORD_STORE.code })] }), 403, /Bypass Kia's custom products need its store password/);
      const wrong = await storeToken('not-the-password');
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Wrong password' } });
      const session = await storeToken();
      expect(session).toMatchObject({ status: 200, body: { role: 'store', store: PASSWORD_STORE.code, token: expect.any(String) } });
      // A token of another kind, or one that is not ours, grants nothing.
      const bypassSession = await api.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE });
      await refused(
        order({ cart: [plate('PLT-BK', { store: PASSWORD_STORE.code })], store_tokens: [bypassSession.body.token, 'not.a.token'] }),
        403,
        /need its store password/,
      );
      const body = order({ cart: [plate('PLT-BK', { store: PASSWORD_STORE.code })], store_tokens: [session.body.token] });
      expect((await api.post('/v1/create-order', body)).status).toBe(200);
    });
  });

  describe('secrets are checked by the server only', () => {
    it('a bypass code gives a bypass session; a wrong one is 403', async () => {
      expect(await api.post('/v1/session', { companyName: BYPASS_TENANT, code: ' net30byp ' })).toMatchObject({
        status: 200,
        body: { role: 'bypass', token: expect.any(String) },
      });
      expect(await api.post('/v1/session', { companyName: BYPASS_TENANT, code: 'PPBYPASS' })).toMatchObject({
        status: 403,
        body: { message: 'That bypass code is not valid' },
      });
    });

    it("the entry screen's password alone names its tenant and starts a staff session", async () => {
      const entry = await api.post('/v1/session', { password: STAFF_PASSWORD });
      expect(entry).toMatchObject({ status: 200, body: { role: 'staff', tenant_id: 'bypass-motors', company_name: BYPASS_TENANT } });
      const listed = await api.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, withSession(entry.body.token));
      expect(listed.status).toBe(200);
      expect(await api.post('/v1/session', { password: 'nobody-has-this' })).toMatchObject({ status: 401, body: { message: 'Wrong password' } });
      expect((await api.post('/v1/session', { password: STAFF_PASSWORD, code: BYPASS_CODE })).status).toBe(400);
    });
  });

  describe('guessing is bounded per client and per tenant', () => {
    it('11 wrong codes from 11 addresses brake the tenant for seconds, not a quarter of an hour, and other tenants are untouched', async () => {
      const braked = await startApi({ TENANT_GUESS_LIMIT: '10', TENANT_GUESS_INTERVAL_SECONDS: '2', RATE_LIMIT_MAX_FAILURES: '3' });
      const from = (i: number) => ({ 'x-forwarded-for': `192.0.2.${i}` });
      const answers = [];
      for (let i = 1; i <= 11; i++) answers.push((await braked.post('/v1/session', { companyName: BYPASS_TENANT, code: `WRONGCODE${i}` }, from(i))).status);
      expect(answers.slice(0, 10)).toEqual(Array(10).fill(403));
      expect(answers[10]).toBe(429);
      // The right code from a new address waits too, but only seconds.
      const waiting = await braked.post('/v1/create-order', order(), from(50));
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(2);
      expect(waiting.body.message).toMatch(/Many wrong passwords or codes were tried for this storefront/);
      // Another tenant's checkout still works meanwhile.
      expect((await braked.post('/v1/create-order', order({ companyName: PAYPAL_TENANT, code: 'PPBYPASS' }), from(51))).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await braked.post('/v1/create-order', order(), from(52))).status).toBe(200);
    });

    it("200 parallel wrong codes from one client compare at most the limit; 250 from 250 addresses at most the tenant's", async () => {
      const burst = await startApi({ TENANT_GUESS_LIMIT: '10', TENANT_GUESS_INTERVAL_SECONDS: '60' });
      const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
      const one = { 'x-forwarded-for': '192.0.2.160' };
      const fromOne = await Promise.all(
        Array.from({ length: 200 }, (_, i) => burst.post('/v1/session', { companyName: BYPASS_TENANT, code: `PARALLEL${i}` }, one).then((a) => a.status)),
      );
      expect([count(fromOne, 403), count(fromOne, 429)]).toEqual([3, 197]); // RATE_LIMIT_MAX_FAILURES is 3 in the tests
      expect(burst.logs.filter((l) => l.msg === 'wrong secret')).toHaveLength(3);

      const many = (i: number) => ({ 'x-forwarded-for': `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}` });
      const fromMany = await Promise.all(
        Array.from({ length: 250 }, (_, i) => burst.post('/v1/session', { companyName: PAYPAL_TENANT, code: `SPREAD${i}` }, many(i)).then((a) => a.status)),
      );
      expect([count(fromMany, 403), count(fromMany, 429)]).toEqual([10, 240]);
      expect((await burst.post('/v1/create-order', order({ companyName: PAYPAL_TENANT, code: 'PPBYPASS' }), many(251))).status).toBe(429);
    });

    it('30 parallel bypass orders with the right code from one address are all placed; mixed with wrong ones, exactly the limit of those is compared', async () => {
      const office = { 'x-forwarded-for': '192.0.2.180' };
      const placed = await Promise.all(Array.from({ length: 30 }, () => api.post('/v1/create-order', order(), office)));
      expect(placed.map((a) => a.status)).toEqual(Array(30).fill(200));
      // Right codes in flight held nothing back, and counted for nothing afterwards.
      expect((await api.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE }, office)).status).toBe(200);

      const mixed = { 'x-forwarded-for': '192.0.2.181' };
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0 ? api.post('/v1/create-order', order(), mixed) : api.post('/v1/session', { companyName: BYPASS_TENANT, code: `MIXED${i}` }, mixed),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 403)).toHaveLength(3); // RATE_LIMIT_MAX_FAILURES is 3 in the tests
      expect(statuses.every((s) => [200, 403, 429].includes(s))).toBe(true);
      // Every refusal names one figure, the failures' window (900 s), not a pending attempt's lease.
      const waits = answers.filter((a) => a.status === 429).map((a) => Number(a.headers.get('retry-after')));
      expect(waits.length).toBeGreaterThan(0);
      expect(Math.max(...waits) - Math.min(...waits)).toBeLessThanOrEqual(1);
      expect(Math.min(...waits)).toBeGreaterThan(800);
    });

    it('350 wrong codes from 350 addresses of one IPv6 /64 are one client; an IPv4-mapped address is its IPv4 address', async () => {
      const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
      const ofPrefix = (i: number) => ({ 'x-forwarded-for': `2001:db8:46:64:${((i * 7919) % 0x10000).toString(16)}:${i.toString(16)}::${(i % 9) + 1}` });
      const statuses = await Promise.all(
        Array.from({ length: 350 }, (_, i) =>
          api.post('/v1/session', { companyName: BYPASS_TENANT, code: `SIXTYFOUR${i}` }, ofPrefix(i)).then((a) => a.status),
        ),
      );
      expect([count(statuses, 403), count(statuses, 429)]).toEqual([3, 347]); // RATE_LIMIT_MAX_FAILURES is 3 in the tests
      // A new address of that /64 is that client; one of the next /64 is another.
      expect((await api.post('/v1/create-order', order(), { 'x-forwarded-for': '2001:db8:46:64:ffff::1' })).status).toBe(429);
      expect((await api.post('/v1/create-order', order(), { 'x-forwarded-for': '2001:db8:46:65::1' })).status).toBe(200);

      const ipv4 = { 'x-forwarded-for': '192.0.2.190' };
      for (let i = 0; i < 3; i++) expect((await api.post('/v1/session', { companyName: BYPASS_TENANT, code: `MAPPED${i}` }, ipv4)).status).toBe(403);
      expect((await api.post('/v1/create-order', order(), { 'x-forwarded-for': '::ffff:192.0.2.190' })).status).toBe(429);
    });

    it('under a flood of wrong codes from 40 addresses, a browser that signed in before still places bypass orders; unknown clients wait', async () => {
      const flooded = await startApi({ TENANT_GUESS_LIMIT: '10', TENANT_GUESS_INTERVAL_SECONDS: '5', RATE_LIMIT_MAX_FAILURES: '1000' });
      const dealer = { 'x-forwarded-for': '192.0.2.150' };
      const signedIn = await flooded.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE }, dealer);
      expect(signedIn.status).toBe(200);
      const proof = deviceProofOf(signedIn);
      expect(proof).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const otherTenantsProof = deviceProofOf(await flooded.post('/v1/session', { companyName: PAYPAL_TENANT, code: 'PPBYPASS' }, dealer));

      let flooding = true;
      const floodStatuses: number[] = [];
      const unknown: number[] = [];
      const floodStarted = Date.now();
      const flood = (async () => {
        for (let round = 0; flooding; round++) {
          const answers = await Promise.all(
            Array.from({ length: 40 }, (_, i) =>
              flooded.post('/v1/session', { companyName: BYPASS_TENANT, code: `FLOOD${round}X${i}` }, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
            ),
          );
          floodStatuses.push(...answers.map((a) => a.status));
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      try {
        await new Promise((resolve) => setTimeout(resolve, 600));
        for (let attempt = 0; attempt < 4; attempt++) {
          const placed = await flooded.post('/v1/create-order', order(), withDeviceProof(dealer, proof));
          expect(placed.status).toBe(200);
          // Renewed with the same device, for the browser to keep.
          expect(placed.headers.get('device-proof')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
          expect((await flooded.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE }, withDeviceProof(dealer, proof))).status).toBe(200);
          // Without a proof for this tenant, the right code waits like any unknown client.
          unknown.push((await flooded.post('/v1/create-order', order(), { 'x-forwarded-for': '192.0.2.151' })).status);
          unknown.push((await flooded.post('/v1/create-order', order(), withDeviceProof(aClient('192.0.2.152'), otherTenantsProof))).status);
          unknown.push((await flooded.post('/v1/create-order', order(), withDeviceProof(aClient('192.0.2.153'), 'forged.proof.token'))).status);
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      } finally {
        flooding = false;
        await flood;
      }
      // The brake admits one check every 5 s to whoever comes first, a flooder or now and then an
      // unknown client; an unknown client's right code gives its reserved slot back, so each of
      // those lets one more check through.
      const elapsed = Date.now() - floodStarted;
      expect(unknown).toContain(429);
      const rightFromUnknown = unknown.filter((s) => s === 200).length;
      expect(floodStatuses.filter((s) => s === 403).length).toBeLessThanOrEqual(10 + Math.ceil(elapsed / 5_000) + 1 + rightFromUnknown);
      expect(floodStatuses.length).toBeGreaterThanOrEqual(120);
    });

    it("100 proofs minted from one staff password and used from 40 addresses get at most the tenant's limit of guesses at its bypass codes", async () => {
      const army = await startApi({ TENANT_GUESS_LIMIT: '10', TENANT_GUESS_INTERVAL_SECONDS: '60', RATE_LIMIT_MAX_FAILURES: '1000' });
      const address = (i: number) => ({ 'x-forwarded-for': `198.51.100.${(i % 40) + 1}` });
      const proofs: string[] = [];
      for (let i = 0; i < 100; i++) {
        const minted = await army.post('/v1/session', { companyName: BYPASS_TENANT, password: STAFF_PASSWORD }, address(i));
        expect(minted.status).toBe(200);
        proofs.push(deviceProofOf(minted));
      }
      const statuses: number[] = [];
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          proofs.map((proof, i) =>
            army.post('/v1/session', { companyName: BYPASS_TENANT, code: `ARMY${round}X${i}` }, withDeviceProof(address(i), proof)).then((a) => a.status),
          ),
        );
        statuses.push(...answers);
      }
      // TENANT_GUESS_LIMIT (10), then the brake's one check per interval (60 s) through the proof
      // holders' lane, all of them together: at most 11 in this burst, not 10 proofs × their own budgets.
      const checked = statuses.filter((s) => s === 403).length;
      expect(checked).toBeGreaterThanOrEqual(10);
      expect(checked).toBeLessThanOrEqual(11);
      expect(army.logs.filter((l) => l.msg === 'wrong secret')).toHaveLength(checked);
      expect(statuses.filter((s) => s === 429)).toHaveLength(300 - checked);
    });

    it("honours a tenant's device proof at the entry screen for that tenant's password only, and not at another tenant's screen", async () => {
      // A second tenant with an entry password (the shared fixture has one).
      const twoEntries = writeOrderFixture();
      const paypalFile = path.join(twoEntries, 'tenants/paypal-motors.yaml');
      writeFileSync(paypalFile, `${readFileSync(paypalFile, 'utf8')}password: paypal-staff-pw\n`);
      const entry = await startApi({ TENANT_GUESS_LIMIT: '3', TENANT_GUESS_INTERVAL_SECONDS: '60', RATE_LIMIT_MAX_FAILURES: '1000' }, { dataRoot: twoEntries });
      try {
        const dealer = { 'x-forwarded-for': '192.0.2.200' };
        const signedIn = await entry.post('/v1/session', { password: STAFF_PASSWORD }, dealer);
        expect(signedIn).toMatchObject({ status: 200, body: { company_name: BYPASS_TENANT } });
        const proofOfA = withDeviceProof(dealer, deviceProofOf(signedIn));
        // A flood of wrong entry passwords brakes the entry screen.
        for (let i = 0; i < 3; i++)
          expect((await entry.post('/v1/session', { password: `wrong-${i}` }, { 'x-forwarded-for': `192.0.2.${210 + i}` })).status).toBe(401);
        expect((await entry.post('/v1/session', { password: 'paypal-staff-pw' }, { 'x-forwarded-for': '192.0.2.220' })).status).toBe(429);
        // A's proof lets its holder in with A's password, and is no way past the brake to B's.
        expect(await entry.post('/v1/session', { password: STAFF_PASSWORD }, proofOfA)).toMatchObject({ status: 200, body: { company_name: BYPASS_TENANT } });
        const atB = await entry.post('/v1/session', { password: 'paypal-staff-pw' }, proofOfA);
        expect(atB.status).toBe(429);
        expect(entry.logs.filter((l) => l.msg === 'session started' && l.tenant === 'paypal-motors')).toHaveLength(0);

        // Nor at B's own sign-in while B is braked.
        for (let i = 0; i < 3; i++)
          expect(
            (await entry.post('/v1/session', { companyName: PAYPAL_TENANT, code: `WRONGPP${i}` }, { 'x-forwarded-for': `192.0.2.${230 + i}` })).status,
          ).toBe(403);
        expect((await entry.post('/v1/session', { companyName: PAYPAL_TENANT, code: 'PPBYPASS' }, proofOfA)).status).toBe(429);
      } finally {
        rmSync(twoEntries, { recursive: true, force: true });
      }
    });

    it('fails closed when the database takes no writes: every secret is 503 with Retry-After, /readyz says so, /healthz stays live', async () => {
      const url = await newDatabase();
      const broken = await startTestApi({ dataRoot: fixture, databaseUrl: url, paypal, smtp });
      extra.push(broken);
      const readyz = async () => {
        const response = await fetch(`${broken.url}/readyz`);
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect(await readyz()).toMatchObject({ status: 200, body: { status: 'ready' } });
      await setReadOnly(broken, url, true);
      try {
        const deadline = Date.now() + 10_000;
        while ((await readyz()).status !== 503 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await readyz()).toMatchObject({ status: 503, body: { status: 'not ready', message: expect.stringMatching(/does not take writes/) } });
        expect((await fetch(`${broken.url}/healthz`)).status).toBe(200);
        const client = { 'x-forwarded-for': '192.0.2.170' };
        for (let i = 0; i < 6; i++) {
          const wrong = await broken.post('/v1/session', { companyName: BYPASS_TENANT, code: `WRONG${i}` }, client);
          expect(wrong).toMatchObject({ status: 503, body: { message: 'Passwords and codes cannot be checked right now; try again in a minute' } });
          expect(Number(wrong.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        const right = await broken.post('/v1/session', { companyName: BYPASS_TENANT, code: BYPASS_CODE }, client);
        expect(right).toMatchObject({ status: 503, body: { message: 'Passwords and codes cannot be checked right now; try again in a minute' } });
        expect((await broken.post('/v1/create-order', order(), client)).status).toBe(503);
        expect((await broken.post('/v1/session', { companyName: BYPASS_TENANT, password: ADMIN_PASSWORDS[BYPASS_TENANT]! }, client)).status).toBe(503);
      } finally {
        await setReadOnly(broken, url, false);
      }
      const deadline = Date.now() + 10_000;
      while ((await readyz()).status !== 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await readyz()).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect((await broken.post('/v1/create-order', order(), { 'x-forwarded-for': '192.0.2.170' })).status).toBe(200);
    });

    it('warns once when requests come through a proxy while TRUST_PROXY is 0', async () => {
      const direct = await startApi({ TRUST_PROXY: '0' });
      for (let i = 0; i < 3; i++) await direct.post('/v1/session', { companyName: BYPASS_TENANT, password: 'wrong-password' });
      expect(direct.logs.filter((line) => String(line.msg).includes('TRUST_PROXY is 0'))).toHaveLength(1);
    });
  });

  describe('order lookups are guesses', () => {
    it("update-historical-order answers one 404 for a missing order and another tenant's, and counts each lookup", async () => {
      const lookups = await startApi({});
      const place = async (body: Record<string, unknown>) => {
        expect((await lookups.post('/v1/create-order', body)).status).toBe(200);
        return (await ordersOf(lookups, body.companyName as string, body.email as string))[0]!;
      };
      const theirs = await place(order({ companyName: PAYPAL_TENANT, code: 'PPBYPASS' }));
      const mine = await place(order());
      const missing = { ...theirs, email: 'nobody@dealer.example' };
      const edit = (target: Record<string, any>, extraFields: Record<string, unknown>, headers: Record<string, string>) =>
        lookups.post('/v1/update-historical-order', { email: target.email, created_at: target.created_at, cart: target.order, ...extraFields }, headers);
      const notFound = (target: Record<string, any>, by: string) => ({
        status: 404,
        body: { message: `No order of ${target.email} created at ${target.created_at} can be edited with this ${by}` },
      });

      // Signed in as Bypass Motors' admin: its order is found, Pay Pal Motors' is "no such order".
      const bySession = { ...(await admin(lookups, BYPASS_TENANT)), 'x-forwarded-for': '192.0.2.180' };
      expect(await edit(theirs, { companyName: BYPASS_TENANT }, bySession)).toMatchObject(notFound(theirs, 'session'));
      expect(await edit(missing, { companyName: BYPASS_TENANT }, bySession)).toMatchObject(notFound(missing, 'session'));
      const shifted = { ...mine, created_at: new Date(Date.parse(mine.created_at) + 1).toISOString() };
      expect(await edit(shifted, { companyName: BYPASS_TENANT }, bySession)).toMatchObject(notFound(shifted, 'session'));
      const limited = await edit(mine, { companyName: BYPASS_TENANT }, bySession);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await edit(mine, { companyName: BYPASS_TENANT }, { ...bySession, 'x-forwarded-for': '192.0.2.181' })).status).toBe(200);

      // The spec's way, the admin password in the body: another tenant's order, a missing one and a wrong password read the same.
      const byPassword = { 'x-forwarded-for': '192.0.2.182' };
      expect(await edit(theirs, { admin_password: ADMIN_PASSWORDS[BYPASS_TENANT] }, byPassword)).toMatchObject(notFound(theirs, 'admin password'));
      expect(await edit(missing, { admin_password: ADMIN_PASSWORDS[BYPASS_TENANT] }, byPassword)).toMatchObject(notFound(missing, 'admin password'));
      expect(await edit(mine, { admin_password: 'not-the-admin-password' }, byPassword)).toMatchObject(notFound(mine, 'admin password'));
      expect((await edit(mine, { admin_password: ADMIN_PASSWORDS[BYPASS_TENANT] }, byPassword)).status).toBe(429);
      expect((await edit(mine, { admin_password: ADMIN_PASSWORDS[BYPASS_TENANT] }, { 'x-forwarded-for': '192.0.2.183' })).status).toBe(200);

      // Not signed in: the answer is about the session, the same whether the order exists or not.
      const anonymous = [await edit(theirs, { companyName: PAYPAL_TENANT }, {}), await edit(missing, { companyName: PAYPAL_TENANT }, {})];
      expect(anonymous.map((a) => a.status)).toEqual([401, 401]);
      expect(anonymous[0]!.body).toEqual(anonymous[1]!.body);
    });
  });

  describe('text fields are single lines of valid text', () => {
    const fields: [string, (value: string) => Record<string, unknown>][] = [
      ['first_name', (v) => ({ first_name: v })],
      ['last_name', (v) => ({ last_name: v })],
      ['email', (v) => ({ email: v })],
      ['store', (v) => ({ store: v })],
      ['customer_po', (v) => ({ customer_po: v })],
      ['companyName', (v) => ({ companyName: v })],
      ['code', (v) => ({ code: v })],
      ['cart[0].color', (v) => ({ cart: [{ ...polo, color: v }] })],
      ['cart[0].embroidery', (v) => ({ cart: [{ ...polo, embroidery: v }] })],
    ];
    it.each(fields)('refuses control characters in %s with a 400 naming it', async (field, set) => {
      for (const bad of ['Ann\r\nTotal: $0.01 (PAID IN FULL)', 'A\u0000B', 'tab\there']) {
        const body = order(set(bad));
        const answer = await api.post('/v1/create-order', body);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toContain(`${field}: must be one line of text`);
      }
    });

    it('trims before checking length, refuses lone surrogates and bodies that are not UTF-8', async () => {
      expect((await api.post('/v1/create-order', order({ first_name: '   ' }))).body.message).toContain('first_name: must not be empty');
      const trimmed = order({ first_name: '  Ann  ' });
      expect((await api.post('/v1/create-order', trimmed)).status).toBe(200);
      expect((await ordersOf(api, BYPASS_TENANT, trimmed.email))[0]!.first_name).toBe('Ann');
      const surrogate = await api.post('/v1/create-order', JSON.stringify(order()).replace('"Ann"', '"A\\ud800nn"'));
      expect(surrogate).toMatchObject({ status: 400, body: { message: expect.stringContaining('first_name: is not valid text') } });
      const latin1 = Buffer.from(JSON.stringify(order({ first_name: 'Ren\u00e9' })), 'latin1');
      const response = await fetch(`${api.url}/v1/create-order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: latin1 });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/not valid UTF-8/);
    });
  });

  describe('bounded work', () => {
    it("refuses an order over the tenant's max_order_total, naming the ceiling", async () => {
      const hats = (quantity: number) =>
        order({ companyName: OTHER_TENANT, code: 'OTHERCODE', cart: [{ quantity, size: 'OSFA', color: 'Black', code: 'ONLY-OTHER' }] });
      expect(await api.post('/v1/create-order', hats(26))).toMatchObject({
        status: 400,
        body: {
          message: `The order total $520.00 is over ${OTHER_TENANT}'s limit of $${OTHER_MAX_ORDER_TOTAL}.00 for one order; split it into smaller orders or call us`,
        },
      });
      expect((await api.post('/v1/create-order', hats(25))).status).toBe(200);
    });

    it('limits unpaid PayPal orders per client, and removes unpaid ones when they expire', async () => {
      const expiring = await startApi({ MAX_UNPAID_ORDERS_PER_CLIENT: '2', UNPAID_ORDER_TTL_SECONDS: '1', MAINTENANCE_INTERVAL_SECONDS: '1' });
      const client = { 'x-forwarded-for': '192.0.2.200' };
      const paypalOrder = () => paypalMotorsOrder({ cart: [{ ...polo, quantity: 2 }] });
      const first = await expiring.post('/v1/create-order', paypalOrder(), client);
      expect(first.status).toBe(200);
      expect((await expiring.post('/v1/create-order', paypalOrder(), client)).status).toBe(200);
      const third = await expiring.post('/v1/create-order', paypalOrder(), client);
      expect(third).toMatchObject({ status: 429, body: { message: expect.stringMatching(/Too many unpaid PayPal orders/) } });
      // A bypass order is no unpaid order: it stays.
      const placed = order({ companyName: PAYPAL_TENANT, code: 'PPBYPASS' });
      expect((await expiring.post('/v1/create-order', placed, client)).status).toBe(200);

      const deadline = Date.now() + 10_000;
      while ((await expiring.api.database.findOrder(first.body.order_id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await expiring.api.database.findOrder(first.body.order_id)).toBeUndefined();
      expect(await expiring.post('/v1/capture-order', { order_id: first.body.order_id, companyName: PAYPAL_TENANT })).toMatchObject({ status: 404 });
      expect(await ordersOf(expiring, PAYPAL_TENANT, placed.email)).toHaveLength(1);
    });

    it('cuts off a body sent a byte at a time after REQUEST_TIMEOUT_SECONDS', async () => {
      const strict = await startApi({ REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
      const { hostname, port } = new URL(strict.url);
      const started = Date.now();
      let received = '';
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(`POST /v1/create-order HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
          const drip = setInterval(() => socket.writable && socket.write('{'), 250);
          socket.on('data', (chunk) => {
            received += chunk.toString('latin1');
          });
          socket.on('close', () => {
            clearInterval(drip);
            resolve(Date.now() - started);
          });
        });
        socket.on('error', () => undefined);
        setTimeout(() => reject(new Error('the slow body was not cut off within 10 s')), 10_000);
      });
      expect(closedAfter).toBeGreaterThanOrEqual(1_500);
      expect(closedAfter).toBeLessThan(6_000);
      // Node's own 408, with an empty body, as the published contract lists it for the call.
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received.split('\r\n\r\n')[1]).toBe('');
      const document = (await strict.get('/v1/openapi.json')).body;
      expect(document.paths['/v1/create-order'].post.responses['408']).toEqual({ description: expect.stringMatching(/empty body/) });
    });
  });

  describe('paging and audit', () => {
    it("pages a tenant's orders with a cursor, and shows admins how each was placed and from where", async () => {
      const paged = await startApi({});
      const client = { 'x-forwarded-for': '192.0.2.77' };
      for (let i = 0; i < 5; i++)
        expect((await paged.post('/v1/create-order', order({ companyName: BYPASS_TENANT, code: i % 2 ? 'secondcode' : BYPASS_CODE }), client)).status).toBe(
          200,
        );
      const adminHeaders = await admin(paged, BYPASS_TENANT);
      const seen: Record<string, any>[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 3; page++) {
        const answer = await paged.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT, limit: 2, ...(cursor ? { cursor } : {}) }, adminHeaders);
        expect(answer.status).toBe(200);
        seen.push(...answer.body.orders);
        cursor = answer.body.next_cursor ?? undefined;
        expect(answer.body.orders).toHaveLength(page < 2 ? 2 : 1);
        if (page === 2) expect(answer.body.next_cursor).toBeNull();
      }
      expect(new Set(seen.map((o) => o.order_id)).size).toBe(5);
      const times = seen.map((o) => Date.parse(o.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(seen.map((o) => o.placed_with).sort()).toEqual([
        'bypass code 1 of 2',
        'bypass code 1 of 2',
        'bypass code 1 of 2',
        'bypass code 2 of 2',
        'bypass code 2 of 2',
      ]);
      expect(seen.every((o) => o.client_ip === '192.0.2.77')).toBe(true);
      expect(JSON.stringify(seen)).not.toMatch(/NET30BYP|SECONDCODE/i);

      const staff = await paged.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT }, await paged.signIn(BYPASS_TENANT, STAFF_PASSWORD));
      expect(staff.body.orders).toHaveLength(5);
      expect(staff.body.orders[0]).not.toHaveProperty('placed_with');
      expect(staff.body.orders[0]).not.toHaveProperty('client_ip');
      expect((await paged.post('/v1/retrieve-orders', { companyName: BYPASS_TENANT, cursor: 'bogus' }, adminHeaders)).status).toBe(400);
    });
  });
}
