// `npm run bench:dev`: the time from saving a catalog file to the updated text on an open item
// page in Chromium, under `npm run dev`, on a copy of the sample data and on a generated copy
// with 600 products in every catalog. Prints the median and the slowest of a few edits.
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../src/core/serve/free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument, YAMLSeq, type YAMLMap } from 'yaml';
import { projectRoot } from '../src/core/cli/project-root.ts';
import { startDevServer } from '../src/core/dev/dev-server.ts';
import { launchChromium } from '../tests/browser/chromium.ts';

const REPO = projectRoot();
const EDITS = 7;
const PRODUCTS_PER_CATALOG = 600;
const CATALOG = 'catalogs/default.yaml';
const TENANT = 'guardian';
const ITEM = 'K500';


function copySample(dir: string): void {
  for (const folder of ['tenants', 'catalogs']) cpSync(path.join(REPO, folder), path.join(dir, folder), { recursive: true });
}

/** Grows every catalog to `count` products by cloning its products under new codes; the clones' photos are hard links to the originals'. */
function growCatalogs(dir: string, count: number): void {
  const catalogs = path.join(dir, 'catalogs');
  const imageNames = readdirSync(path.join(catalogs, 'images'));
  for (const name of readdirSync(catalogs).filter((file) => file.endsWith('.yaml'))) {
    const file = path.join(catalogs, name);
    const document = parseDocument(readFileSync(file, 'utf8'));
    const products = document.get('products') as YAMLSeq<YAMLMap>;
    const originals = [...products.items];
    for (let index = 0; products.items.length < count; index += 1) {
      const original = originals[index % originals.length]!;
      const clone = original.clone() as YAMLMap;
      const code = `${String(original.get('code'))}-G${Math.floor(index / originals.length) + 1}`;
      clone.set('code', code);
      const originalCode = String(original.get('code'));
      for (const image of imageNames.filter((file) => file.startsWith(`${originalCode}_`))) {
        try {
          linkSync(path.join(catalogs, 'images', image), path.join(catalogs, 'images', `${code}${image.slice(originalCode.length)}`));
        } catch {
          // already there (the same code in another catalog)
        }
      }
      products.items.push(clone);
    }
    writeFileSync(file, document.toString({ lineWidth: 0 }));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(label: string, dataRoot: string): Promise<void> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const reloads: number[] = [];
  const dev = await startDevServer({ repoRoot: REPO, dataRoot, port, apiPort, api: false, log: (line, kind) => kind === 'error' && reloads.length === 0 && console.error(line), onChange: (change) => reloads.push(change.ms) });
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
      await page.waitForFunction((expected) => document.querySelector('h1.item__title')?.textContent?.trim() === expected, next, { timeout: 30_000, polling: 'raf' });
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
  copySample(sample);
  await measure('sample data', sample);
  const grown = path.join(scratch, 'grown');
  mkdirSync(grown);
  copySample(grown);
  growCatalogs(grown, PRODUCTS_PER_CATALOG);
  await measure(`generated, ${PRODUCTS_PER_CATALOG} products a catalog`, grown);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
