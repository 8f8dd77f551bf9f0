// `npm run lighthouse`: Lighthouse's mobile preset (its default config: a mid-range phone,
// simulated slow 4G and 4x CPU slowdown) on a tenant's landing, catalog, item and checkout pages
// (the checkout empty and with one line in the cart), served from dist/ by the server `npm start`
// uses (sirv with each folder's _headers, .br/.gz siblings), in Debian's Chromium. Prints a table
// of the median run of each page, writes lighthouse/results.json and each page's HTML report, and
// exits 1 when a page scores performance below 98 or accessibility below 100, listing the audits
// that fail. Reads dist/ as `npm run build` (or `npm start`) left it; builds nothing.
//   npm run lighthouse [-- --tenant stivers | --all] [--runs 3] [--page item] [--out-dir dist] [--results lighthouse/results.json]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { projectRoot } from '../src/core/project-root.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { freePort } from '../src/core/serve/free-port.ts';
import { siteMounts } from '../src/core/serve/site-mounts.ts';
import { createStaticServer } from '../src/core/serve/static-server.ts';
import { CART_STORAGE_KEY } from '../src/islands/cart/stored-cart.ts';
import type { Tenant } from '../src/domain/tenant.ts';
import { basePath } from '../src/site/routes.ts';
import { auditedPages, PAGE_NAMES, type AuditedPage, type PageName } from './lighthouse/audited-pages.ts';
import { failingAudits, GOALS, medianRun, meetsGoals, resultsTable, runFigures, type FailingAudit, type RunFigures } from './lighthouse/run-figures.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    all: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    'out-dir': { type: 'string', default: 'dist' },
    results: { type: 'string', default: 'lighthouse/results.json' },
  },
});
const root = path.resolve(projectRoot());
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) fail(`--runs takes a whole number above 0, got ${values.runs}`);
const unknownPage = values.page?.find((name) => !(PAGE_NAMES as readonly string[]).includes(name));
if (unknownPage) fail(`--page takes ${PAGE_NAMES.join(', ')}; got ${unknownPage}`);

const { project } = loadProject(root);
if (!project) fail('The data has errors: run npm run validate');
const tenants = values.all ? project.tenants : project.tenants.filter((t) => t.id === (values.tenant ?? project.tenants[0]?.id));
if (tenants.length === 0) fail(`No tenant "${values.tenant}": tenants are ${project.tenants.map((t) => t.id).join(', ')}`);
const distDir = path.resolve(root, values['out-dir']);
for (const tenant of tenants) {
  // Building here would take minutes and pick an API origin for the user; the pages are the same whichever it is.
  if (!existsSync(path.join(distDir, tenant.id, 'index.html')))
    fail(`${path.relative(root, path.join(distDir, tenant.id)) || distDir}/ is not built: run npm run build (or npm start) first`);
}
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) fail(`No Chromium at ${chromePath}: run apt-get install -y chromium, or set CHROME_PATH`);

// The pages need nothing from the order API to load: the checkout asks it only once a code is
// typed or an order placed. So only the static server runs, on a free port, as `npm start` mounts it.
const server = createStaticServer(siteMounts(project.tenants, distDir));
const port = await freePort();
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

/** The tenant's address under `npm start`: a no-prefix tenant on its own *.localhost name, which Chromium sends to loopback. */
function baseUrl(tenant: Tenant): string {
  return tenant.routePrefix === '' ? `http://${tenant.id}.localhost:${port}/` : `http://localhost:${port}${basePath(tenant.routePrefix)}`;
}

interface Audit {
  tenant: Tenant;
  page: AuditedPage;
  url: string;
  runs: { figures: RunFigures; lhr: Result }[];
}
const audits: Audit[] = tenants.flatMap((tenant) => {
  const catalog = project.catalogs.get(tenant.catalogId);
  if (!catalog) throw new Error(`${tenant.id}: no catalog ${tenant.catalogId}`);
  return auditedPages(tenant, catalog)
    .filter((page) => !values.page || values.page.includes(page.name as PageName))
    .map((page) => ({ tenant, page, url: `${baseUrl(tenant)}${page.path}`, runs: [] }));
});

console.log(
  `Lighthouse ${lighthouseVersion()}, mobile preset, ${runs} run${runs === 1 ? '' : 's'} of ${audits.length} page${audits.length === 1 ? '' : 's'}, ${chromePath}, dist: ${path.relative(root, distDir) || distDir}`,
);
try {
  // Round after round rather than page after page, so a busy moment of the machine spreads over
  // every page instead of sinking one.
  for (let round = 1; round <= runs; round++) {
    for (const audit of audits) {
      const lhr = await auditOnce(audit.url, audit.page.cart);
      audit.runs.push({ figures: runFigures(lhr, new URL(audit.url).origin), lhr });
      const { performance, accessibility } = audit.runs.at(-1)!.figures;
      console.log(`  run ${round}/${runs}  ${audit.tenant.id} ${audit.page.label}: performance ${performance}, accessibility ${accessibility}`);
    }
  }
} finally {
  server.close();
}

const resultsFile = path.resolve(root, values.results);
mkdirSync(path.dirname(resultsFile), { recursive: true });
const reported = audits.map((audit) => {
  const median = medianRun(audit.runs);
  const scores = audit.runs.map((run) => run.figures.performance ?? 0);
  const report = path.join(path.dirname(resultsFile), `${audit.tenant.id}-${audit.page.name}.html`);
  writeFileSync(report, generateReport(median.lhr, 'html'));
  return {
    tenant: audit.tenant.id,
    page: audit.page.name,
    label: audit.page.label,
    url: audit.url,
    figures: median.figures,
    performanceRange: [Math.min(...scores), Math.max(...scores)] as [number, number],
    meetsGoals: meetsGoals(median.figures),
    failingAudits: meetsGoals(median.figures) ? [] : failingAudits(median.lhr),
    report: path.relative(root, report),
    runs: audit.runs.map((run) => run.figures),
  };
});
writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), lighthouse: lighthouseVersion(), userAgent: audits[0]?.runs[0]?.lhr.environment.hostUserAgent, preset: 'mobile (default config)', runsPerPage: runs, goals: GOALS, pages: reported }, null, 2)}\n`,
);

console.log(`\n${resultsTable(reported)}\n`);
console.log(
  `Median of ${runs} run${runs === 1 ? '' : 's'} per page by performance score${runs > 1 ? ' (its range in brackets)' : ''}; results in ${path.relative(root, resultsFile)}, each page's report beside it.`,
);
const elsewhere = new Set(reported.flatMap((row) => row.figures.otherOrigins.map((r) => `${new URL(r.url).host}${r.status === 0 ? ' (no answer)' : ''}`)));
if (elsewhere.size > 0) console.log(`Requests to other hosts: ${[...elsewhere].join(', ')}`);
const slowHost = Math.min(...reported.flatMap((row) => row.runs.map((run) => run.benchmarkIndex)));
const heldBack = reported.flatMap((row) => row.runs).filter((run) => run.observedFcpMs > run.observedLoadMs + 500).length;
if (heldBack > 0)
  console.log(
    `In ${heldBack} of ${reported.length * runs} runs Chromium held the first paint back over 0.5 s after the load (lighthouse#17148): the simulation then counts all the work done before that paint, so their FCP, LCP and Speed Index come out later.`,
  );
if (slowHost < 1000)
  console.log(
    `Lighthouse's CPU benchmark of this machine went as low as ${Math.round(slowHost)} (Lighthouse warns below 1000 that the machine is slower than its throttling assumes): a busy machine lowers performance.`,
  );

const failing = reported.filter((row) => !row.meetsGoals);
for (const row of failing) {
  console.log(
    `\n${row.tenant} ${row.label} misses the goals (performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}): performance ${row.figures.performance}, accessibility ${row.figures.accessibility}`,
  );
  for (const audit of row.failingAudits)
    console.log(`  ${audit.category.padEnd(13)} ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}
process.exit(failing.length > 0 ? 1 : 0);

/**
 * One cold load in a fresh Chromium, so no run inherits another's caches or compiled code.
 * The cart is written into sessionStorage as the page's document starts, before its scripts
 * run, as a buyer's tab holds it coming from the item page (on every document of the site's
 * origin, so whatever Lighthouse does before its measured load, the cart is there for it).
 */
async function auditOnce(url: string, cart: AuditedPage['cart']): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    if (cart) {
      await page.evaluateOnNewDocument(
        (origin: string, key: string, value: string) => {
          if (location.origin === origin) sessionStorage.setItem(key, value);
        },
        new URL(url).origin,
        CART_STORAGE_KEY,
        JSON.stringify(cart),
      );
    }
    const result = await lighthouse(url, { logLevel: 'error' }, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
