// A new browser at the dealership while a flood of wrong passwords from 40 addresses brakes
// the tenant (docs/security.md, Guess limits): told to wait, it asks the orders page for a
// sign-in link, the link arrives by e-mail, opening it makes the browser a known one, and the
// right password then opens the orders. Against the built sample site and the real order API.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUARDIAN_COMPANY, GUARDIAN_STAFF_PASSWORD, waitForMail, watchConsole } from './orders-steps.ts';
import { openWorld, tenant, type SiteWorld } from './harness.ts';

let site: SiteWorld;

beforeAll(async () => {
  // The brake after 5 wrong passwords, then one check a minute from unknown clients.
  site = await openWorld({ apiEnv: { TENANT_GUESS_LIMIT: '5', TENANT_GUESS_INTERVAL_SECONDS: '60', RATE_LIMIT_MAX_FAILURES: '1000' } });
}, 120_000);

afterAll(async () => {
  await site?.close();
});

it('lets a new browser in during a flood through an e-mailed sign-in link, within a minute', async () => {
  const flood = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      site.api.post('/v1/session', { companyName: GUARDIAN_COMPANY, password: `flood-${i}` }, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
    ),
  );
  expect(flood.filter((answer) => answer.status === 429).length).toBeGreaterThan(30);

  const context = await site.browser.newContext();
  const page = await context.newPage();
  const seen = watchConsole(page);
  const started = Date.now();
  await page.goto(`${site.baseUrl('guardian')}orders/`);
  const dialog = page.getByRole('dialog', { name: 'Enter password' });
  await dialog.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Show orders' }).click();
  // Held back like any unknown client, with the right password.
  await expect
    .poll(() => dialog.locator('[data-error]').textContent())
    .toMatch(
      /Many wrong passwords or codes were tried for this storefront; try again in \d+ seconds\. On a new browser, View Orders offers a sign-in link by e-mail/,
    );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByText('New browser, and asked to wait? E-mail me a sign-in link').click();
  const staffAddress = tenant('guardian').emailRecipients[0]!;
  await page.getByLabel('Your staff e-mail address (one the orders are sent to)').fill(staffAddress);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect.poll(() => page.locator('.device-link').getByRole('status').textContent()).toMatch(/a sign-in link is on its way/);

  const mail = await waitForMail(site.api, '#device-link=');
  const link = /(http\S+#device-link=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toContain(`${site.baseUrl('guardian')}orders/#device-link=`);
  // Opened from the e-mail: a new tab of the same browser.
  const opened = await context.newPage();
  await opened.goto(link!);
  const openedDialog = opened.getByRole('dialog', { name: 'Enter password' });
  await expect.poll(() => openedDialog.getByRole('status').textContent()).toBe('This browser is now recognised; sign in with your password.');
  // The token left the address at once: a reload does not try it again.
  expect(opened.url()).toBe(`${site.baseUrl('guardian')}orders/`);
  await openedDialog.getByLabel('Password', { exact: true }).fill(GUARDIAN_STAFF_PASSWORD);
  await openedDialog.getByRole('button', { name: 'Show orders' }).click();
  await expect.poll(() => openedDialog.isVisible()).toBe(false);
  await expect.poll(() => opened.getByText('Enter the password to see the orders.').count()).toBe(0);
  await expect.poll(() => opened.getByText('There are no orders yet.').count()).toBe(1);
  expect(Date.now() - started).toBeLessThan(60_000);

  // The same link a second time opens nothing.
  const second = await context.newPage();
  await second.goto(link!);
  await expect.poll(() => second.getByRole('dialog', { name: 'Enter password' }).getByRole('status').textContent()).toMatch(/has been used/);
  expect(seen.errors.filter((error) => !/status of (429|403)/.test(error))).toEqual([]);
  await context.close();
}, 120_000);
