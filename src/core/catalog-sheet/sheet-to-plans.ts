import { formatDataPath, type DataPath } from '../data/diagnostic.ts';
import { UserError } from '../user-error.ts';
import type { CatalogTarget } from './catalog-target.ts';
import type { ProductPlan } from './catalog-text-edit.ts';
import { FIELD_COLUMNS, productFieldOrder, readFieldCell, readNumber, type CellValue, type FieldColumn } from './sheet-columns.ts';
import type { ReadSheet } from './sheet-files.ts';

/** A problem found in the sheet itself, at its cell (or, for a product the sheet lacks, at the file). */
export interface SheetProblem {
  where: string;
  /** The product's data path in the sheet's order; for a product the sheet lacks, in the file's order (`removed`). */
  path: string;
  message: string;
  removed?: true;
}

export interface SheetPlans {
  plans: ProductPlan[];
  problems: SheetProblem[];
  /** The cell a validator's data path (products[16].sizes.Small) was read from, or its row's, or undefined. */
  cellOf(path: string): string | undefined;
}

interface RowRead {
  row: number;
  data: Record<string, unknown>;
  original?: number;
  /** Where each value was read from, by column: addresses are made only when a message needs one. */
  cells: [DataPath, number][];
  problems: { path: DataPath; message: string; cell: string }[];
}

/**
 * The sheet's rows as the catalog's products. Columns are found by their header, wherever they
 * are; a field whose column the sheet does not have keeps what the YAML has; an empty row is
 * skipped. A row is the file's product with the same code (so an unchanged row changes nothing);
 * the products keep the file's order, and a new row goes after the row above it.
 */
export function sheetToPlans(sheet: ReadSheet, target: CatalogTarget, allowRemove: boolean, sheetName: string): SheetPlans {
  const problems: SheetProblem[] = [];
  const header = sheet.cells[0] ?? [];
  const fields = new Map<number, FieldColumn>();
  const sizes = new Map<number, string>();
  const seen = new Map<string, number>();
  header.forEach((cell, column) => {
    const name = cell === null ? '' : String(cell).trim();
    if (name === '') {
      if (sheet.cells.some((row, index) => index > 0 && !isEmpty(row[column] ?? null))) {
        problems.push({
          where: sheet.address(0, column),
          path: '(header)',
          message: 'this column has values but no header: name it after a field or a size label, or delete it',
        });
      }
      return;
    }
    const key = FIELD_COLUMNS.find((field) => field.field.toLowerCase() === name.toLowerCase())?.field ?? name;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({
        where: sheet.address(0, column),
        path: '(header)',
        message: `column "${name}" appears twice (also at ${sheet.address(0, earlier)}); keep one`,
      });
      return;
    }
    seen.set(key, column);
    const field = FIELD_COLUMNS.find((candidate) => candidate.field === key);
    if (field) fields.set(column, field);
    else sizes.set(column, name);
  });
  const codeColumn = [...fields].find(([, field]) => field.field === 'code')?.[0];
  if (codeColumn === undefined)
    throw new UserError(`${sheetName}: the sheet has no "code" column; its header row (row 1) must name the columns as the export writes them`);

  const nameColumn = [...fields].find(([, field]) => field.field === 'name')?.[0];
  const codeOf = (cells: CellValue[]) => String(readFieldCell(fields.get(codeColumn)!, cells[codeColumn] ?? null).value ?? '');
  const nameOf = (cells: CellValue[]) => (nameColumn === undefined ? undefined : String(cells[nameColumn] ?? '').trim());
  const originals = matchRowsToProducts(sheet, target, codeOf, nameOf);

  const rows: RowRead[] = [];
  sheet.cells.forEach((cells, row) => {
    if (row === 0 || cells.every(isEmpty)) return;
    const original = originals.get(row);
    const base = original === undefined ? undefined : target.products[original]!;
    const read: RowRead = { row, data: {}, original, cells: [], problems: [] };
    const values: Record<string, unknown> = { ...base };
    for (const [column, field] of fields) {
      read.cells.push([[field.field], column]);
      const unreadable = sheet.unreadable.get(`${row}:${column}`);
      if (unreadable !== undefined) {
        read.problems.push({ path: [field.field], message: unreadable, cell: sheet.address(row, column) });
        continue;
      }
      const { value, problems: cellProblems } = readFieldCell(field, cells[column] ?? null);
      if (value !== undefined) values[field.field] = value;
      else if (!(Array.isArray(base?.[field.field]) && (base[field.field] as unknown[]).length === 0)) delete values[field.field];
      for (const problem of cellProblems)
        read.problems.push({ path: [field.field, ...problem.at], message: problem.message, cell: sheet.address(row, column) });
    }
    if (sizes.size > 0) {
      const prices: Record<string, unknown> = { ...(base?.sizes as Record<string, unknown> | undefined) };
      for (const [column, label] of sizes) {
        read.cells.push([['sizes', label], column]);
        const cell = cells[column] ?? null;
        const unreadable = sheet.unreadable.get(`${row}:${column}`);
        if (unreadable !== undefined) read.problems.push({ path: ['sizes', label], message: unreadable, cell: sheet.address(row, column) });
        else if (isEmpty(cell)) delete prices[label];
        else prices[label] = readNumber(cell);
      }
      if (Object.keys(prices).length > 0 || base?.sizes !== undefined) values.sizes = prices;
      else delete values.sizes;
      read.cells.push([['sizes'], [...sizes.keys()][0]!]);
    }
    read.data = base === undefined ? inFieldOrder(values) : values;
    rows.push(read);
  });

  const ordered = fileOrder(rows);
  const kept = new Set(ordered.map((read) => read.original));
  const removed = target.products.map((product, index) => ({ product, index })).filter(({ index }) => !kept.has(index));
  if (!allowRemove) {
    const codeCounts = new Map<string, number>();
    for (const read of rows) {
      const code = codeOf(sheet.cells[read.row]!);
      codeCounts.set(code, (codeCounts.get(code) ?? 0) + 1);
    }
    for (const { product, index } of removed) {
      const code = String(product.code);
      const name = String(product.name ?? '');
      // The row it most likely was: one with its name and a code that names no product of its own.
      const row = rows.find((read) => {
        const cells = sheet.cells[read.row]!;
        return nameOf(cells) === name && (read.original === undefined || codeCounts.get(codeOf(cells))! > 1);
      });
      const remove = `to remove ${code}, run again with --allow-remove`;
      if (!row) {
        problems.push({
          where: sheetName,
          path: `products[${index}]`,
          message: `${code} "${name}" is in ${target.relative} but not in the sheet; to remove it, run again with --allow-remove`,
          removed: true,
        });
        continue;
      }
      const typed = codeOf(sheet.cells[row.row]!);
      const what =
        typed === ''
          ? 'has no code: was its code cleared?'
          : codeCounts.get(typed)! > 1
            ? `has the code "${typed}", which another row also has: was its code typed over?`
            : `has the new code "${typed}": a changed code makes a new product; to rename ${code}, remove it with --allow-remove`;
      problems.push({
        where: sheet.address(row.row, codeColumn),
        path: `products[${index}]`,
        message: `${code} "${name}" is in ${target.relative} but no row has its code; this row, named "${name}", ${what} Put ${code} back in this cell, or ${remove}`,
        removed: true,
      });
    }
  }

  ordered.forEach((read, index) => {
    for (const problem of read.problems)
      problems.push({ where: problem.cell, path: formatDataPath(['products', index, ...problem.path]), message: problem.message });
  });
  // Made on the first message that needs it: an import without one never names a cell.
  let cellByPath: Map<string, string> | undefined;
  const cells = () => {
    cellByPath ??= new Map(
      ordered.flatMap((read, index) => [
        [formatDataPath(['products', index]), sheet.address(read.row, codeColumn)] as const,
        ...read.cells.map(([at, column]) => [formatDataPath(['products', index, ...at]), sheet.address(read.row, column)] as const),
      ]),
    );
    return cellByPath;
  };
  const plans = ordered.map((read) => ({ data: read.data, original: read.original }));
  return {
    plans,
    problems,
    cellOf(path) {
      const cellByPath = cells();
      for (let prefix = path; ; prefix = prefix.replace(LAST_SEGMENT, '')) {
        const cell = cellByPath.get(prefix);
        if (cell) return cell;
        if (!LAST_SEGMENT.test(prefix)) return undefined;
      }
    },
  };
}

/**
 * Which file product each sheet row is, by row: the product with the row's code. When several rows
 * have one code, the product goes to the row with its name, else to the first: a code typed over
 * in one row leaves the product with the row that is still it.
 */
function matchRowsToProducts(
  sheet: ReadSheet,
  target: CatalogTarget,
  codeOf: (cells: CellValue[]) => string,
  nameOf: (cells: CellValue[]) => string | undefined,
): Map<number, number> {
  const rowsByCode = new Map<string, number[]>();
  sheet.cells.forEach((cells, row) => {
    if (row === 0 || cells.every(isEmpty)) return;
    const code = codeOf(cells);
    rowsByCode.set(code, [...(rowsByCode.get(code) ?? []), row]);
  });
  const originals = new Map<number, number>();
  target.products.forEach((product, index) => {
    const free = (rowsByCode.get(String(product.code)) ?? []).filter((row) => !originals.has(row));
    const row = free.find((candidate) => nameOf(sheet.cells[candidate]!) === String(product.name ?? '')) ?? free[0];
    if (row !== undefined) originals.set(row, index);
  });
  return originals;
}

/** The last segment of a data path as formatDataPath writes it: .name, [3], ["# boxes"]. */
const LAST_SEGMENT = /(\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/;

/** The file's products in the file's order; a new row after the row above it (or first, if it is above them all). */
function fileOrder(rows: RowRead[]): RowRead[] {
  const leading: RowRead[] = [];
  const after = new Map<RowRead, RowRead[]>();
  let anchor: RowRead | undefined;
  for (const read of rows) {
    if (read.original !== undefined) {
      anchor = read;
      after.set(read, []);
    } else if (anchor) after.get(anchor)!.push(read);
    else leading.push(read);
  }
  const kept = rows.filter((read) => read.original !== undefined).sort((a, b) => a.original! - b.original!);
  return [...leading, ...kept.flatMap((read) => [read, ...after.get(read)!])];
}

function inFieldOrder(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of productFieldOrder()) if (field in values) out[field] = values[field];
  return out;
}

function isEmpty(cell: CellValue): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}
