import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../src/core/headers-file.ts';
import type { ManifestEntry } from '../src/core/generator/shared/site-manifest.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { siteMounts } from '../src/core/serve/site-mounts.ts';
import { createStaticServer, type SiteMount } from '../src/core/serve/static-server.ts';
import { basePath } from '../src/site/routes.ts';
import { pageView } from '../scripts/bench/served-bytes.ts';
import { fixtureProject, REPO_ROOT } from './helpers/fixture-project.ts';
import { runScript } from './helpers/run-cli.ts';
import { sampleDist } from './helpers/sample-build.ts';

const { project } = loadProject(REPO_ROOT);
if (!project) throw new Error('the sample data must be valid');
const tenants = project.tenants;
let outDir = '';

/** Relative paths ('/' separators) of every file under dir. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(dir, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET: no decompression, and the path sent exactly as written (no normalising of '..'). */
function get(port: number, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  outDir = sampleDist();
}, 900_000);

describe('the published folders', () => {
  const sites = () => [...tenants.map((t) => t.id), '_entry'];

  it('each have _headers with immutable assets, revalidated pages and the security headers', () => {
    for (const site of sites()) {
      const rules = parseHeadersFile(readFileSync(path.join(outDir, site, '_headers'), 'utf8'));
      const asset = headersFor(rules, '/assets/base-0123abcd.js');
      expect(asset.get('cache-control'), site).toBe('public, max-age=31536000, immutable');
      for (const page of ['/', '/index.html', '/manifest.json', '/robots.txt', ...(site === '_entry' ? [] : ['/404.html', '/catalog/hats/', '/item/6277/'])]) {
        const headers = headersFor(rules, page);
        expect(headers.get('cache-control'), `${site} ${page}`).toBe('public, max-age=0, must-revalidate');
        expect(headers.get('x-content-type-options')).toBe('nosniff');
        expect(headers.get('referrer-policy')).toBe('no-referrer');
        expect(headers.get('x-frame-options')).toBe('DENY');
        expect(headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      }
    }
  });

  it('each disallow robots, and every page asks not to be indexed', () => {
    let pages = 0;
    for (const site of sites()) {
      expect(readFileSync(path.join(outDir, site, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n');
      for (const file of filesOf(path.join(outDir, site)).filter((f) => f.endsWith('.html'))) {
        expect(readFileSync(path.join(outDir, site, file), 'utf8'), `${site}/${file}`).toContain('<meta name="robots" content="noindex">');
        pages += 1;
      }
    }
    expect(pages).toBeGreaterThan(1000);
  });

  it('each list every other file in manifest.json, sorted, with its size and sha256', () => {
    for (const site of sites()) {
      const dir = path.join(outDir, site);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
      const listed = manifest.map((entry) => entry.path);
      expect(listed, site).toEqual(
        filesOf(dir)
          .filter((file) => file !== 'manifest.json')
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      expect(listed).toContain('_headers');
      expect(listed).toContain('robots.txt');
      for (const entry of manifest) {
        const bytes = readFileSync(path.join(dir, entry.path));
        expect({ path: entry.path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual(entry);
      }
    }
  });

  it('each have a .br sibling of every text file of 1 KB or more, and scripts and styles a .gz one too, holding the same bytes', () => {
    let checked = 0;
    for (const site of sites()) {
      const dir = path.join(outDir, site);
      const files = new Set(filesOf(dir));
      for (const file of files) {
        if (!/\.(html|js|css|json|svg|txt)$/.test(file) || file === 'manifest.json') continue;
        const original = readFileSync(path.join(dir, file));
        if (original.length < 1024) {
          expect(files.has(`${file}.br`), `${site}/${file} is too small to compress`).toBe(false);
          continue;
        }
        expect(brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))).equals(original), `${site}/${file}.br`).toBe(true);
        // Pages and data files have no gzip copy: a host without brotli compresses them on the fly.
        if (/\.(js|css)$/.test(file)) expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).equals(original), `${site}/${file}.gz`).toBe(true);
        else expect(files.has(`${file}.gz`), `${site}/${file}.gz`).toBe(false);
        checked += 1;
      }
      // No sibling without its original.
      for (const file of files) if (/\.(br|gz)$/.test(file)) expect(files.has(file.slice(0, -3)), `${site}/${file}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('serve scripts and styles as small as brotli 11 makes them, and a first view of each kind of page within 5 % of that', () => {
    const brotli11 = (bytes: Buffer) =>
      brotliCompressSync(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      });
    const tenant = tenants[0]!;
    const dir = path.join(outDir, tenant.id);
    const files = filesOf(dir).filter((file) => statSync(path.join(dir, file)).size >= 1024);
    // The client bundle is compressed once per code change and downloaded on every buyer's first page: the densest setting.
    const code = files.filter((file) => /\.(js|css)$/.test(file));
    expect(code.length).toBeGreaterThan(3);
    for (const file of code) expect(readFileSync(path.join(dir, `${file}.br`)).equals(brotli11(readFileSync(path.join(dir, file)))), file).toBe(true);
    // Pages change with the data, so they are compressed faster (item pages fastest): what a buyer downloads on a first view
    // of the largest page of each kind (its HTML, scripts, styles and price file) stays within 5 % of everything at brotli 11.
    const largestOfKind = new Map<string, string>();
    for (const file of files.filter((name) => name.endsWith('.html'))) {
      const kind = file.split('/')[0]!;
      const known = largestOfKind.get(kind);
      if (!known || statSync(path.join(dir, file)).size > statSync(path.join(dir, known)).size) largestOfKind.set(kind, file);
    }
    expect([...largestOfKind.keys()]).toEqual(expect.arrayContaining(['item', 'catalog', 'index.html', 'checkout']));
    for (const page of largestOfKind.values()) {
      const { published, brotli11: densest } = pageView(dir, basePath(tenant.routePrefix), page);
      expect(published / densest, page).toBeLessThan(1.05);
    }
  });

  it('are written without compressed siblings by `--no-precompress`, with the rest as usual', () => {
    const root = fixtureProject();
    const result = runScript('build', ['--root', root, '--no-precompress']);
    expect(result.status, result.stderr).toBe(0);
    for (const site of ['guardian', 'solo', '_entry']) {
      const files = filesOf(path.join(root, 'dist', site));
      expect(
        files.filter((file) => /\.(br|gz)$/.test(file)),
        site,
      ).toEqual([]);
      expect(files).toEqual(expect.arrayContaining(['_headers', 'robots.txt', 'manifest.json', 'index.html']));
    }
  });
});

describe('the local server', () => {
  let server: Server;
  let port = 0;
  const prefixed = () => {
    const tenant = tenants.find((t) => t.routePrefix !== '');
    if (!tenant) throw new Error('the sample data needs a tenant with a route prefix');
    return tenant;
  };

  beforeAll(async () => {
    server = createStaticServer(siteMounts(tenants, outDir));
    port = await listen(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a hashed asset brotli-compressed when asked, immutable, with an ETag', async () => {
    const tenant = prefixed();
    // The largest script: one of 1 KB or more, which has compressed siblings.
    const assets = path.join(outDir, tenant.id, 'assets');
    const script = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0];
    const url = `${basePath(tenant.routePrefix)}assets/${script}`;
    const original = readFileSync(path.join(outDir, tenant.id, 'assets', script!));

    const compressed = await get(port, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^text\/javascript/);
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers['x-content-type-options']).toBe('nosniff');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(compressed.body).equals(original)).toBe(true);

    const gzipped = await get(port, url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(original)).toBe(true);
    const plain = await get(port, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);

    const etag = String(compressed.headers.etag);
    expect(etag).not.toBe('undefined');
    expect((await get(port, url, { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
  });

  it('answers a page with must-revalidate and the security headers', async () => {
    const tenant = prefixed();
    for (const url of [basePath(tenant.routePrefix), `${basePath(tenant.routePrefix)}checkout/`, '/']) {
      const page = await get(port, url, { 'accept-encoding': 'br' });
      expect(page.status, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html;charset=utf-8');
      expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['content-security-policy']).toBe("frame-ancestors 'none'");
      expect(brotliDecompressSync(page.body).toString('utf8')).toContain('<meta name="robots" content="noindex">');
    }
  });

  it("keeps the mount logic: prefix redirects, the site's 404 page, no _headers", async () => {
    const base = basePath(prefixed().routePrefix);
    expect((await get(port, base.slice(0, -1))).headers.location).toBe(base);
    expect((await get(port, `${base}checkout`)).headers.location).toBe(`${base}checkout/`);
    const missing = await get(port, `${base}catalog/no-such-thing/`);
    expect(missing.status).toBe(404);
    expect(missing.body.toString('utf8')).toContain('Page not found');
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect((await get(port, `${base}_headers`)).status).toBe(404);
  });
});

describe('the local server, against folders made to break it', () => {
  const dist = path.join(mkdtempSync(path.join(tmpdir(), 'static-server-')), 'dist');
  const site = path.join(dist, 'guardian');
  const sibling = path.join(dist, 'guardian-x');
  const mounts: SiteMount[] = [{ prefix: '/guardian/', dir: site }];
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    mkdirSync(path.join(site, 'assets'), { recursive: true });
    mkdirSync(sibling, { recursive: true });
    writeFileSync(path.join(site, 'index.html'), '<p>guardian</p>');
    writeFileSync(path.join(site, '404.html'), '<p>Page not found</p>');
    writeFileSync(path.join(sibling, 'secret.html'), '<p>sibling secret</p>');
    // Files that exist but cannot be sent: a FIFO (opening it would wait forever), a dangling
    // symlink, and a file nobody may read (only unreadable when not root).
    execFileSync('mkfifo', [path.join(site, 'assets', 'stuck.js')]);
    symlinkSync(path.join(site, 'nowhere.js'), path.join(site, 'assets', 'gone.js'));
    writeFileSync(path.join(site, 'assets', 'locked.js'), 'locked');
    chmodSync(path.join(site, 'assets', 'locked.js'), 0o000);
    server = createStaticServer(mounts);
    port = await listen(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('does not let ../ escape into a sibling folder whose name starts the same', async () => {
    for (const url of [
      '/guardian/..%2fguardian-x/secret.html',
      '/guardian/../guardian-x/secret.html',
      '/guardian/%2e%2e/guardian-x/secret.html',
      '/guardian/..%5cguardian-x%5csecret.html',
    ]) {
      const answer = await get(port, url);
      expect(answer.status, url).toBe(404);
      expect(answer.body.toString('utf8'), url).not.toContain('sibling secret');
    }
  });

  it('answers a file it cannot read with an error status, and keeps serving', async () => {
    expect(existsSync(path.join(site, 'assets', 'gone.js'))).toBe(false);
    const urls = ['/guardian/assets/stuck.js', '/guardian/assets/gone.js', ...(process.getuid?.() === 0 ? [] : ['/guardian/assets/locked.js'])];
    for (const url of urls) {
      const answer = await get(port, url, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
    }
    const page = await get(port, '/guardian/');
    expect(page.status).toBe(200);
    expect(page.body.toString('utf8')).toBe('<p>guardian</p>');
  });
});
