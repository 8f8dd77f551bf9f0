import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copySampleData } from '../scripts/bench/catalog-scale-data.ts';
import { runCatalogExport } from '../src/core/cli/catalog-export-command.ts';
import { runCatalogImport } from '../src/core/cli/catalog-import-command.ts';
import { columnLetters, type CellValue } from '../src/core/catalog-sheet/sheet-columns.ts';
import { readSheet } from '../src/core/catalog-sheet/sheet-files.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { runInProcess } from './helpers/run-cli.ts';

/** A throwaway copy of the sample data: tenants/ and catalogs/ with their images. */
function sampleProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'catalog-sheet-'));
  copySampleData(REPO_ROOT, root);
  return root;
}

const exportCatalog = (root: string, catalog: string, out: string) => runInProcess(runCatalogExport, [catalog, '--root', root, '--out', out]);
const importSheet = (root: string, file: string, ...flags: string[]) => runInProcess(runCatalogImport, [file, '--root', root, ...flags]);
const catalogText = (root: string, catalog = 'default') => readFileSync(path.join(root, 'catalogs', `${catalog}.yaml`), 'utf8');
const catalogData = (root: string, catalog = 'default') => parse(catalogText(root, catalog)) as { products: Record<string, unknown>[] };

/** The sheet a merchandiser would edit: every cell of the exported Products sheet, row 0 the header. */
async function grid(file: string): Promise<CellValue[][]> {
  return (await readSheet(file)).cells.map((row) => [...row]);
}

/** Writes a grid as a plain workbook or CSV, as a spreadsheet program saves one. */
async function writeGrid(file: string, cells: CellValue[][]): Promise<void> {
  if (file.endsWith('.csv')) {
    writeFileSync(file, stringify(cells.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))));
    return;
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  for (const row of cells) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
}

const column = (cells: CellValue[][], header: string) => {
  const index = cells[0]!.indexOf(header);
  if (index < 0) throw new Error(`no column ${header}`);
  return index;
};
const rowOf = (cells: CellValue[][], code: string) => cells.findIndex((row, index) => index > 0 && row[0] === code);
/** A copy of the sample with its default catalog exported: the catalog's text and the sheet's cells. */
async function exportedDefault(extension: 'xlsx' | 'csv') {
  const root = sampleProject();
  const file = path.join(root, `default.${extension}`);
  await exportCatalog(root, 'default', file);
  return { root, file, before: catalogText(root), cells: await grid(file) };
}

const at = (cells: CellValue[][], row: number, header: string, sheet = 'default.xlsx:Products') => `${sheet}!${columnLetters(column(cells, header))}${row + 1}`;

describe('npm run catalog:export and catalog:import', () => {
  it('exports and imports the catalog as the file says now, after the same export made the parse of its previous text reusable', async () => {
    const { root, file, before } = await exportedDefault('csv');
    // Edited by hand after the export: the same catalog name, a different text.
    writeFileSync(path.join(root, 'catalogs/default.yaml'), before.replace('name: Sport Polo', 'name: Club Polo'));
    const again = path.join(root, 'again.csv');
    expect((await exportCatalog(root, 'default', again)).status).toBe(0);
    const cells = await grid(again);
    expect(cells[rowOf(cells, 'K500')]![column(cells, 'name')]).toBe('Club Polo');
    // The first sheet still says Sport Polo: importing it is a change back, found against the file's text.
    const result = await importSheet(root, file, '--catalog', 'default');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('name: "Club Polo" → "Sport Polo"');
    expect(catalogText(root)).toBe(before);
  });

  it('an export followed by an import with no edits changes no byte of any sample catalog, as .xlsx and as .csv', async () => {
    const root = sampleProject();
    for (const catalog of ['default', 'tiered', 'unpriced']) {
      const before = catalogText(root, catalog);
      for (const extension of ['xlsx', 'csv']) {
        const file = path.join(root, `${catalog}.${extension}`);
        expect((await exportCatalog(root, catalog, file)).status).toBe(0);
        const result = await importSheet(root, file);
        expect(result.stderr.split('\n').filter((line) => line !== '' && !line.includes('warning:'))).toEqual([]);
        expect(result.status).toBe(0);
        expect(result.stdout).toContain('No change');
        expect(catalogText(root, catalog)).toBe(before);
      }
    }
  });

  it('writes a readable workbook: frozen header, widths, list and tier cells, a price per size, and a sheet that explains the columns', async () => {
    const root = sampleProject();
    const file = path.join(root, 'default.xlsx');
    await exportCatalog(root, 'default', file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const products = workbook.getWorksheet('Products')!;
    expect(products.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(products.getColumn(1).width).toBeGreaterThan(5);
    const cells = await grid(file);
    const k500 = rowOf(cells, 'K500');
    expect(cells[k500]![column(cells, 'colors')]).toBe('Navy, Black, Royal Blue');
    expect(cells[k500]![column(cells, 'Small')]).toBe(38.77);
    expect(cells[k500]![column(cells, 'XSmall')]).toBeNull();
    expect(cells[rowOf(cells, 'FM-100')]![column(cells, 'discount')]).toBe('500: 71.50');
    const help = workbook.getWorksheet('Columns')!;
    const helpText = help.getSheetValues().flat().join(' ');
    expect(helpText).toContain('mens, womens');
    expect(helpText).toContain('GCHEV1');
    expect(helpText).toContain('# boxes');
  });

  it('reports ten typical mistakes at their cells in one run, takes a float as the price it was typed as, and writes nothing', async () => {
    const { root, file, before, cells } = await exportedDefault('xlsx');
    const products = catalogData(root).products;
    const codes = products.map((product) => String(product.code));
    const withSmall = codes.filter((code) => 'Small' in (products[codes.indexOf(code)]!.sizes as object));
    const [comma, text, label, type, colour, empty, float] = withSmall.map((code) => rowOf(cells, code));
    const store = rowOf(cells, 'PLT-AL');
    // A row copied to the end, code and all.
    cells.push([...cells[rowOf(cells, 'K540')]!]);
    const set = (row: number, header: string, value: CellValue) => (cells[row]![column(cells, header)] = value);
    set(comma!, 'Small', '12,99');
    set(text!, 'Medium', 'call us');
    cells[0]!.push('Smal');
    cells[label!]![cells[0]!.length - 1] = 30;
    set(type!, 'type', 'menswear');
    set(colour!, 'default_color', 'Purple');
    set(empty!, 'fullname', null);
    set(float!, 'Small', 38.770000000000003 + (products[codes.indexOf(String(cells[float!]![0]))]!.sizes as Record<string, number>).Small! - 38.77);
    set(store, 'supportedStores', 'ZZZZZ9');
    // The colors column moved to the end: columns are found by their header.
    const colors = column(cells, 'colors');
    const width = cells[0]!.length;
    for (const row of cells) {
      const padded = Array.from({ length: width }, (_, index) => row[index] ?? null);
      row.splice(0, row.length, ...padded);
      row.push(...row.splice(colors, 1));
    }
    await writeGrid(file, cells);

    const result = await importSheet(root, file);
    expect(result.status).toBe(1);
    const index = (row: number) => codes.indexOf(String(cells[row]![0]));
    const expected = [
      `${at(cells, comma!, 'Small')}  products[${index(comma!)}].sizes.Small  must be a number, got "12,99" (use a decimal point: 12.99)`,
      `${at(cells, text!, 'Medium')}  products[${index(text!)}].sizes.Medium  must be a number, got "call us"`,
      `${at(cells, label!, 'Smal')}  products[${index(label!)}].sizes.Smal  unknown size label "Smal"; close known labels: Small`,
      `${at(cells, type!, 'type')}  products[${index(type!)}].type  must be one of mens, womens, tshirts, hat, accessory, customs, office, service, sales, detail, bodyshop, parts; got "menswear"`,
      `${at(cells, colour!, 'default_color')}  products[${index(colour!)}].default_color  "Purple" is not one of this product's colors`,
      `${at(cells, empty!, 'fullname')}  products[${index(empty!)}].fullname  missing required field "fullname"`,
      `${at(cells, store, 'supportedStores')}  products[${index(store)}].supportedStores[0]  no tenant has a store with code "ZZZZZ9"`,
      `${at(cells, cells.length - 1, 'code')}  products[${codes.length}].code  product code "K540" is already used by products[${codes.indexOf('K540')}]`,
    ];
    const errors = result.stderr.split('\n').filter((line) => /^default\.xlsx:/.test(line));
    for (const line of expected)
      expect(
        errors.some((error) => error.startsWith(line)),
        `${line}\n--- got:\n${errors.join('\n')}`,
      ).toBe(true);
    // The float and the moved column are not mistakes; nothing else is reported.
    expect(errors.filter((line) => !line.includes('warning:'))).toHaveLength(expected.length);
    expect(result.stderr).toContain(`${expected.length} errors`);
    expect(catalogText(root)).toBe(before);
  });

  it('a valid change rewrites only the products it changed; a float imports as the price it was typed as', async () => {
    const { root, file, before, cells } = await exportedDefault('xlsx');
    cells[rowOf(cells, 'K540')]![column(cells, 'XSmall')] = 33.330000000000005;
    cells[rowOf(cells, 'K500')]![column(cells, 'Small')] = 38.770000000000003;
    cells[rowOf(cells, 'S608')]![column(cells, 'name')] = '  Easy Care Shirt II ';
    cells[rowOf(cells, 'S608')]![column(cells, 'Medium')] = ' $35.25 ';
    await writeGrid(file, cells);

    const result = await importSheet(root, file);
    expect(result.stderr.split('\n').filter((line) => line !== '' && !line.includes('warning:'))).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('sizes.XSmall: 32.50 → 33.33');
    expect(result.stdout).toContain('name: "Easy Care Shirt" → "Easy Care Shirt II"');
    expect(result.stdout).toContain('0 added, 2 changed, 0 removed');
    const after = catalogText(root);
    const oldLines = before.split('\n');
    const newLines = after.split('\n');
    expect(newLines).toHaveLength(oldLines.length);
    const changed = newLines.filter((line, index) => line !== oldLines[index]);
    expect(changed).toEqual([
      '    sizes: { XSmall: 33.33, Small: 32.5, Medium: 32.5, Large: 32.5, XLarge: 32.5, 2XL: 34.5, 3XL: 35.5, 4XL: 36.5, 5XL: 37.5, 6XL: 38.5 }',
      '    name: Easy Care Shirt II',
      '    sizes: { XSmall: 34.98, Small: 34.98, Medium: 35.25, Large: 34.98, XLarge: 34.98, 2XL: 36.98, 3XL: 37.98, 4XL: 38.98, 5XL: 39.98, 6XL: 40.98 }',
    ]);
  });

  it('removes a product the sheet no longer has only with --allow-remove, and adds a new row after the row above it', async () => {
    const { root, file, before, cells } = await exportedDefault('csv');
    const removedRow = rowOf(cells, 'TLK500');
    const added = [...cells[rowOf(cells, 'K110')]!];
    added[0] = 'K110-NEW';
    added[column(cells, 'colors')] = 'Black';
    added[column(cells, 'default_color')] = 'Black';
    cells.splice(removedRow, 1, added);
    await writeGrid(file, cells);
    // The new product needs its photo, like any product added in YAML.
    cpSync(path.join(root, 'catalogs/images/K110_black.jpg'), path.join(root, 'catalogs/images/K110-NEW_black.jpg'));

    const refused = await importSheet(root, file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'default.csv  products[5]  TLK500 "Tall Sport Polo" is in catalogs/default.yaml but not in the sheet; to remove it, run again with --allow-remove',
    );
    expect(catalogText(root)).toBe(before);

    const dry = await importSheet(root, file, '--allow-remove', '--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('- removed  TLK500 "Tall Sport Polo"');
    expect(catalogText(root)).toBe(before);

    const done = await importSheet(root, file, '--allow-remove');
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('+ added    K110-NEW');
    const codes = catalogData(root).products.map((product) => product.code);
    expect(codes.indexOf('K110-NEW')).toBe(codes.indexOf('K110') + 1);
    expect(codes).not.toContain('TLK500');
    // Every other product's text is as it was.
    const tlk = /\n {2}- code: TLK500\n(?: {4}.*\n)*/.exec(before)![0];
    expect(catalogText(root).replace(/\n {2}- code: K110-NEW\n(?: {4}.*\n)*/, '\n')).toBe(before.replace(tlk, '\n'));
  });

  it('reads a CSV saved with semicolons (a decimal-comma spreadsheet) and names its comma prices at their cells', async () => {
    const { root, file, before, cells } = await exportedDefault('csv');
    const row = rowOf(cells, 'K500');
    cells[row]![column(cells, 'Small')] = '38,77';
    writeFileSync(
      file,
      stringify(
        cells.map((line) => line.map((cell) => (cell === null ? '' : String(cell)))),
        { delimiter: ';' },
      ),
    );
    const result = await importSheet(root, file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `default.csv:${columnLetters(column(cells, 'Small'))}${row + 1}  products[0].sizes.Small  must be a number, got "38,77" (use a decimal point: 38.77)`,
    );
    expect(catalogText(root)).toBe(before);
  });

  it('names a formula saved without its value, a cleared code and a code typed over at their cells on the first run, and writes nothing', async () => {
    const { root, file, before, cells } = await exportedDefault('xlsx');
    const k500 = rowOf(cells, 'K500');
    const k110 = rowOf(cells, 'K110');
    const name = (row: number) => String(cells[row]![column(cells, 'name')]);
    // As openpyxl, pandas and xlsxwriter save a formula: the formula and no computed value.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Products')!;
    sheet.getRow(k500 + 1).getCell(column(cells, 'Small') + 1).value = { formula: '38.77*1.03' } as ExcelJS.CellFormulaValue;
    sheet.getRow(k110 + 1).getCell(1).value = null;
    sheet.getRow(rowOf(cells, 'TLK500') + 1).getCell(1).value = 'K540';
    await workbook.xlsx.writeFile(file);
    expect((await readSheet(file)).unreadable.size).toBe(1);

    const result = await importSheet(root, file);
    expect(result.status).toBe(1);
    const errors = result.stderr.split('\n').filter((line) => /^default\.xlsx:/.test(line));
    const tlk = rowOf(cells, 'TLK500');
    const expected = [
      `${at(cells, k500, 'Small')}  products[0].sizes.Small  holds the formula =38.77*1.03 but no value computed from it`,
      `${at(cells, k110, 'code')}  products[`,
      `K110 "${name(k110)}" is in catalogs/default.yaml but no row has its code; this row, named "${name(k110)}", has no code: was its code cleared? Put K110 back in this cell`,
      `${at(cells, tlk, 'code')}  products[`,
      `TLK500 "${name(tlk)}" is in catalogs/default.yaml but no row has its code; this row, named "${name(tlk)}", has the code "K540", which another row also has: was its code typed over?`,
    ];
    const output = errors.join('\n');
    for (const part of expected) expect(output).toContain(part);
    // The sizes of K500 are not read as "Small removed".
    expect(result.stdout).not.toMatch(/sizes\.Small: [\d.]+ → \(empty\)/);
    expect(catalogText(root)).toBe(before);
  });

  it('refuses a sheet whose name is no catalog, and an unreadable file, without writing', async () => {
    const root = sampleProject();
    const file = path.join(root, 'prices-2027.xlsx');
    await exportCatalog(root, 'default', file);
    const result = await importSheet(root, file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no catalog "prices-2027": catalogs/prices-2027.yaml does not exist (catalogs: default, tiered, unpriced)');
    expect(readdirSync(path.join(root, 'catalogs')).filter((name) => name.endsWith('.yaml'))).toEqual(['default.yaml', 'tiered.yaml', 'unpriced.yaml']);
    writeFileSync(path.join(root, 'default.xlsx'), 'not a workbook');
    const unreadable = await importSheet(root, path.join(root, 'default.xlsx'));
    expect(unreadable.status).toBe(1);
    expect(unreadable.stderr).toContain('default.xlsx: not a readable .xlsx workbook');
  });

  it('a killed import leaves the YAML whole: killed between the temporary file and the rename, or at any moment', async () => {
    const { root, file, before, cells } = await exportedDefault('xlsx');
    for (let row = 1; row < cells.length; row++) {
      const small = column(cells, 'Small');
      if (typeof cells[row]![small] === 'number' && cells[row]![small] !== 0) cells[row]![small] = (cells[row]![small] as number) + 1;
    }
    await writeGrid(file, cells);

    // Killed for real at the worst moment: the new text is on disk beside the catalog, not yet renamed over it.
    const script = path.join(root, 'kill-before-rename.mts');
    const module = (file: string) => JSON.stringify(path.join(REPO_ROOT, 'src/core/catalog-sheet', file));
    writeFileSync(
      script,
      `import { checkCatalogUpdate, writeCatalog } from ${module('catalog-update.ts')};
import { readCatalogTarget } from ${module('catalog-target.ts')};
import { readSheet } from ${module('sheet-files.ts')};
import { sheetToPlans } from ${module('sheet-to-plans.ts')};
const target = readCatalogTarget(${JSON.stringify(root)}, 'default');
const { plans } = sheetToPlans(await readSheet(${JSON.stringify(file)}), target, false, 'default.xlsx');
writeCatalog(target, checkCatalogUpdate(target, plans).text, () => process.kill(process.pid, 'SIGKILL'));
`,
    );
    const killed = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(catalogText(root)).toBe(before);
    const leftovers = readdirSync(path.join(root, 'catalogs')).filter((name) => name.endsWith('.tmp'));
    expect(leftovers).toHaveLength(1);
    const leftover = readFileSync(path.join(root, 'catalogs', leftovers[0]!), 'utf8');

    // The leftover temporary file is no data file: the next import checks and writes as usual, and clears it.
    const started = performance.now();
    const finished = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/catalog-import.ts'), file, '--root', root], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    const importMs = performance.now() - started;
    expect(finished.status, finished.stderr).toBe(0);
    const after = catalogText(root);
    expect(after).not.toBe(before);
    expect(leftover).toBe(after);
    expect(readdirSync(path.join(root, 'catalogs')).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    // Killed at moments spread over a whole import, the write included: the file is the old text or the new, never a mix.
    writeFileSync(path.join(root, 'catalogs/default.yaml'), before);
    const outcomes: string[] = [];
    for (const share of [0.5, 0.9, 1.1, 3]) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/catalog-import.ts'), file, '--root', root], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise((resolve) => setTimeout(resolve, Math.round(share * importMs)));
      child.kill('SIGKILL');
      await exited;
      outcomes.push(catalogText(root));
      if (catalogText(root) !== before) break;
    }
    for (const text of outcomes) expect([before, after]).toContain(text);
    expect(outcomes[0]).toBe(before);
  }, 240_000);
});
