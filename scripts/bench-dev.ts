// `npm run bench:dev`: the time from saving a catalog file to the updated text on an open item
// page in Chromium, under `npm run dev`, on a copy of the sample data and on a generated copy
// with 600 products in every catalog. Prints the median and the slowest of a few edits.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../src/core/serve/free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/core/project-root.ts';
import { startDevServer } from '../src/core/dev/dev-server.ts';
import { launchChromium } from '../tests/browser/chromium.ts';
import { copySampleData, growCatalogs } from './bench/catalog-scale-data.ts';

const REPO = projectRoot();
const EDITS = 7;
const PRODUCTS_PER_CATALOG = 600;
const CATALOG = 'catalogs/default.yaml';
const TENANT = 'guardian';
const ITEM = 'K500';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(label: string, dataRoot: string): Promise<void> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const reloads: number[] = [];
  const dev = await startDevServer({
    repoRoot: REPO,
    dataRoot,
    port,
    apiPort,
    api: false,
    log: (line, kind) => kind === 'error' && reloads.length === 0 && console.error(line),
    onChange: (change) => reloads.push(change.ms),
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${dev.baseUrl(TENANT)}item/${ITEM}/`, { waitUntil: 'load' });
    await page.locator('[data-island="item"][data-hydrated]').waitFor({ timeout: 60_000 });
    const firstPage = performance.now() - started;
    const products = [...dev.data.project.catalogs.values()].map((catalog) => catalog.products.length);

    const file = path.join(dataRoot, CATALOG);
    let current = (await page.locator('h1.item__title').innerText()).trim();
    const times: number[] = [];
    for (let edit = 1; edit <= EDITS; edit += 1) {
      const next = `Silk Touch Sport Polo ${edit}`;
      const text = readFileSync(file, 'utf8');
      const t0 = performance.now();
      writeFileSync(file, text.replace(`fullname: ${current}\n`, `fullname: ${next}\n`));
      await page.waitForFunction((expected) => document.querySelector('h1.item__title')?.textContent?.trim() === expected, next, {
        timeout: 30_000,
        polling: 'raf',
      });
      times.push(performance.now() - t0);
      current = next;
      await page.locator('[data-island="item"][data-hydrated]').waitFor({ timeout: 30_000 });
    }
    console.log(
      `${label.padEnd(34)} ${products.join('/').padEnd(12)} save→updated page: median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms` +
        ` (data reload: median ${median(reloads).toFixed(0)} ms); first page after start ${(firstPage / 1000).toFixed(1)} s`,
    );
  } finally {
    await browser.close();
    await dev.close();
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-dev-'));
try {
  console.log(`npm run dev: ${EDITS} edits of ${CATALOG} (${TENANT}'s item ${ITEM} open in Chromium)\n`);
  console.log(`${'data'.padEnd(34)} ${'products'.padEnd(12)}`);
  const sample = path.join(scratch, 'sample');
  mkdirSync(sample);
  copySampleData(REPO, sample);
  await measure('sample data', sample);
  const grown = path.join(scratch, 'grown');
  mkdirSync(grown);
  copySampleData(REPO, grown);
  growCatalogs(grown, PRODUCTS_PER_CATALOG);
  await measure(`generated, ${PRODUCTS_PER_CATALOG} products a catalog`, grown);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
