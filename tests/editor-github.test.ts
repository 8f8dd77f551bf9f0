import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../server/tests/helpers/test-api.ts';
import { gitHubBackend, type GitHubBackendOptions } from '../src/editor/github-backend.ts';
import { previewState } from '../src/editor/github-preview.ts';
import { finishGitHubSignIn, gitHubSignInAddress, gitHubToken, type SignInStorage } from '../src/editor/github-sign-in.ts';
import { startFakeGitHub, type FakeGitHub } from './helpers/fake-github.ts';
import { fixtureProject } from './helpers/fixture-project.ts';

/**
 * The editor's GitHub side, end to end against a fake GitHub on loopback: signing in through the
 * real order API (which alone holds the OAuth app's secret), reading the data, and a save becoming
 * a branch, one commit and a pull request whose preview the editor then watches for.
 */

const EDITOR = 'https://shop.example.com';
const CALLBACK = `${EDITOR}/admin/`;
const OAUTH = {
  clientId: 'Iv1.editor',
  clientSecret: 'secret-of-the-oauth-app-0123456789',
  code: 'code-from-github',
  token: 'gho_merchandiser',
  scope: 'public_repo',
};
const CATALOG = '# yaml-language-server: $schema=../schemas/catalog.schema.json\npriced: true\nproducts:\n  - code: K500 # the polo\n    price: 38.77\n';

/** sessionStorage as a tab has it. */
function tabStorage(): SignInStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

describe("the editor's GitHub flow", () => {
  let github: FakeGitHub;
  let api: TestApi;
  const browserFetch = globalThis.fetch;

  beforeAll(async () => {
    github = await startFakeGitHub({
      files: {
        'catalogs/default.yaml': CATALOG,
        'tenants/guardian.yaml': 'company_name: Guardian\n',
        'catalogs/images/K500_navy.jpg': 'old photo',
        'README.md': '# x\n',
      },
      oauth: OAUTH,
      readOnlyToken: 'gho_reader',
    });
    api = await startTestApi({
      dataRoot: fixtureProject(),
      env: {
        CORS_ORIGINS: `http://localhost:5173,${EDITOR}`,
        GITHUB_OAUTH_CLIENT_ID: OAUTH.clientId,
        GITHUB_OAUTH_CLIENT_SECRET: OAUTH.clientSecret,
        GITHUB_OAUTH_CALLBACK_URL: CALLBACK,
        GITHUB_BASE_URL: github.url,
      },
    });
    // The editor's calls leave from its page, so the browser sends the page's origin with each.
    vi.stubGlobal('fetch', (url: string | URL, init: RequestInit = {}) =>
      browserFetch(url, { ...init, headers: { origin: EDITOR, ...(init.headers as Record<string, string>) } }),
    );
  }, 60_000);

  /** The backend the signed-in editor makes, pointed at the fake. */
  const backendOf = (options: Partial<GitHubBackendOptions> = {}) =>
    gitHubBackend({
      owner: github.owner,
      repo: github.repo,
      token: OAUTH.token,
      apiBase: github.url,
      previewOrigin: 'https://previews.example.com',
      ...options,
    });

  afterAll(async () => {
    vi.unstubAllGlobals();
    await api?.close();
    await github?.close();
  });

  it('signs in through the order API: GitHub gets the app secret from the server only, and the tab keeps the token', async () => {
    const tab = tabStorage();
    const address = new URL(await gitHubSignInAddress(api.url, tab));
    expect(`${address.origin}${address.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(Object.fromEntries(address.searchParams)).toEqual({
      client_id: OAUTH.clientId,
      redirect_uri: CALLBACK,
      scope: 'public_repo',
      state: expect.stringMatching(/^\d+\.[\w-]+\.[\w-]+$/),
      allow_signup: 'false',
    });
    expect(address.href).not.toContain(OAUTH.clientSecret);

    // GitHub sends the merchandiser back to the editor with a code and the state.
    const state = address.searchParams.get('state')!;
    const token = await finishGitHubSignIn(api.url, `${CALLBACK}?code=${OAUTH.code}&state=${encodeURIComponent(state)}`, tab);
    expect(token).toBe(OAUTH.token);
    expect(gitHubToken(tab)).toBe(OAUTH.token);
    expect(github.requests.filter((r) => r.path === '/login/oauth/access_token')).toEqual([
      {
        method: 'POST',
        path: '/login/oauth/access_token',
        authorization: undefined,
        body: { client_id: OAUTH.clientId, client_secret: OAUTH.clientSecret, code: OAUTH.code, redirect_uri: CALLBACK },
      },
    ]);
  });

  it('refuses a sign-in this tab did not start, a state the API did not sign, a used code and another site, in plain words', async () => {
    const exchanges = () => github.requests.filter((r) => r.path === '/login/oauth/access_token').length;
    const before = exchanges();
    const tab = tabStorage();
    await gitHubSignInAddress(api.url, tab);
    await expect(finishGitHubSignIn(api.url, `${CALLBACK}?code=${OAUTH.code}&state=someone-elses`, tab)).rejects.toThrow(
      'This GitHub sign-in was not started in this tab: sign in with GitHub again',
    );
    await expect(finishGitHubSignIn(api.url, `${CALLBACK}?error=access_denied&state=x`, tabStorage())).rejects.toThrow('The GitHub sign-in was cancelled');
    expect(exchanges()).toBe(before);

    const forged = await api.post('/v1/github-token', { code: OAUTH.code, state: `${Date.now() + 60_000}.abc.forged` }, { origin: EDITOR });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This GitHub sign-in was not started by this editor: sign in with GitHub again from the editor');

    const { state } = (await api.post('/v1/github-sign-in', {}, { origin: EDITOR })).body;
    const used = await api.post('/v1/github-token', { code: 'an-old-code', state }, { origin: EDITOR });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe('This GitHub sign-in has expired or was used already: sign in with GitHub again');

    const elsewhere = await api.post('/v1/github-sign-in', {}, { origin: 'http://localhost:5173' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(`GitHub sign-in is only for the editor at ${EDITOR}`);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it("reads the default branch's files", async () => {
    const backend = backendOf();
    expect(await backend.readText('catalogs/default.yaml')).toBe(CATALOG);
    expect(await backend.readText('catalogs/absent.yaml')).toBeUndefined();
    expect(await backend.listFiles('catalogs/images')).toEqual(['catalogs/images/K500_navy.jpg']);
  });

  it('proposes a save as a branch from main, one commit with every file exactly as given, and a pull request with its preview link', async () => {
    // The preview host as the repository variable may be written, with a trailing slash.
    const backend = backendOf({
      previewOrigin: 'https://previews.example.com/',
      now: () => new Date('2026-11-28T05:06:07Z'),
    });
    const catalog = CATALOG.replace('price: 38.77', 'price: 39.50');
    const tenant = 'company_name: Guardian\nphone: "+1 555 0100"\n';
    // A photo's bytes, including ones that are not UTF-8.
    const photo = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 37) % 256);
    const main = github.filesOf('main');
    const mainSha = github.headOf('main');
    const mainHead = github.requests.length;

    const proposal = await backend.propose({
      message: "K500: price 39.50, Guardian's phone\n\nChanged in the storefront editor by the merchandiser.",
      files: [
        { path: 'catalogs/default.yaml', text: catalog },
        { path: 'tenants/guardian.yaml', text: tenant },
        { path: 'catalogs/images/K500_red.jpg', bytes: photo },
      ],
    });

    const branch = 'edit/k500-price-39-50-guardian-s-phone-20261128-050607';
    expect(proposal).toEqual({
      branch,
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      pullRequest: { number: 41, url: 'https://github.com/dealer/storefronts/pull/41', previewUrl: 'https://previews.example.com/_previews/pr-41/' },
    });

    const sent = github.requests.slice(mainHead);
    const repo = '/repos/dealer/storefronts';
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${repo}`,
      `GET ${repo}/git/ref/heads/main`,
      `GET ${repo}/git/commits/${mainSha}`,
      `POST ${repo}/git/refs`,
      `POST ${repo}/git/blobs`,
      `POST ${repo}/git/blobs`,
      `POST ${repo}/git/blobs`,
      `POST ${repo}/git/trees`,
      `POST ${repo}/git/commits`,
      `PATCH ${repo}/git/refs/heads/${branch}`,
      `POST ${repo}/pulls`,
    ]);
    expect(sent.every((r) => r.authorization === `Bearer ${OAUTH.token}`)).toBe(true);
    expect(sent[3]!.body).toEqual({ ref: `refs/heads/${branch}`, sha: mainSha });
    expect(sent[4]!.body).toEqual({ content: catalog, encoding: 'utf-8' });
    expect(sent[6]!.body).toEqual({ content: Buffer.from(photo).toString('base64'), encoding: 'base64' });
    expect(sent[8]!.body).toMatchObject({
      message: "K500: price 39.50, Guardian's phone\n\nChanged in the storefront editor by the merchandiser.",
      parents: [mainSha],
    });
    expect(sent[9]!.body).toEqual({ sha: proposal.commit, force: false });
    expect(github.pulls).toEqual([
      {
        number: 41,
        title: "K500: price 39.50, Guardian's phone",
        head: branch,
        base: 'main',
        body: expect.stringContaining('Changed in the storefront editor by the merchandiser.'),
      },
    ]);
    expect(github.pulls[0]!.body).toContain('- `catalogs/images/K500_red.jpg`');

    // The branch holds main's files with exactly the three changes; main is untouched.
    const files = github.filesOf(branch);
    expect(files.get('catalogs/default.yaml')!.toString('utf8')).toBe(catalog);
    expect(files.get('tenants/guardian.yaml')!.toString('utf8')).toBe(tenant);
    expect(files.get('catalogs/images/K500_red.jpg')!.equals(Buffer.from(photo))).toBe(true);
    expect(files.get('README.md')).toEqual(main.get('README.md'));
    expect([...files.keys()].sort()).toEqual([...main.keys(), 'catalogs/images/K500_red.jpg'].sort());
    expect(github.filesOf('main')).toEqual(main);
    expect(github.commitOf(branch).parents).toEqual([mainSha]);
  });

  it('tells the editor when CI has published the preview: building until the preview job of the head commit has passed', async () => {
    const options = { owner: github.owner, repo: github.repo, token: OAUTH.token, apiBase: github.url };
    const head = github.requests.find((r) => r.method === 'PATCH')!.body.sha as string;
    expect(await previewState(options, 41)).toBe('building');
    github.checkRuns.set(head, [
      { name: 'test', status: 'completed', conclusion: 'success' },
      { name: 'preview', status: 'in_progress', conclusion: null },
    ]);
    expect(await previewState(options, 41)).toBe('building');
    github.checkRuns.set(head, [{ name: 'preview', status: 'completed', conclusion: 'success' }]);
    expect(await previewState(options, 41)).toBe('published');
    github.checkRuns.set(head, [{ name: 'preview', status: 'completed', conclusion: 'failure' }]);
    expect(await previewState(options, 41)).toBe('failed');
  });

  it('says in plain words when the token is no longer good or the account may not write', async () => {
    const stale = backendOf({ token: 'gho_expired' });
    const reader = backendOf({ token: 'gho_reader' });
    const branches = github.requests.filter((r) => r.path.endsWith('/git/refs')).length;
    await expect(reader.propose({ message: 'K500: price', files: [{ path: 'catalogs/default.yaml', text: CATALOG }] })).rejects.toThrow(
      'Your GitHub account may not change dealer/storefronts: ask its owner for write access (GitHub said: Resource not accessible by integration)',
    );
    // Refused at the first write: nothing after it was tried.
    expect(github.requests.filter((r) => r.path.endsWith('/git/refs')).length).toBe(branches + 1);
    expect(github.requests.at(-1)!.path).toBe('/repos/dealer/storefronts/git/refs');
    await expect(stale.readText('catalogs/default.yaml')).rejects.toThrow(
      'GitHub no longer accepts your sign-in: sign in with GitHub again (GitHub said: Bad credentials)',
    );
  });
});
