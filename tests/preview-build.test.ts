import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../src/core/data/load-project.ts';
import { createStaticServer, type SiteMount } from '../src/core/serve/static-server.ts';
import { fixtureProject, REPO_ROOT } from './helpers/fixture-project.ts';
import { filesOf } from './helpers/files-of.ts';

/**
 * A pull request's preview, made as the workflow makes it: `npm run --silent preview:plan`, then
 * `npm run build -- --plan` (each tenant at its entry's base path and preview), each folder
 * put at its bucket key and served from there by the project's static server. Then the
 * production build into the same output folder, caches warm from the previews.
 */
const PULL_REQUEST = 12;
const NOTICE = `Preview of pull request #${PULL_REQUEST}`;

interface PlanEntry {
  tenant: string;
  base: string;
  key: string;
  basePath: string;
  preview: string;
}

const root = fixtureProject();
const { project } = loadProject(root);
if (!project) throw new Error('the base fixture must be valid');
const work = mkdtempSync(path.join(tmpdir(), 'storefront-preview-'));
const previewOut = path.join(work, 'dist');
const freshOut = path.join(work, 'fresh-dist');
const bucket = path.join(work, 'bucket');
let plan: PlanEntry[] = [];
let origin = '';
let server: ReturnType<typeof createStaticServer> | undefined;

function run(script: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', `${script}.ts`), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every site path a string names: itself, or each URL of a srcset ('/a.jpg 8w, /b.jpg 16w'). */
function pathsIn(value: string): string[] {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url.startsWith('/') && !url.startsWith('//'));
}

/** Every string inside parsed JSON. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * What a page or file links to on its own site: the HTML's href, src, srcset, form actions, the
 * search pointer and the URLs inside islands' props; a JSON file's URL strings (the search
 * pointer's index, the catalog file's thumbnails).
 */
function linksOf(body: string, type: string): string[] {
  if (type.startsWith('application/json')) return stringsOf(JSON.parse(body)).flatMap(pathsIn);
  if (!type.startsWith('text/html')) return [];
  const links: string[] = [];
  for (const [, , value = ''] of body.matchAll(/\s(href|src|srcSet|srcset|action|data-search-pointer)="([^"]*)"/g))
    links.push(...pathsIn(decodeEntities(value)));
  for (const [, props = ''] of body.matchAll(/\sdata-props="([^"]*)"/g)) links.push(...stringsOf(JSON.parse(decodeEntities(props))).flatMap(pathsIn));
  return links;
}

/** Fetches the pages, then every page, asset and file they lead to; answers what each URL returned. */
async function crawl(pages: readonly string[]): Promise<Map<string, { status: number; type: string; body: string }>> {
  const seen = new Map<string, { status: number; type: string; body: string }>();
  const queue = [...pages];
  while (queue.length > 0) {
    const url = (queue.shift() as string).split('#')[0]!.split('?')[0]!;
    if (seen.has(url)) continue;
    const response = await fetch(`${origin}${url}`, { redirect: 'manual' });
    const type = response.headers.get('content-type') ?? '';
    const body = type.startsWith('text/html') || type.startsWith('application/json') ? await response.text() : (await response.arrayBuffer(), '');
    seen.set(url, { status: response.status, type, body });
    if (response.status === 200) queue.push(...linksOf(body, type).filter((link) => !seen.has(link)));
  }
  return seen;
}

beforeAll(async () => {
  plan = (JSON.parse(run('preview-plan', ['--root', root, '--pull-request', String(PULL_REQUEST)])) as { include: PlanEntry[] }).include;
  // The workflow's build step: the plan's tenants, each at its entry's base path and preview.
  const planFile = path.join(work, 'plan.json');
  writeFileSync(planFile, JSON.stringify({ include: plan }));
  run('build', ['--root', root, '--out-dir', previewOut, '--plan', planFile]);
  // What the deploy puts in the bucket: each folder at its key.
  const mounts: SiteMount[] = plan.map((entry) => {
    const dir = path.join(bucket, ...entry.key.split('/'));
    mkdirSync(dir, { recursive: true });
    cpSync(path.join(previewOut, entry.tenant), dir, { recursive: true });
    return { prefix: `/${entry.key}/`, dir };
  });
  server = createStaticServer(mounts);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Production after the previews, into the same folder: whatever the previews left in the caches and in dist/ must not leak into it.
  run('build', ['--root', root, '--out-dir', previewOut], { STOREFRONT_BASE_PATH: '', STOREFRONT_PREVIEW: '' });
  run('build', ['--root', root, '--out-dir', freshOut, '--no-page-cache']);
}, 600_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe("a pull request's preview", () => {
  it("puts every tenant of the fixture at its own key under the pull request's folder, served at that path", () => {
    expect(plan.map((entry) => entry.tenant)).toEqual(project.tenants.map((tenant) => tenant.id));
    // One tenant with a route prefix and one without: both under one host, apart.
    expect(plan.map((entry) => entry.base)).toEqual([`/_previews/pr-${PULL_REQUEST}/_shared/guardian/`, `/_previews/pr-${PULL_REQUEST}/solo/`]);
    for (const entry of plan) expect(entry.base).toBe(`/${entry.key}/`);
  });

  it('answers 200 for every link and asset of every page, each under the preview, and says it is a preview on every page', async () => {
    for (const entry of plan) {
      // Every page the folder has, as its address: the success page, for one, is opened by the checkout's script, not by a link.
      const built = filesOf(path.join(bucket, ...entry.key.split('/'))).filter((file) => file.endsWith('index.html'));
      const found = await crawl(built.map((file) => `${entry.base}${file.slice(0, -'index.html'.length)}`));
      const pages = [...found].filter(([, answer]) => answer.type.startsWith('text/html'));
      expect(pages.length, entry.tenant).toBe(built.length);
      expect(found.size).toBeGreaterThan(pages.length + 10);
      expect(
        [...found].filter(([, answer]) => answer.status !== 200).map(([url, answer]) => `${answer.status} ${url}`),
        entry.tenant,
      ).toEqual([]);
      expect(
        [...found.keys()].filter((url) => !url.startsWith(entry.base)),
        `${entry.tenant}: links leaving ${entry.base}`,
      ).toEqual([]);
      expect(
        [...found].some(([url]) => /\/assets\/img\/.+\.webp$/.test(url)),
        'pictures are crawled',
      ).toBe(true);
      expect(
        [...found].some(([url]) => /\/assets\/search-[0-9a-f]+\.json$/.test(url)),
        'the search index is crawled',
      ).toBe(true);
      expect(
        [...found].some(([url]) => /\/assets\/catalog-[0-9a-f]+\.json$/.test(url)),
        'the catalog file is crawled',
      ).toBe(true);
      for (const [url, { body }] of pages) {
        // The notice comes first in the body's HTML: nothing above it moves when scripts run.
        expect(/<body>\n<p class="notice" role="note" data-preview-notice="">([^<]*)<\/p>/.exec(body)?.[1], url).toBe(
          `${NOTICE} — orders are not placed here.`,
        );
      }

      // The tenant's own 404 page, under the preview, says so too and links home.
      const missing = await fetch(`${origin}${entry.base}no-such-page/`);
      const notFound = await missing.text();
      expect(missing.status).toBe(404);
      expect(notFound).toContain(NOTICE);
      expect(notFound).toContain(`href="${entry.base}"`);
    }
  });

  it('places no order: no page names the order API or may connect to one, the checkout says why, and PayPal is not loaded', async () => {
    for (const entry of plan) {
      const tenant = project.tenants.find((candidate) => candidate.id === entry.tenant)!;
      const apiHost = new URL(tenant.serverHostname).host;
      const folder = path.join(bucket, ...entry.key.split('/'));
      const naming = filesOf(folder).filter((file) => /\.(html|js|json)$/.test(file) && readFileSync(path.join(folder, file), 'utf8').includes(apiHost));
      expect(naming, `${entry.tenant}: files naming ${apiHost}`).toEqual([]);
      const checkout = await (await fetch(`${origin}${entry.base}checkout/`)).text();
      const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(checkout)?.[1] ?? '';
      expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' https://*.paypal.com https://*.paypalobjects.com");
      expect(checkout).toMatch(/data-preview-checkout="">This checkout is part of the preview of pull request #12\. It is not connected to the order service/);
      const props = JSON.parse(decodeEntities(/data-island="checkout" data-props="([^"]*)"/.exec(checkout)?.[1] ?? '{}')) as {
        apiBase?: string;
        paypalClientId?: string;
      };
      expect(props.apiBase).toBe('https://orders.preview.invalid');
      expect(props.paypalClientId).toBeUndefined();
    }
  });
});

describe('a preview built without a plan', () => {
  it('refuses two tenants without a route prefix under one --base-path, naming them and the way out', () => {
    const twoAtRoot = fixtureProject();
    const solo = readFileSync(path.join(twoAtRoot, 'tenants/solo.yaml'), 'utf8');
    writeFileSync(path.join(twoAtRoot, 'tenants/solo-two.yaml'), solo.replace(/^company_name: .*$/m, 'company_name: Solo Two Motors'));
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-two-at-root-')), 'dist');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'build.ts'), '--root', twoAtRoot, '--out-dir', out, '--base-path', '/_previews/pr-12/'],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 300_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^Build failed: solo, solo-two have no route_prefix, so --base-path \/_previews\/pr-12\/ would serve them all at \/_previews\/pr-12\/: .*--plan/m,
    );
  });
});

describe('the production build after a preview', () => {
  it('is byte for byte the build made without the preview options, from nothing cached', () => {
    const sites = [...project.tenants.map((tenant) => tenant.id), '_entry'];
    for (const site of sites) {
      const files = filesOf(path.join(freshOut, site));
      expect(files.length).toBeGreaterThan(20);
      expect(filesOf(path.join(previewOut, site)), site).toEqual(files);
      const differing = files.filter((file) => !readFileSync(path.join(previewOut, site, file)).equals(readFileSync(path.join(freshOut, site, file))));
      expect(differing, `${site}: files that differ`).toEqual([]);
      expect(readFileSync(path.join(previewOut, site, 'index.html'), 'utf8')).not.toContain('_previews');
    }
  });
});
