import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceProofOf, withDeviceProof } from '../../tests/helpers/session-builders.ts';
import { BYPASS_RECIPIENTS, BYPASS_TENANT, STAFF_PASSWORD, writeOrderFixture } from './helpers/order-fixture.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './helpers/smtp-sink.ts';
import { STOREFRONT_ORIGIN, startTestApi, type TestApi } from './helpers/test-api.ts';

/**
 * The newcomer's way in (docs/security.md, Guess limits): while a distributed flood of wrong
 * passwords brakes a tenant, a browser with no device proof asks for an e-mailed link to a
 * staff address, redeems it once, and is then let through with the right password; the link
 * request tells nothing about which addresses are listed, is capped, and adds no guesses.
 * Run on SQLite and on PostgreSQL (sqlite.test.ts, postgres.test.ts).
 */
export function deviceLinkContract(newDatabase: () => Promise<string | undefined>): void {
  let fixture: string;
  const started: { api: TestApi; smtp: SmtpSink }[] = [];
  beforeAll(() => {
    fixture = writeOrderFixture();
  });
  afterAll(async () => {
    for (const { api, smtp } of started) {
      await api.close();
      await smtp.close();
    }
    rmSync(fixture, { recursive: true, force: true });
  });

  /** An API of its own (its own caps and brake), with an SMTP sink of its own. */
  const startWorld = async (env: Record<string, string>) => {
    const smtp = await startSmtpSink();
    const api = await startTestApi({ dataRoot: fixture, databaseUrl: await newDatabase(), smtp, env });
    started.push({ api, smtp });
    return { api, smtp };
  };
  const tokenOf = (mail: ReceivedMail) => {
    const link = /https?:\/\/\S+#device-link=([\w-]+)/.exec(mail.text);
    expect(link, 'the e-mail holds a link with its token in the fragment').not.toBeNull();
    return link![1]!;
  };
  const staff = BYPASS_RECIPIENTS[0]!;
  const newcomer = { 'x-forwarded-for': '192.0.2.77', origin: STOREFRONT_ORIGIN };
  const askLink = (api: TestApi, email: string, headers: Record<string, string> = newcomer) =>
    api.post('/v1/device-link', { companyName: BYPASS_TENANT, email }, headers);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('during a flood of wrong passwords from 40 addresses, a new browser gets in within 60 s through an e-mailed link; the link works once', async () => {
    const { api, smtp } = await startWorld({ TENANT_GUESS_LIMIT: '10', TENANT_GUESS_INTERVAL_SECONDS: '5', RATE_LIMIT_MAX_FAILURES: '1000' });
    let flooding = true;
    const floodStatuses: number[] = [];
    const flood = (async () => {
      for (let round = 0; flooding; round++) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            api.post('/v1/session', { companyName: BYPASS_TENANT, password: `flood-${round}-${i}` }, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
          ),
        );
        floodStatuses.push(...answers.map((a) => a.status));
        await sleep(200);
      }
    })();
    try {
      while (floodStatuses.filter((s) => s === 429).length < 40) await sleep(50);
      // Locked out without a proof: the right password waits behind the flood.
      const lockedOut = await api.post('/v1/session', { companyName: BYPASS_TENANT, password: STAFF_PASSWORD }, newcomer);
      expect(lockedOut).toMatchObject({
        status: 429,
        body: { message: expect.stringMatching(/On a new browser, View Orders offers a sign-in link by e-mail$/) },
      });

      const asked = Date.now();
      const accepted = await askLink(api, staff);
      expect(accepted.status).toBe(202);
      const [mail] = await smtp.waitForMention('#device-link=');
      expect(mail!.to).toEqual([staff]);
      expect(mail!.text).toContain(`${STOREFRONT_ORIGIN}/bypass/orders/#device-link=`);
      const token = tokenOf(mail!);

      const redeemed = await api.post('/v1/redeem-device-link', { token }, newcomer);
      expect(redeemed).toMatchObject({
        status: 200,
        body: { company_name: BYPASS_TENANT, message: 'This browser is now recognised; sign in with your password.' },
      });
      const proof = deviceProofOf(redeemed);
      expect(proof).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      // The link grants no session: the password is still needed, and a wrong one is still wrong.
      expect(redeemed.body).not.toHaveProperty('token');
      expect((await api.post('/v1/session', { companyName: BYPASS_TENANT, password: 'not-it' }, withDeviceProof(newcomer, proof))).status).toBeOneOf([
        401, 429,
      ]);

      let signedIn = await api.post('/v1/session', { companyName: BYPASS_TENANT, password: STAFF_PASSWORD }, withDeviceProof(newcomer, proof));
      // The proof holders' lane admits one check per interval (5 s): a wrong guess just before may have used it.
      while (signedIn.status === 429 && Date.now() - asked < 60_000) {
        await sleep(Number(signedIn.headers.get('retry-after') ?? 1) * 1000);
        signedIn = await api.post('/v1/session', { companyName: BYPASS_TENANT, password: STAFF_PASSWORD }, withDeviceProof(newcomer, proof));
      }
      expect(signedIn).toMatchObject({ status: 200, body: { role: 'staff' } });
      expect(Date.now() - asked).toBeLessThan(60_000);

      // Once only: a second use, from anywhere, is refused.
      const again = await api.post('/v1/redeem-device-link', { token }, { 'x-forwarded-for': '203.0.113.9' });
      expect(again.status).toBe(403);
      expect(again.headers.get('device-proof')).toBeNull();
    } finally {
      flooding = false;
      await flood;
    }
    expect(floodStatuses.length).toBeGreaterThanOrEqual(80);
  });

  it('answers an unlisted address exactly as a listed one and sends it nothing; a made-up token opens nothing', async () => {
    const { api, smtp } = await startWorld({});
    const unlisted = await askLink(api, 'attacker@evil.example');
    const listed = await askLink(api, staff.toUpperCase());
    expect(unlisted.status).toBe(202);
    expect(unlisted.body).toEqual(listed.body);
    const mails = await smtp.waitFor(1);
    await sleep(500);
    expect(mails.map((m) => m.to)).toEqual([[staff]]);
    expect(smtp.received.some((m) => m.text.includes('evil.example'))).toBe(false);
    expect((await api.post('/v1/redeem-device-link', { token: 'A'.repeat(43) }, newcomer)).status).toBe(403);
    expect((await askLink(api, 'not an address')).status).toBe(400);
  });

  it("caps a flood of link requests (3 per address an hour) and 100 requests add no guesses beyond the tenant's limit", async () => {
    const { api, smtp } = await startWorld({ TENANT_GUESS_LIMIT: '10', TENANT_GUESS_INTERVAL_SECONDS: '60', RATE_LIMIT_MAX_FAILURES: '1000' });
    const address = (i: number) => ({ 'x-forwarded-for': `198.51.100.${(i % 40) + 1}` });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => askLink(api, BYPASS_RECIPIENTS[i % 2]!, address(i)).then((a) => a.status)));
    expect(answers).toEqual(Array(100).fill(202));
    await smtp.waitFor(6);
    await sleep(1_000);
    // Two listed addresses, three links each: the rest were answered alike and sent nowhere.
    expect(smtp.received).toHaveLength(6);
    const proofs: string[] = [];
    for (const [i, mail] of smtp.received.entries()) {
      const redeemed = await api.post('/v1/redeem-device-link', { token: tokenOf(mail) }, address(i));
      expect(redeemed.status).toBe(200);
      proofs.push(deviceProofOf(redeemed));
    }
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          api
            .post('/v1/session', { companyName: BYPASS_TENANT, password: `guess-${round}-${i}` }, withDeviceProof(address(i), proofs[i % proofs.length]!))
            .then((a) => a.status),
        ),
      );
      statuses.push(...guesses);
    }
    // TENANT_GUESS_LIMIT (10), then one check per interval (60 s) through the proof holders' lane, for all of them together.
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(checked).toBeLessThanOrEqual(11);
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - checked);
  });
}
