// `npm run bench:search`: the storefront search at catalog scale. Grows a copy of the sample
// data to 600 products a catalog (as `npm run bench`), builds it (cold, then warm), and prints:
// - what the index costs the build: the warm build carries unchanged tenants, index included,
//   and indexes none; a one-product edit rebuilds the tenants of that catalog, each with a new
//   index (timed in-process, against that build's wall time); and every tenant indexed with no
//   cache and with it (a tenant rebuilt for anything but its products), against the warm build;
// - in Chromium, on the served build: the bytes a buyer's first query fetches (brotli as
//   served), and the time from the last key to the results shown, for a few queries.
//   npm run bench:search [-- --products 600] [--tenant guardian] [--runs 7] [--data DIR --queries K500,sport,navy]
// (--data grows another data folder instead of the sample, with queries that fit it: the tests run it on their fixture.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BuildReport } from '../src/core/generator/shared/build-report.ts';
import { searchIndexAsset } from '../src/core/generator/render/search-index-asset.ts';
import { tenantPageModel } from '../src/core/generator/render/tenant-page-model.ts';
import { loadProject, type Project } from '../src/core/data/load-project.ts';
import { projectRoot } from '../src/core/project-root.ts';
import { siteMounts } from '../src/core/serve/site-mounts.ts';
import { createStaticServer } from '../src/core/serve/static-server.ts';
import { basePath } from '../src/site/routes.ts';
import { launchChromium } from '../tests/browser/chromium.ts';
import { catalogScaleData } from './bench/catalog-scale-data.ts';

const REPO = projectRoot();
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '600' },
    tenant: { type: 'string', default: 'guardian' },
    runs: { type: 'string', default: '7' },
    data: { type: 'string' },
    // Typed as a buyer would: a code, a word with a typo, a colour, two words, and issue 47's phrases.
    queries: { type: 'string', default: 'K540,beenie,graphite,polo navy,polo shrt,flor mats,tshirt' },
  },
});
const source = values.data === undefined ? REPO : path.resolve(values.data);
const productsPerCatalog = Number(values.products);
const runs = Number(values.runs);
if (!Number.isInteger(productsPerCatalog) || productsPerCatalog < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error(`--products and --runs take whole numbers above 0, got ${values.products} and ${values.runs}`);
  process.exit(1);
}
const QUERIES = values.queries
  .split(',')
  .map((query) => query.trim())
  .filter((query) => query !== '');
if (QUERIES.length === 0) {
  console.error('--queries takes words to search for, separated by commas');
  process.exit(1);
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function build(data: string, label: string): number {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', data, '--out-dir', path.join(data, 'dist')], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`the ${label} build failed (exit ${child.status}):\n${child.stderr}\n${child.stdout.slice(-2000)}`);
  return performance.now() - started;
}

/**
 * The indexes of `ids` made as the build makes them, from their catalog data; only the indexing
 * is timed (the page model is the build's anyway). Pictures are named as the build names them
 * (a thumbnail per product), not read: the build has them at hand.
 */
function indexTenants(project: Project, ids: readonly string[], cacheDir: string | undefined): { ms: number; rawBytes: number } {
  const models = project.tenants
    .filter((tenant) => ids.includes(tenant.id))
    .map((tenant) => {
      const catalog = project.catalogs.get(tenant.catalogId)!;
      const thumb = (code: string, color: string) => `${basePath(tenant.routePrefix)}assets/img/${encodeURIComponent(`${code}_${color}`)}-0123abcd-320.jpg`;
      const model = tenantPageModel(project.supplier, tenant, catalog, {
        logos: {},
        productImage: (code, color) => ({
          width: 800,
          height: 800,
          placeholderColor: '#888888',
          sources: [],
          fallback: { src: thumb(code, color), srcset: `${thumb(code, color)} 320w` },
        }),
      });
      return { model, priced: catalog.priced };
    });
  const started = performance.now();
  let rawBytes = 0;
  for (const { model, priced } of models) rawBytes += searchIndexAsset(model, priced, cacheDir).json.length;
  return { ms: performance.now() - started, rawBytes };
}

/** Renames one product of catalogs/default.yaml, as the build benchmark's one-product edit does. */
function editOneProduct(data: string): void {
  const file = path.join(data, 'catalogs', 'default.yaml');
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('fullname: ');
  if (at < 0) throw new Error(`no product with a fullname in ${file}`);
  const end = text.indexOf('\n', at);
  writeFileSync(file, `${text.slice(0, end)} (edited)${text.slice(end)}`);
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
      new MutationObserver(() => timing.shown.set(status.textContent ?? '', performance.now())).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
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
  catalogScaleData(source, data, productsPerCatalog);
  const { project } = loadProject(data);
  if (!project) throw new Error('the generated data does not validate');
  if (!project.tenants.some((t) => t.id === values.tenant)) throw new Error(`no tenant ${values.tenant}`);
  const sizes = [...project.catalogs.values()].map((catalog) => catalog.products.length);
  console.log(
    `Catalog-scale data: ${project.tenants.length} tenants, catalogs of ${sizes.join('/')} products; ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}\n`,
  );

  const coldMs = build(data, 'cold');
  const warmRuns = Array.from({ length: 3 }, () => build(data, 'warm'));
  const warmMs = median(warmRuns);
  const report = JSON.parse(readFileSync(path.join(data, 'dist', 'report.json'), 'utf8')) as BuildReport;
  const unchanged = report.tenants.filter((site) => site.unchanged).length;

  const everyTenant = project.tenants.map((tenant) => tenant.id);
  const cacheDir = path.join(scratch, 'search-cache');
  const indexRuns = Array.from({ length: 3 }, () => indexTenants(project, everyTenant, undefined));
  const uncached = median(indexRuns.map((run) => run.ms));
  indexTenants(project, everyTenant, cacheDir);
  const cached = median(Array.from({ length: 3 }, () => indexTenants(project, everyTenant, cacheDir).ms));
  const indexBytes = indexRuns[0]!.rawBytes / project.tenants.length;

  // The build that makes indexes: the tenants whose catalog changed are rebuilt, each with a new index.
  editOneProduct(data);
  const editMs = build(data, 'one-product edit');
  const editReport = JSON.parse(readFileSync(path.join(data, 'dist', 'report.json'), 'utf8')) as BuildReport;
  const rebuilt = editReport.tenants.filter((site) => !site.unchanged).map((site) => site.id);
  const edited = loadProject(data).project;
  if (!edited) throw new Error('the edited data does not validate');
  const editIndex = median(Array.from({ length: 3 }, () => indexTenants(edited, rebuilt, undefined).ms));

  const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;
  console.log('Build (wall, whole command) and what the index adds to it:');
  console.log(`  cold build                               ${(coldMs / 1000).toFixed(2)} s`);
  console.log(
    `  warm build (median of 3: ${warmRuns.map((run) => (run / 1000).toFixed(2)).join(', ')} s)   ${(warmMs / 1000).toFixed(2)} s; ${unchanged} of ${report.tenants.length} tenants carried whole, no index made`,
  );
  console.log(
    `  one-product edit build                   ${(editMs / 1000).toFixed(2)} s; ${rebuilt.length} tenants rebuilt, their indexes ${ms(editIndex)} = ${pct(editIndex, editMs)} of it`,
  );
  console.log(
    `  every tenant's index, no cache           ${ms(uncached)} (${ms(uncached / project.tenants.length)} a tenant; ${pct(uncached, warmMs)} of the warm build)`,
  );
  console.log(`  every tenant's index, from the cache     ${ms(cached)} (${pct(cached, warmMs)} of the warm build)`);
  console.log(`  index size                               ${kb(indexBytes)} a tenant, uncompressed\n`);

  const seen = await measureInChromium(project, path.join(data, 'dist'), values.tenant);
  const searchBytes = seen.searchFiles.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(`In Chromium (${values.tenant}, served as \`npm start\` serves dist/, brotli siblings):`);
  console.log(
    `  first query "${QUERIES[0]}": ${kb(searchBytes)} fetched (body and headers) in ${seen.searchFiles.length} files; results ${ms(seen.first.ms)} after the last key (fetches included)`,
  );
  for (const entry of seen.searchFiles) console.log(`    ${kb(entry.bytes).padStart(9)}  ${new URL(entry.url).pathname}`);
  console.log(`  and ${seen.pictures.length} result thumbnails, ${kb(seen.pictures.reduce((sum, entry) => sum + entry.bytes, 0))}`);
  console.log(`  after the first, last key → results shown (${runs} runs each):`);
  for (const entry of seen.after) console.log(`    "${entry.query}"`.padEnd(16) + `median ${ms(entry.median)}, slowest ${ms(entry.slowest)}   (${entry.text})`);
  const over = searchBytes > 100_000 || seen.after.some((entry) => entry.median > 100);
  console.log(
    `\nGoals: first query < 100 KB and results < 100 ms after it: ${over ? 'NOT MET' : 'met'}; the index's share of the builds is above (goal < 10 %). Load average now ${loadavg()[0]!.toFixed(1)}.`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
