// `npm run bench:search`: the storefront search at catalog scale. Grows a copy of the sample
// data to 600 products a catalog (as `npm run bench`), builds it (cold, then warm), and prints:
// - what the index costs the build: indexing every tenant from its catalog data with no cache,
//   and again with the cache (a tenant rebuilt for anything but its products), against the
//   warm build's wall time (which carries unchanged tenants, index included, and indexes none);
// - in Chromium, on the served build: the bytes a buyer's first query fetches (brotli as
//   served), and the time from the last key to the results shown, for a few queries.
//   npm run bench:search [-- --products 600] [--tenant guardian] [--runs 7]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BuildReport } from '../src/core/build/build-report.ts';
import { searchIndexAsset } from '../src/core/build/search-index-asset.ts';
import { tenantPageModel } from '../src/core/build/tenant-page-model.ts';
import { loadProject, type Project } from '../src/core/data/load-project.ts';
import { projectRoot } from '../src/core/project-root.ts';
import { siteMounts } from '../src/core/serve/site-mounts.ts';
import { createStaticServer } from '../src/core/serve/static-server.ts';
import { basePath } from '../src/site/routes.ts';
import { launchChromium } from '../tests/browser/chromium.ts';
import { copySampleData, growCatalogs } from './bench/catalog-scale-data.ts';

const REPO = projectRoot();
const { values } = parseArgs({ options: { products: { type: 'string', default: '600' }, tenant: { type: 'string', default: 'guardian' }, runs: { type: 'string', default: '7' } } });
const productsPerCatalog = Number(values.products);
const runs = Number(values.runs);
if (!Number.isInteger(productsPerCatalog) || productsPerCatalog < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error(`--products and --runs take whole numbers above 0, got ${values.products} and ${values.runs}`);
  process.exit(1);
}
/** Typed as a buyer would: a code, a word with a typo, a colour, two words. */
const QUERIES = ['K540', 'beenie', 'graphite', 'polo navy'];

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function build(data: string, label: string): number {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', data, '--out-dir', path.join(data, 'dist')], { cwd: REPO, encoding: 'utf8', env: { ...process.env, CI: '1' }, maxBuffer: 64 * 1024 * 1024 });
  if (child.status !== 0) throw new Error(`the ${label} build failed (exit ${child.status}):\n${child.stderr}\n${child.stdout.slice(-2000)}`);
  return performance.now() - started;
}

/**
 * Every tenant's index made as the build makes it, from its catalog data. Pictures are named as
 * the build names them (a thumbnail per product), not read: the build has them at hand.
 */
function indexEveryTenant(project: Project, cacheDir: string | undefined): { ms: number; rawBytes: number } {
  const started = performance.now();
  let rawBytes = 0;
  for (const tenant of project.tenants) {
    const catalog = project.catalogs.get(tenant.catalogId)!;
    const thumb = (code: string, color: string) => `${basePath(tenant.routePrefix)}assets/img/${encodeURIComponent(`${code}_${color}`)}-0123abcd-320.jpg`;
    const model = tenantPageModel(project.site, tenant, catalog, {
      logos: {},
      productImage: (code, color) => ({ width: 800, height: 800, placeholderColor: '#888888', sources: [], fallback: { src: thumb(code, color), srcset: `${thumb(code, color)} 320w` } }),
    });
    rawBytes += searchIndexAsset(model, catalog.priced, cacheDir).json.length;
  }
  return { ms: performance.now() - started, rawBytes };
}

async function measureInChromium(project: Project, dist: string, tenantId: string) {
  const server = createStaticServer(siteMounts(project.tenants, dist));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const browser = await launchChromium();
  try {
    const tenant = project.tenants.find((t) => t.id === tenantId)!;
    const url = tenant.routePrefix === '' ? `http://${tenant.id}.localhost:${port}/` : `http://localhost:${port}/${tenant.routePrefix}/`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    // From here on, every response the page gets: what using the field costs.
    const fetched: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      fetched.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize })));
    });
    // In the page: when the last key went down, and when the results for the whole query were shown.
    await page.evaluate(() => {
      const timing = { lastKey: 0, shown: new Map<string, number>() };
      (window as unknown as { searchTiming: typeof timing }).searchTiming = timing;
      document.addEventListener('keydown', () => (timing.lastKey = performance.now()), { capture: true });
      const status = document.querySelector('[data-search-status]')!;
      new MutationObserver(() => timing.shown.set(status.textContent ?? '', performance.now())).observe(status, { childList: true, characterData: true, subtree: true });
    });
    const field = page.getByRole('searchbox', { name: 'Search products' });
    const type = async (query: string) => {
      await field.fill('');
      await field.pressSequentially(query);
      const done = await page.waitForFunction((q) => {
        const timing = (window as unknown as { searchTiming: { lastKey: number; shown: Map<string, number> } }).searchTiming;
        const shown = [...timing.shown].find(([text]) => text.includes(`“${q}”`));
        return shown ? { ms: shown[1] - timing.lastKey, text: shown[0] } : false;
      }, query);
      await page.evaluate(() => (window as unknown as { searchTiming: { shown: Map<string, number> } }).searchTiming.shown.clear());
      return (await done.jsonValue()) as { ms: number; text: string };
    };
    const first = await type(QUERIES[0]!);
    await page.waitForLoadState('networkidle');
    const firstFetched = await Promise.all(fetched);
    // Thumbnails of the results are pictures, not search: listed apart.
    const pictures = firstFetched.filter((entry) => /\/assets\/img\//.test(entry.url));
    const searchFiles = firstFetched.filter((entry) => !pictures.includes(entry));
    const after: { query: string; median: number; slowest: number; text: string }[] = [];
    for (const query of QUERIES) {
      const times: number[] = [];
      let text = '';
      for (let run = 0; run < runs; run++) {
        const result = await type(query);
        times.push(result.ms);
        text = result.text;
      }
      after.push({ query, median: median(times), slowest: Math.max(...times), text });
    }
    await context.close();
    return { first, searchFiles, pictures, after };
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
try {
  const data = path.join(scratch, 'data');
  mkdirSync(data);
  copySampleData(REPO, data);
  growCatalogs(data, productsPerCatalog);
  mkdirSync(path.join(REPO, '.cache', 'images'), { recursive: true });
  mkdirSync(path.join(data, '.cache'));
  symlinkSync(path.join(REPO, '.cache', 'images'), path.join(data, '.cache', 'images'));
  const { project } = loadProject(data);
  if (!project) throw new Error('the generated data does not validate');
  if (!project.tenants.some((t) => t.id === values.tenant)) throw new Error(`no tenant ${values.tenant}`);
  const sizes = [...project.catalogs.values()].map((catalog) => catalog.products.length);
  console.log(`Catalog-scale data: ${project.tenants.length} tenants, catalogs of ${sizes.join('/')} products; ${cpus().length} CPUs\n`);

  const coldMs = build(data, 'cold');
  const warmRuns = Array.from({ length: 3 }, () => build(data, 'warm'));
  const warmMs = median(warmRuns);
  const report = JSON.parse(readFileSync(path.join(data, 'dist', 'report.json'), 'utf8')) as BuildReport;
  const unchanged = report.tenants.filter((site) => site.unchanged).length;

  const cacheDir = path.join(scratch, 'search-cache');
  const indexRuns = Array.from({ length: 3 }, () => indexEveryTenant(project, undefined));
  const uncached = median(indexRuns.map((run) => run.ms));
  indexEveryTenant(project, cacheDir);
  const cached = median(Array.from({ length: 3 }, () => indexEveryTenant(project, cacheDir).ms));
  const indexBytes = indexRuns[0]!.rawBytes / project.tenants.length;

  console.log('Build (wall, whole command):');
  console.log(`  cold build                               ${(coldMs / 1000).toFixed(2)} s`);
  console.log(`  warm build (median of 3: ${warmRuns.map((run) => (run / 1000).toFixed(2)).join(', ')} s)   ${(warmMs / 1000).toFixed(2)} s; ${unchanged} of ${report.tenants.length} tenants carried whole, no index made`);
  console.log(`  every tenant's index, no cache           ${ms(uncached)} (${ms(uncached / project.tenants.length)} a tenant; ${(uncached / warmMs * 100).toFixed(1)} % of the warm build)`);
  console.log(`  every tenant's index, from the cache     ${ms(cached)} (${(cached / warmMs * 100).toFixed(1)} % of the warm build)`);
  console.log(`  index size                               ${kb(indexBytes)} a tenant, uncompressed\n`);

  const seen = await measureInChromium(project, path.join(data, 'dist'), values.tenant);
  const searchBytes = seen.searchFiles.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(`In Chromium (${values.tenant}, served as \`npm start\` serves dist/, brotli siblings):`);
  console.log(`  first query "${QUERIES[0]}": ${kb(searchBytes)} fetched (body and headers) in ${seen.searchFiles.length} files; results ${ms(seen.first.ms)} after the last key (fetches included)`);
  for (const entry of seen.searchFiles) console.log(`    ${kb(entry.bytes).padStart(9)}  ${new URL(entry.url).pathname}`);
  console.log(`  and ${seen.pictures.length} result thumbnails, ${kb(seen.pictures.reduce((sum, entry) => sum + entry.bytes, 0))}`);
  console.log(`  after the first, last key → results shown (${runs} runs each):`);
  for (const entry of seen.after) console.log(`    "${entry.query}"`.padEnd(16) + `median ${ms(entry.median)}, slowest ${ms(entry.slowest)}   (${entry.text})`);
  const over = searchBytes > 100_000 || seen.after.some((entry) => entry.median > 100);
  console.log(`\nGoals: first query < 100 KB, results < 100 ms after that, index < 10 % of the warm build: ${over ? 'NOT MET' : 'met'} (bytes and time; the build's share is above)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
