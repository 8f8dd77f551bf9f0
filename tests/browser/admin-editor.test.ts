// The editor at /admin/ of the built sample site, as a merchandiser on the deployed site uses it:
// "Sign in with GitHub" goes through the real order API to (a fake) GitHub's authorize page, the
// code GitHub sends back becomes the tab's token, the catalogs are read from the repository, and a
// save opens a pull request whose preview link shows once its check has passed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.ts';
import { launchChromium, openWorld, type SiteWorld } from './harness.ts';

const OAUTH = { clientId: 'Iv1.admin', clientSecret: 'admin-app-secret', code: 'code-from-github', token: 'gho_admin', scope: 'public_repo' };
/** The sample's tenants/_site.yaml names it; the fake GitHub serves it as its own repository. */
const SITE_REPOSITORY = /^\/repos\/keystone-promo\/storefront-data(?=\/|$)/;
const DATA_FILES = ['tenants/_site.yaml', 'tenants/first.yaml', 'catalogs/tiered.yaml'];

/** The deployed editor's address, as the OAuth app's callback names it; the browser sends the host to the served sample. */
const EDITOR_HOST = 'shop.example.test';
const EDITOR = `http://${EDITOR_HOST}/admin/`;

let github: FakeGitHub;
let site: SiteWorld;
let browser: Browser;

beforeAll(async () => {
  github = await startFakeGitHub({
    files: {
      ...Object.fromEntries(DATA_FILES.map((file) => [file, readFileSync(path.join(REPO_ROOT, file), 'utf8')])),
      // The logos first.yaml names, so the tenant is valid as it stands (their bytes are not read).
      ...Object.fromEntries(['first.png', 'First Auto Group.png', 'First Auto Script.png'].map((logo) => [`tenants/logos/${logo}`, 'logo'])),
    },
    oauth: OAUTH,
  });
  site = await openWorld({
    apiEnv: {
      GITHUB_OAUTH_CLIENT_ID: OAUTH.clientId,
      GITHUB_OAUTH_CLIENT_SECRET: OAUTH.clientSecret,
      GITHUB_OAUTH_CALLBACK_URL: EDITOR,
      GITHUB_BASE_URL: github.url,
      CORS_ORIGINS: `http://${EDITOR_HOST}`,
    },
  });
  // The sign-in answers only the callback's origin, which must be known before the site's port is.
  browser = await launchChromium({
    hostsToLoopback: { [EDITOR_HOST]: site.port, [new URL(site.apiUrl).host.split(':')[0]!]: Number(new URL(site.api.url).port) },
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await github?.close();
});

/** The page's calls to api.github.com, answered by the fake (as GitHub does, to any origin). */
async function routeGitHubApi(page: Page): Promise<void> {
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type, accept, x-github-api-version' };
  await page.route('https://api.github.com/**', async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: { ...cors, 'access-control-allow-methods': 'GET, POST, PATCH' } });
    const url = new URL(request.url());
    const answer = await route.fetch({ url: `${github.url}${url.pathname.replace(SITE_REPOSITORY, `/repos/${github.owner}/${github.repo}`)}${url.search}` });
    await route.fulfill({ response: answer, headers: { ...answer.headers(), ...cors } });
  });
}

describe('the editor at /admin/ of the entry site', () => {
  it('signs in with GitHub, reads the repository and proposes a change as a pull request with its preview', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(`${message.text()} ${message.location().url}`)));
    await routeGitHubApi(page);
    await page.goto(EDITOR);
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${github.url}/login/oauth/authorize`));
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('client_id')).toBe(OAUTH.clientId);

    // GitHub sends the merchandiser back with a code for the state the tab keeps (the fake has no authorize page to show).
    problems.length = 0;
    await page.goto(`${EDITOR}?code=${OAUTH.code}&state=${encodeURIComponent(authorize.searchParams.get('state')!)}`);
    await page.getByRole('button', { name: /^tenants\/first\.yaml/ }).click();
    expect(new URL(page.url()).search).toBe('');
    const phone = page.locator('input[data-path="account_reps[0].phone"]');
    await phone.fill('555-0199');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isEnabled(), { timeout: 20_000 }).toBe(true);
    await save.click();
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Saved as pull request #\d+\./);
    const pull = github.pulls[0]!;
    expect(await status.getByRole('link', { name: `pull request #${pull.number}` }).getAttribute('href')).toBe(
      `https://github.com/${github.owner}/${github.repo}/pull/${pull.number}`,
    );
    expect(github.filesOf(pull.head).get('tenants/first.yaml')?.toString()).toContain('{ name: Marcus Bell, phone: "555-0199" }');
    expect(await status.getByRole('link', { name: 'Preview' }).count()).toBe(0);

    // CI's preview job passes: within a poll (15 s) the editor links the preview.
    github.checkRuns.set(github.headOf(pull.head), [{ name: 'preview', status: 'completed', conclusion: 'success' }]);
    await expect
      .poll(() => status.getByRole('link', { name: 'Preview' }).getAttribute('href'), { timeout: 25_000 })
      .toBe(`http://${EDITOR_HOST}/_previews/pr-${pull.number}/`);
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});
