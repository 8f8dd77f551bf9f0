import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE } from '../src/core/generator/publish/publish-site.ts';
import { runSharedHost } from '../src/core/cli/shared-host-command.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { planSharedHost, sharedHostConfig, writeSharedHost, type SharedTenant } from '../src/core/hosting/shared-host-folder.ts';
import { fixtureProject, REPO_ROOT } from './helpers/fixture-project.ts';
import { runInProcess, runScript } from './helpers/run-cli.ts';
import { aTenantCopy, tenantFields } from './helpers/tenant-builders.ts';
import { sampleDist } from './helpers/sample-build.ts';
import { ensureWrangler, pagesDev, type PagesDev } from './helpers/wrangler.ts';

const shared = (args: string[]) => runInProcess(async (argv) => runSharedHost(argv), args);
const { project } = loadProject(REPO_ROOT);
if (!project) throw new Error('the sample data must be valid');
const prefixed = project.tenants.filter((tenant) => tenant.routePrefix !== '');
const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};
const HUNDRED = 100;
const number = (i: number) => String(i).padStart(3, '0');

let dist = '';
let work = '';
/** A data folder of 100 prefixed tenants, the sample's repeated (ids tenant-001…, prefixes store-001…), and the sample's three without a prefix. */
let hundredRoot = '';
/** Their dist/: each tenant-NNN a link to the sample build of the tenant it repeats. */
let hundredDist = '';

beforeAll(() => {
  dist = sampleDist();
  work = mkdtempSync(path.join(tmpdir(), 'shared-host-'));
  hundredRoot = path.join(work, 'data');
  hundredDist = path.join(work, 'dist');
  mkdirSync(path.join(hundredRoot, 'tenants'), { recursive: true });
  mkdirSync(hundredDist);
  copyFileSync(path.join(REPO_ROOT, 'tenants', '_site.yaml'), path.join(hundredRoot, 'tenants', '_site.yaml'));
  symlinkSync(path.join(REPO_ROOT, 'tenants', 'logos'), path.join(hundredRoot, 'tenants', 'logos'));
  symlinkSync(path.join(REPO_ROOT, 'catalogs'), path.join(hundredRoot, 'catalogs'));
  // The tenants without a prefix stay: the catalogs name their stores.
  for (const tenant of project.tenants.filter((t) => t.routePrefix === ''))
    copyFileSync(path.join(REPO_ROOT, 'tenants', `${tenant.id}.yaml`), path.join(hundredRoot, 'tenants', `${tenant.id}.yaml`));
  for (let i = 1; i <= HUNDRED; i++) {
    const source = prefixed[(i - 1) % prefixed.length]!;
    aTenantCopy(hundredRoot, `tenant-${number(i)}`, tenantFields(REPO_ROOT, source.id), number(i), `store-${number(i)}`);
    symlinkSync(path.join(dist, source.id), path.join(hundredDist, `tenant-${number(i)}`));
  }
}, 120_000);

// About 190,000 links: removed here rather than by the run's teardown, which would hold up the
// main process while this file's worker stops.
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

/** The hundred tenants as the command sees them: ids and real prefixes from the data. */
function hundredTenants(): SharedTenant[] {
  const { project: hundred } = loadProject(hundredRoot);
  if (!hundred) throw new Error('the 100-tenant data must be valid');
  return hundred.tenants
    .filter((tenant) => tenant.routePrefix !== '')
    .map((tenant) => ({ id: tenant.id, prefix: tenant.routePrefix, dir: path.join(hundredDist, tenant.id) }));
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(dir, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'));
}

describe('the shared host of the sample tenants', () => {
  it('is one folder with every prefixed tenant under its prefix, within the limits of Cloudflare Pages', async () => {
    const out = path.join(work, 'pages-13');
    // The paid plan's 100,000 files: the sample's 19,154 are close to the free plan's 20,000, and
    // the free plan's refusal is shown with 100 tenants below.
    const result = await shared(['--host', 'cloudflare-pages', '--out', out, '--dist', dist, '--plan', 'paid']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/within the documented limits\n {2}header rules: \d+ of 100\n.*\n {2}files: [\d,]+ of 100,000 \(paid plan\)\n/);
    expect(readdirSync(out).sort()).toEqual(['404.html', '_headers', '_redirects', 'robots.txt', ...prefixed.map((tenant) => tenant.routePrefix)].sort());
    const files = filesOf(out);
    // The hosts compress by themselves, and the root's rules replace each tenant's.
    expect(files.filter((file) => /\.(br|gz)$/.test(file) || file.endsWith('/_headers'))).toEqual([]);
    for (const tenant of prefixed) {
      const own = filesOf(path.join(dist, tenant.id))
        .filter((file) => !/\.(br|gz)$/.test(file) && file !== '_headers')
        .sort();
      expect(
        files
          .filter((file) => file.startsWith(`${tenant.routePrefix}/`))
          .map((file) => file.slice(tenant.routePrefix.length + 1))
          .sort(),
        tenant.id,
      ).toEqual(own);
      expect(statSync(path.join(out, tenant.routePrefix, 'index.html')).ino).toBe(statSync(path.join(dist, tenant.id, 'index.html')).ino);
    }
    // A second run replaces the folder it wrote; a folder it did not write is left alone.
    expect((await shared(['--host', 'netlify', '--out', out, '--dist', dist, '--home', 'guardian'])).status).toBe(0);
    expect(
      readFileSync(path.join(out, '_redirects'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('/')),
    ).toEqual(['/ /guardian/ 302', '/:tenant/* /:tenant/404.html 404']);
    const inDist = await shared(['--host', 'netlify', '--out', path.join(dist, 'guardian', 'publish'), '--dist', dist]);
    expect(inDist.stderr).toContain(`is inside the built folder ${path.join(dist, 'guardian')}`);
    const foreign = path.join(work, 'foreign');
    mkdirSync(foreign);
    writeFileSync(path.join(foreign, 'notes.txt'), 'mine');
    const refused = await shared(['--host', 'netlify', '--out', foreign, '--dist', dist]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('is not a folder npm run shared-host wrote');
    expect(readdirSync(foreign)).toEqual(['notes.txt']);
  });
});

describe('the shared host of 100 tenants', () => {
  it('has as many rules as that of the 13 sample tenants, on either host', () => {
    const thirteen = prefixed.map((tenant) => ({ id: tenant.id, prefix: tenant.routePrefix, dir: path.join(dist, tenant.id) }));
    const hundred = hundredTenants();
    expect(hundred).toHaveLength(HUNDRED);
    expect(hundred.at(-1)).toMatchObject({ id: 'tenant-100', prefix: 'store-100' });
    for (const host of ['cloudflare-pages', 'netlify'] as const) {
      const small = sharedHostConfig(host, thirteen);
      const large = sharedHostConfig(host, hundred);
      expect(large.headerRules, host).toBe(small.headerRules);
      expect(large.headers, host).toBe(small.headers);
      expect(large.redirects, host).toBe(small.redirects);
    }
  });

  it('is over the files Cloudflare Pages takes, so nothing is written and the split is proposed', async () => {
    const out = path.join(work, 'pages-100');
    const result = await shared(['--host', 'cloudflare-pages', '--out', out, '--root', hundredRoot, '--dist', hundredDist]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /Cloudflare Pages \(free plan\) takes at most 20,000 files in a deployment \(https:\/\/developers\.cloudflare\.com\/pages\/platform\/limits\/#files\); this folder has 1\d\d,\d{3}\. Split the tenants over several Pages projects, one folder each as below, or, on a Workers Paid plan, .* --plan paid \(100,000 files\):\n/,
    );
    // Groups of whole tenants by id, for --tenant, each under 20,000 files.
    const groups = [...result.stderr.matchAll(/^ {2}project \d+ \(([\d,]+) files\): (.*)$/gm)];
    expect(groups.length).toBeGreaterThan(5);
    expect(groups[0]?.[2]).toMatch(/^--tenant tenant-001 --tenant tenant-002 /);
    expect(groups.flatMap((group) => group[2]!.split(' --tenant ').map((id) => id.replace('--tenant ', '')))).toEqual(
      Array.from({ length: HUNDRED }, (_, i) => `tenant-${number(i + 1)}`),
    );
    for (const group of groups) expect(Number(group[1]!.replace(/,/g, ''))).toBeLessThanOrEqual(20_000);
    expect(result.stderr).toContain(`nothing written to ${out}`);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});

describe('the limit checks of a folder made otherwise', () => {
  it('fail on too many header rules and on a file too large, naming each', async () => {
    const folder = path.join(work, 'by-hand');
    mkdirSync(path.join(folder, 'guardian', 'assets'), { recursive: true });
    // The old recipe: each tenant's rules prefixed, 14 a tenant.
    writeFileSync(path.join(folder, '_headers'), Array.from({ length: 182 }, (_, i) => `/t${i}/*\n  Cache-Control: ${REVALIDATE}\n`).join(''));
    writeFileSync(path.join(folder, 'guardian', 'assets', 'poster.jpg'), '');
    truncateSync(path.join(folder, 'guardian', 'assets', 'poster.jpg'), 26 * 1024 * 1024);
    const result = await shared(['--host', 'cloudflare-pages', '--check', folder]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('over 2 documented limits');
    expect(result.stderr).toContain(
      'Cloudflare Pages keeps 100 header rules (https://developers.cloudflare.com/pages/platform/limits/#headers); this configuration has 182',
    );
    expect(result.stderr).toContain(
      'Cloudflare Pages serves files of at most 25.0 MiB (https://developers.cloudflare.com/pages/platform/limits/#file-size); guardian/assets/poster.jpg is 26.0 MiB.',
    );
    expect((await shared(['--host', 'netlify', '--check', folder])).status).toBe(0);
  });
});

/** The base fixture built: guardian (prefix guardian) and solo (no prefix). */
function builtFixture(): { root: string; dist: string } {
  const root = fixtureProject();
  const result = runScript('build', ['--root', root]);
  if (result.status !== 0) throw new Error(`the base fixture does not build:\n${result.stderr}`);
  return { root, dist: path.join(root, 'dist') };
}

describe('a tenant without a route_prefix on a Pages project or Netlify site of its own', () => {
  it('gets a folder with its files at the root and without the .br/.gz siblings, which its built folder fails the check for', async () => {
    const { root, dist } = builtFixture();
    const built = filesOf(path.join(dist, 'solo'));
    expect(built).toEqual(expect.arrayContaining(['index.html', 'index.html.br']));

    // Published as built, /index.html.br would be served as a file of its own.
    const asBuilt = await shared(['--host', 'cloudflare-pages', '--check', path.join(dist, 'solo')]);
    expect(asBuilt.status).toBe(1);
    expect(asBuilt.stderr).toContain('with files the host would serve as they are not');
    expect(asBuilt.stderr).toMatch(
      /Cloudflare Pages compresses by itself and serves a precompressed sibling as a file of its own \(\/[^ ]+\.(br|gz) answers .*; this folder has \d+ \.br\/\.gz siblings\. .*--out <folder> --tenant <id> for a tenant without a route_prefix/,
    );

    for (const host of ['cloudflare-pages', 'netlify'] as const) {
      const out = path.join(root, `publish-solo-${host}`);
      const result = await shared(['--host', host, '--out', out, '--tenant', 'solo', '--root', root]);
      expect(result.stderr, host).toBe('');
      expect(result.stdout).toContain(`wrote ${out}: solo at /, without the .br/.gz siblings`);
      expect(filesOf(out).sort(), host).toEqual(built.filter((file) => !/\.(br|gz)$/.test(file)).sort());
      // Its own rules, relative to the root as built, marked as written by the command so the next run may replace the folder.
      const headers = readFileSync(path.join(out, '_headers'), 'utf8');
      expect(headers).toMatch(/^# Written by npm run shared-host for (Cloudflare Pages|Netlify): solo at the root of a host of its own\.\n/);
      expect(headers.slice(headers.indexOf('\n') + 1)).toBe(readFileSync(path.join(dist, 'solo', '_headers'), 'utf8'));
      expect(statSync(path.join(out, 'index.html')).ino).toBe(statSync(path.join(dist, 'solo', 'index.html')).ino);
      expect((await shared(['--host', host, '--check', out])).status, host).toBe(0);
      expect((await shared(['--host', host, '--out', out, '--tenant', 'solo', '--root', root])).status, host).toBe(0);
    }

    const mixed = await shared(['--host', 'netlify', '--out', path.join(root, 'mixed'), '--tenant', 'solo', '--tenant', 'guardian', '--root', root]);
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toContain('--tenant solo: it has no route_prefix, so it is served at the root of a host of its own, not with other tenants');
    expect(existsSync(path.join(root, 'mixed'))).toBe(false);
  });
});

describe('--check-dist: a built dist/ checked as it would be published, writing nothing', () => {
  it('checks the shared host of the prefixed tenants and each other tenant’s own host, one line of figures each', async () => {
    const { root, dist } = builtFixture();
    const before = readdirSync(root).sort();
    for (const host of ['cloudflare-pages', 'netlify'] as const) {
      const result = await shared(['--host', host, '--check-dist', dist, '--root', root]);
      expect(result.stderr, host).toBe('');
      expect(result.status, host).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/: 2 hosts within the documented limits$/);
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(/^ {2}the shared host \(1 prefixed tenant, npm run shared-host -- --out\): .*files: \d+/),
        expect.stringMatching(/^ {2}solo's own host \(no route_prefix, npm run shared-host -- --out <folder> --tenant solo\): .*files: \d+/),
      ]);
    }
    expect(readdirSync(root).sort()).toEqual(before);
  });

  it('over Pages’ 20,000 files names the host, the limit, the figure and the split that fits', async () => {
    const { root, dist } = builtFixture();
    // Three prefixed tenants of 7,000 files and more each: over 20,000 together, two projects apart.
    const pad = path.join(dist, 'guardian', 'assets', 'pad');
    mkdirSync(pad);
    for (let i = 0; i < 7_000; i++) writeFileSync(path.join(pad, `f-${i}.txt`), '');
    const guardian = tenantFields(root, 'guardian');
    for (const copy of ['guardian-2', 'guardian-3']) {
      aTenantCopy(root, copy, guardian, copy, copy);
      symlinkSync(path.join(dist, 'guardian'), path.join(dist, copy));
    }

    const result = await shared(['--host', 'cloudflare-pages', '--check-dist', dist, '--root', root]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/: 1 of 2 hosts over a documented limit\nthe shared host \(3 prefixed tenants, npm run shared-host -- --out\):\n/);
    expect(result.stderr).toMatch(
      /Cloudflare Pages \(free plan\) takes at most 20,000 files in a deployment \(.*#files\); this folder has 21,\d{3}\. Split the tenants over several Pages projects, one folder each as below, .*--plan paid \(100,000 files\):\n {2}project 1 \(14,\d{3} files\): --tenant guardian --tenant guardian-2\n {2}project 2 \(7,\d{3} files\): --tenant guardian-3\n/,
    );
    expect(result.stderr).not.toContain("solo's own host");
    expect((await shared(['--host', 'cloudflare-pages', '--check-dist', dist, '--root', root, '--plan', 'paid'])).status).toBe(0);
    expect((await shared(['--host', 'cloudflare-pages', '--check-dist', dist, '--root', root, '--tenant', 'solo'])).stderr).toContain(
      '--check-dist checks every tenant built in the folder it names',
    );
  }, 120_000);
});

describe('wrangler pages dev, Cloudflare’s own runtime', () => {
  let server: PagesDev | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the 100-tenant folder with the headers of every tenant, the first and the last, and of the root', async () => {
    const bin = ensureWrangler();
    const out = path.join(work, 'pages-100-served');
    // Over the files a Pages deployment takes (above), but wrangler pages dev serves it all.
    const tenants = hundredTenants();
    writeSharedHost(planSharedHost('cloudflare-pages', tenants), out);
    server = await pagesDev(bin, out);
    const get = async (pathname: string) => {
      const response = await fetch(`${server!.origin}${pathname}`, { redirect: 'manual' });
      const body = await response.text();
      const headers = Object.fromEntries(
        ['cache-control', ...Object.keys(SECURITY), 'location'].flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : [])),
      );
      return { status: response.status, headers, body };
    };
    for (const prefix of ['store-001', 'store-100']) {
      const page = await get(`/${prefix}/`);
      expect(page.status, `${prefix}\n${server.output()}`).toBe(200);
      expect(page.headers).toEqual({ ...SECURITY, 'cache-control': REVALIDATE });
      const script = readdirSync(path.join(out, prefix, 'assets')).find((file) => file.endsWith('.js'));
      const asset = await get(`/${prefix}/assets/${script}`);
      expect(asset.status, script).toBe(200);
      expect(asset.headers).toEqual({ ...SECURITY, 'cache-control': IMMUTABLE });
      const item = readdirSync(path.join(out, prefix, 'item'))[0];
      expect((await get(`/${prefix}/item/${item}/`)).headers).toEqual({ ...SECURITY, 'cache-control': REVALIDATE });
      expect(await get(`/${prefix}`)).toMatchObject({ status: 308, headers: { ...SECURITY, location: `/${prefix}/` } });
      // The tenant's own 404 page, not the host's.
      const missing = await get(`/${prefix}/no-such-page/`);
      expect(missing.status).toBe(404);
      expect(missing.body).toBe(readFileSync(path.join(out, prefix, '404.html'), 'utf8'));
      expect(missing.headers).toMatchObject(SECURITY);
    }
    const robots = await get('/robots.txt');
    expect(robots).toMatchObject({ status: 200, headers: { ...SECURITY, 'cache-control': REVALIDATE } });
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    const root = await get('/');
    expect(root.status).toBe(404);
    expect(root.body).toContain('There is no storefront at this address.');
    expect(root.headers).toMatchObject(SECURITY);
  }, 600_000);
});
