// `npm run bench:catalog`: the catalog spreadsheet commands at catalog scale. Copies the sample
// data into a temporary folder with every catalog grown to 600 products (as `npm run bench`
// does), then times, each as the median of several runs of the real command (Node and tsx
// start-up included, as a merchandiser waits for it): the export of one catalog to .xlsx, the
// import of that workbook unchanged and with every price raised 3 %, and `npm run prices
// --percent 3` on the same catalog. Prints a table.
//   npm run bench:catalog [-- --products 600] [--runs 5] [--catalog default]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { projectRoot } from '../src/core/project-root.ts';
import { copySampleData, growCatalogs } from './bench/catalog-scale-data.ts';

const REPO = projectRoot();

interface Timing {
  wallMs: number;
  /** User + system CPU time of the command's process. */
  cpuMs: number;
}
const { values } = parseArgs({
  options: { products: { type: 'string', default: '600' }, runs: { type: 'string', default: '5' }, catalog: { type: 'string', default: 'default' } },
});
const products = Number(values.products);
const runs = Number(values.runs);
const catalog = values.catalog;

const data = mkdtempSync(path.join(tmpdir(), 'bench-catalog-'));
try {
  copySampleData(REPO, data);
  growCatalogs(data, products);
  const yamlFile = path.join(data, 'catalogs', `${catalog}.yaml`);
  const original = readFileSync(yamlFile, 'utf8');
  const workbook = path.join(data, `${catalog}.xlsx`);
  const raised = path.join(data, `${catalog}-raised.xlsx`);

  const cpuFile = path.join(data, '.cpu-time');
  const preload = pathToFileURL(path.join(REPO, 'scripts', 'bench', 'report-cpu-time.mjs')).href;
  const run = (script: string, args: string[]): Timing => {
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--import', preload, path.join(REPO, 'scripts', `${script}.ts`), ...args, '--root', data], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, BENCH_CPU_FILE: cpuFile },
      maxBuffer: 64 * 1024 * 1024,
    });
    const wallMs = performance.now() - started;
    if (child.status !== 0) throw new Error(`${script} ${args.join(' ')} failed (exit ${child.status}):\n${child.stderr.slice(-3000)}`);
    return { wallMs, cpuMs: Number(readFileSync(cpuFile, 'utf8')) / 1000 };
  };
  /** Medians of `runs` timings; the catalog is put back before each one. */
  const median = (measure: () => Timing): Timing => {
    const times: Timing[] = [];
    for (let index = 0; index < runs; index++) {
      writeFileSync(yamlFile, original);
      times.push(measure());
    }
    const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return { wallMs: middle(times.map((t) => t.wallMs)), cpuMs: middle(times.map((t) => t.cpuMs)) };
  };

  const exportMs = median(() => run('catalog-export', [catalog, '--out', workbook]));
  await raiseEveryPrice(workbook, raised, 1.03);
  const importUnchangedMs = median(() => run('catalog-import', [workbook, '--catalog', catalog]));
  const importRaisedMs = median(() => run('catalog-import', [raised, '--catalog', catalog]));
  const pricesMs = median(() => run('prices', ['--catalog', catalog, '--percent', '3', '--round', '0.0001']));
  const productCount = (original.match(/^ {2}- code:/gm) ?? []).length;
  const priceCount = (original.match(/: \d+(\.\d+)?(?=[,}])/g) ?? []).length;
  writeFileSync(yamlFile, original);

  const rows: [string, Timing][] = [
    [`catalog:export ${catalog} → .xlsx`, exportMs],
    ['catalog:import, unchanged', importUnchangedMs],
    ['catalog:import, every price +3 %', importRaisedMs],
    [`prices --percent 3 (whole catalog)`, pricesMs],
  ];
  console.log(
    `catalog "${catalog}": ${productCount} products, about ${priceCount} prices, ${(original.length / 1024).toFixed(0)} KB of YAML; median of ${runs} runs each; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'})`,
  );
  console.log(`${'command (whole process, start-up included)'.padEnd(46)}  wall (median)  CPU (median)`);
  for (const [label, { wallMs, cpuMs }] of rows)
    console.log(`${label.padEnd(46)}  ${(wallMs / 1000).toFixed(2).padStart(11)} s  ${(cpuMs / 1000).toFixed(2).padStart(10)} s`);
  console.log(
    `load average while measuring: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
} finally {
  rmSync(data, { recursive: true, force: true });
}

/** The workbook with every size price × factor, to the cent: what a supplier's price rise looks like. */
async function raiseEveryPrice(from: string, to: string, factor: number): Promise<void> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(from);
  const sheet = book.getWorksheet('Products')!;
  const header = sheet.getRow(1).values as unknown[];
  const firstSize = header.indexOf('quantity_step') + 1;
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    row.eachCell((cell, column) => {
      if (column >= firstSize && typeof cell.value === 'number' && cell.value > 0) cell.value = Math.round(cell.value * factor * 100) / 100;
    });
  });
  await book.xlsx.writeFile(to);
}
