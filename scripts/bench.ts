// `npm run bench`: the build at catalog scale. Makes a copy of the sample data in a temporary
// folder with every catalog grown to 600 products (the sample's 16 tenants, no new image), then times a cold
// and a warm build phase by phase, the file-system floor (a hard-link copy of the dist/ it
// wrote), the bytes of each page type, a one-product edit with the build it triggers, and a
// catalog-wide 3 % price change (every price of catalogs/default.yaml) with its build, the median
// of --price-runs runs (each raises the prices again, so each renders and compresses anew).
// Then two cold builds, every page rendered: without precompression, and with an empty compression cache.
// Then what a buyer downloads per page type, as published against everything at brotli 11.
// Prints tables and writes bench/results.json.
//   npm run bench [-- --products 600] [--results bench/results.json] [--data DIR] [--price-runs 3]
// (--products below the sample's own catalog sizes leaves them as they are: a quick run on the sample data;
// --data takes another data folder to grow instead of the sample: the tests run it on their small fixture.)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { pageScriptBytes } from '../src/core/generator/bundle/page-script-size.ts';
import type { BuildReport } from '../src/core/generator/shared/build-report.ts';
import { MANIFEST_FILE, type ManifestEntry } from '../src/core/generator/shared/site-manifest.ts';
import { projectRoot } from '../src/core/project-root.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { basePath } from '../src/site/routes.ts';
import { raiseCatalogPrices } from './bench/catalog-price-change.ts';
import { catalogScaleData } from './bench/catalog-scale-data.ts';
import { pageWriteFloor } from './bench/page-write-floor.ts';
import { allPagesHtml, pageView, type ServedBytes } from './bench/served-bytes.ts';

const REPO = projectRoot();
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '600' },
    results: { type: 'string', default: 'bench/results.json' },
    data: { type: 'string' },
    'price-runs': { type: 'string', default: '3' },
  },
});
const source = values.data === undefined ? REPO : path.resolve(values.data);
const productsPerCatalog = Number(values.products);
if (!Number.isInteger(productsPerCatalog) || productsPerCatalog < 1) {
  console.error(`--products takes a whole number above 0, got ${values.products}`);
  process.exit(1);
}
const priceRuns = Number(values['price-runs']);
if (!Number.isInteger(priceRuns) || priceRuns < 1) {
  console.error(`--price-runs takes a whole number above 0, got ${values['price-runs']}`);
  process.exit(1);
}
/** The product whose name the one-product edit changes: in the catalog most tenants use. */
const EDITED = { catalog: 'catalogs/default.yaml', code: 'K500' };
/** The catalog-wide price change: every size and volume price of the catalog most tenants use. */
const PRICE_CHANGE = { catalog: 'catalogs/default.yaml', percent: 3 };

interface BuildRun {
  /** The whole command, as a user waits for it: start-up, every phase, the swap into place, exit. */
  wallMs: number;
  /** From dist/report.json: each phase as the build timed it. */
  phasesMs: BuildReport['phasesMs'];
  /** What the report does not cover: Node and tsx start-up, the swap of dist/ into place, exit. */
  outsideReportMs: number;
  pages: number;
  pagesPerSecond: number;
  peakMemoryMb: number;
  /** CPU time of the build process, every thread included: on a shared machine, what the build itself cost. */
  userCpuMs: number;
  systemCpuMs: number;
  imagesEncoded: number;
  /** The build's line on what it rendered and why ('K500 changed: 48 pages of 8 tenants rendered, 9,710 carried'). */
  rendered: string;
}

/** The build as `npm run build` starts it (package.json: `node <options> scripts/build.mjs`), so each row times what a merchandiser runs. */
const NPM_BUILD = (() => {
  const [node, ...words] = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build.split(' ');
  const script = words.findIndex((word) => !word.startsWith('-'));
  if (node !== 'node' || script < 0) throw new Error(`package.json's build script is not "node [options] <script>"`);
  return { nodeOptions: words.slice(0, script), script: words.slice(script) };
})();

function build(data: string, label: string, options: readonly string[] = []): BuildRun {
  const usageFile = path.join(data, '.resource-usage');
  const preload = pathToFileURL(path.join(REPO, 'scripts', 'bench', 'report-resource-usage.mjs')).href;
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    [...NPM_BUILD.nodeOptions, '--import', preload, ...NPM_BUILD.script, '--root', data, '--out-dir', path.join(data, 'dist'), ...options],
    {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, CI: '1', BENCH_USAGE_FILE: usageFile },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`the ${label} build failed (exit ${child.status}):\n${child.stderr}\n${child.stdout.slice(-2000)}`);
  const report = JSON.parse(readFileSync(path.join(data, 'dist', 'report.json'), 'utf8')) as BuildReport;
  const pages = [...report.tenants, report.entry].reduce((sum, site) => sum + site.pages, 0);
  const encoded = Number(/(\d[\d,]*) encoded/.exec(child.stdout)?.[1]?.replace(/,/g, '') ?? 0);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRSS: number; userCPUTime: number; systemCPUTime: number };
  return {
    wallMs,
    phasesMs: report.phasesMs,
    outsideReportMs: wallMs - report.totalMs,
    pages,
    pagesPerSecond: pages / (wallMs / 1000),
    peakMemoryMb: usage.maxRSS / 1024,
    userCpuMs: usage.userCPUTime / 1000,
    systemCpuMs: usage.systemCPUTime / 1000,
    imagesEncoded: encoded,
    rendered: /^.* rendered, [\d,]+ carried$/m.exec(child.stdout)?.[0] ?? 'no line on what was rendered',
  };
}

/** The floor any build of this output pays: one directory entry per file, as a hard-link copy. */
function fileSystemFloorMs(dist: string): number {
  const copy = `${dist}-floor`;
  const started = performance.now();
  const child = spawnSync('cp', ['-al', dist, copy]);
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`cp -al failed: ${child.stderr}`);
  rmSync(copy, { recursive: true, force: true });
  return ms;
}

interface PageTypeBytes {
  pages: number;
  /** The largest page of the type: raw HTML, its brotli form, and the scripts and styles it loads (brotli). */
  largest: { file: string; html: number; htmlBrotli: number; js: number; css: number };
}

function pageType(file: string): string {
  if (file === 'index.html') return 'landing';
  if (file === '404.html') return '404';
  if (/^catalog\/[^/]+\/customs\//.test(file)) return 'store catalog';
  return file.split('/')[0] ?? file;
}

function bytesPerPageType(dist: string, tenantId: string, base: string): Record<string, PageTypeBytes> {
  const site = path.join(dist, tenantId);
  const files = (readdirSync(site, { recursive: true }) as string[]).map((file) => file.split(path.sep).join('/')).filter((file) => file.endsWith('.html'));
  const types: Record<string, PageTypeBytes> = {};
  for (const file of files) {
    const html = readFileSync(path.join(site, file));
    const type = pageType(file);
    const entry = (types[type] ??= { pages: 0, largest: { file, html: -1, htmlBrotli: 0, js: 0, css: 0 } });
    entry.pages += 1;
    if (html.length > entry.largest.html) entry.largest = { file, html: html.length, htmlBrotli: 0, js: 0, css: 0 };
  }
  for (const entry of Object.values(types)) {
    const { file } = entry.largest;
    const html = readFileSync(path.join(site, file));
    const precompressed = path.join(site, `${file}.br`);
    entry.largest.htmlBrotli = existsSync(precompressed) ? readFileSync(precompressed).length : brotliCompressSync(html).length;
    entry.largest.js = pageScriptBytes(site, base, file);
    const styles = [...html.toString('utf8').matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) =>
      path.join(site, (match[1] ?? '').slice(base.length)),
    );
    entry.largest.css = styles.reduce((sum, style) => sum + brotliCompressSync(readFileSync(style)).length, 0);
  }
  return types;
}

function manifests(dist: string): Map<string, string> {
  const digests = new Map<string, string>();
  for (const site of readdirSync(dist, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const manifest = JSON.parse(readFileSync(path.join(dist, site.name, MANIFEST_FILE), 'utf8')) as ManifestEntry[];
    for (const entry of manifest) digests.set(`${site.name}/${entry.path}`, entry.sha256);
  }
  return digests;
}

function editOneProduct(data: string): string {
  const file = path.join(data, EDITED.catalog);
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`code: ${EDITED.code}\n`);
  const name = /fullname: (.*)\n/.exec(text.slice(at));
  if (at < 0 || !name) throw new Error(`no product ${EDITED.code} with a fullname in ${EDITED.catalog}`);
  const edited = `${name[1]} (edited)`;
  const nameAt = at + (name.index ?? 0);
  writeFileSync(file, `${text.slice(0, nameAt)}fullname: ${edited}\n${text.slice(nameAt + name[0].length)}`);
  return edited;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-'));
try {
  const data = path.join(scratch, 'data');
  // The cold line says how many images were encoded: normally none, the image cache is the project's.
  catalogScaleData(source, data, productsPerCatalog);
  const loaded = loadProject(data);
  const { project } = loaded;
  if (!project)
    throw new Error(
      `the generated data does not validate:\n${loaded.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `  ${d.file}:${d.line ?? ''} ${d.message}`)
        .join('\n')}`,
    );
  const catalogs = [...project.catalogs.values()].map((catalog) => catalog.products.length);
  console.log(
    `Catalog-scale data: ${project.tenants.length} tenants, catalogs of ${catalogs.join('/')} products; ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(0)} GiB\n`,
  );

  const cold = build(data, 'cold');
  const dist = path.join(data, 'dist');
  const warm = build(data, 'warm');
  const floorMs = fileSystemFloorMs(dist);
  const files = manifests(dist).size;

  const before = manifests(dist);
  editOneProduct(data);
  const edit = build(data, 'one-product edit');
  const after = manifests(dist);
  const changed = [...after].filter(([file, digest]) => before.get(file) !== digest).map(([file]) => file);
  const changedPages = changed.filter((file) => file.endsWith('.html'));

  const beforePrices = manifests(dist);
  const priceRunsDone: BuildRun[] = [];
  let pricesRaised = 0;
  for (let run = 0; run < priceRuns; run++) {
    pricesRaised = raiseCatalogPrices(path.join(data, PRICE_CHANGE.catalog), PRICE_CHANGE.percent);
    priceRunsDone.push(build(data, 'price change'));
  }
  // The run with the median wall time, whole: its phases add up to its own wall time.
  const priceChange = [...priceRunsDone].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((priceRunsDone.length - 1) / 2)]!;
  const afterPrices = manifests(dist);
  const pricedPages = [...afterPrices].filter(([file, digest]) => file.endsWith('.html') && beforePrices.get(file) !== digest).length;

  // Cold builds: every page of every tenant rendered and written (images and client bundle cached), without
  // precompression, then with it into an empty compression cache of its own (the project's stays as it is).
  const everyPage = build(data, 'every page rendered', ['--no-page-cache', '--no-precompress']);
  const emptyCompressionCache = build(data, 'every page rendered with an empty compression cache', [
    '--no-page-cache',
    '--compression-cache',
    path.join(scratch, 'precompressed'),
  ]);
  const pageFloor = pageWriteFloor(dist);

  const sample = project.tenants.find((tenant) => tenant.catalogId === 'default') ?? project.tenants[0]!;
  const pageBytes = bytesPerPageType(dist, sample.id, basePath(sample.routePrefix));

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const phases = Object.keys(warm.phasesMs) as (keyof BuildReport['phasesMs'])[];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(row(['build', 'wall', ...phases, 'start-up + swap', 'pages', 'pages/s', 'user CPU', 'system CPU', 'peak memory', 'images encoded']));
  console.log(row(Array(phases.length + 9).fill('---')));
  const priceLabel = `catalog-wide ${PRICE_CHANGE.percent} % price change (median of ${priceRuns})`;
  const rows = [
    ['cold', cold],
    ['warm', warm],
    ['one-product edit', edit],
    [priceLabel, priceChange],
    ['every page rendered', everyPage],
    ['every page rendered with an empty compression cache', emptyCompressionCache],
  ] as const;
  for (const [label, run] of rows) {
    console.log(
      row([
        label,
        s(run.wallMs),
        ...phases.map((phase) => s(run.phasesMs[phase])),
        s(run.outsideReportMs),
        String(run.pages),
        run.pagesPerSecond.toFixed(0),
        s(run.userCpuMs),
        s(run.systemCpuMs),
        `${run.peakMemoryMb.toFixed(0)} MB`,
        String(run.imagesEncoded),
      ]),
    );
  }
  console.log(
    `\nFile-system floor: cp -al of dist/ (${files.toLocaleString('en-US')} files) in ${s(floorMs)}; warm build / floor = ${(warm.wallMs / floorMs).toFixed(1)}`,
  );
  console.log(
    `One-product edit (${EDITED.code}'s name in ${EDITED.catalog}): ${changedPages.length} pages and ${changed.length} files in all changed, rebuilt in ${s(edit.wallMs)}`,
  );
  for (const [label, run] of [
    ['Warm', warm],
    ['One-product edit', edit],
    ['Price change (the median run)', priceChange],
  ] as const)
    console.log(`${label}: ${run.rendered}`);
  const cpu = (run: BuildRun) => run.userCpuMs + run.systemCpuMs;
  console.log(
    `Empty compression cache / no precompression, every page rendered: ${(emptyCompressionCache.wallMs / everyPage.wallMs).toFixed(2)} wall, ${(cpu(emptyCompressionCache) / cpu(everyPage)).toFixed(2)} CPU (goal at most 1.2)`,
  );
  console.log(
    `Cold render (every page rendered into a new output folder, images and bundle cached, no precompression): ${everyPage.pagesPerSecond.toFixed(0)} pages/s, ${(everyPage.pages / ((everyPage.userCpuMs + everyPage.systemCpuMs) / 1000)).toFixed(0)} pages a CPU second (goal 2,000 pages/s on a quiet machine)`,
  );
  console.log(
    `Page-writing floor: the ${pageFloor.pages.toLocaleString('en-US')} pages (${(pageFloor.bytes / 1e6).toFixed(1)} MB of HTML) written again in their folders by one thread, nothing rendered: ${s(pageFloor.wallMs)} (${s(pageFloor.userCpuMs)} user, ${s(pageFloor.systemCpuMs)} system), ${(pageFloor.pages / (pageFloor.wallMs / 1000)).toFixed(0)} pages/s`,
  );
  console.log(
    `Price change (${pricesRaised} prices of ${PRICE_CHANGE.catalog} raised ${PRICE_CHANGE.percent} % a run): ${pricedPages} pages changed; runs ${priceRunsDone.map((run) => s(run.wallMs)).join(', ')}; median / warm = ${(priceChange.wallMs / warm.wallMs).toFixed(1)}`,
  );
  console.log(`\nBytes per page type (${sample.id}; the largest page of each type; brotli as served):`);
  console.log(row(['page type', 'pages', 'largest page', 'HTML', 'HTML brotli', 'JS brotli', 'CSS brotli']));
  console.log(row(Array(7).fill('---')));
  for (const [type, entry] of Object.entries(pageBytes).sort(([a], [b]) => a.localeCompare(b))) {
    const { file, html, htmlBrotli, js, css } = entry.largest;
    console.log(row([type, String(entry.pages), file, kb(html), kb(htmlBrotli), kb(js), kb(css)]));
  }

  // What a buyer downloads: each page type's largest page with what it loads, as published against all at brotli 11.
  const siteDir = path.join(dist, sample.id);
  const growth = ({ published, brotli11 }: ServedBytes) => `${(((published - brotli11) / brotli11) * 100).toFixed(1)} %`;
  const views = Object.entries(pageBytes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, entry]) => ({ type, file: entry.largest.file, ...pageView(siteDir, basePath(sample.routePrefix), entry.largest.file) }));
  const htmlTotal = allPagesHtml(siteDir);
  console.log(
    `\nWhat a buyer downloads (${sample.id}; a first view of the largest page of each type: HTML, scripts, styles, price file; brotli as served, images left out):`,
  );
  console.log(row(['page type', 'page', 'as published', 'all at brotli 11', 'growth']));
  console.log(row(Array(5).fill('---')));
  for (const view of views) console.log(row([view.type, view.file, kb(view.published), kb(view.brotli11), growth(view)]));
  console.log(row(['every page, HTML alone', `${htmlTotal.pages} pages`, kb(htmlTotal.published), kb(htmlTotal.brotli11), growth(htmlTotal)]));

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, parallelism: availableParallelism(), memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    data: { tenants: project.tenants.length, productsPerCatalog: catalogs, files },
    builds: { cold, warm, edit, priceChange, priceChangeRuns: priceRunsDone, everyPage, emptyCompressionCache },
    floor: { ms: floorMs, warmBuildRatio: warm.wallMs / floorMs },
    pageWriteFloor: pageFloor,
    edit: { product: EDITED, changedPages: changedPages.length, changedFiles: changed.length, pages: changedPages },
    priceChange: { ...PRICE_CHANGE, prices: pricesRaised, runs: priceRuns, changedPages: pricedPages },
    pageBytes: { tenant: sample.id, types: pageBytes },
    servedBytes: { tenant: sample.id, pageViews: views, everyPageHtml: htmlTotal },
  };
  const resultsFile = path.resolve(REPO, values.results);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
