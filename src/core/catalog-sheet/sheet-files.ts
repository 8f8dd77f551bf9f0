import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { UserError } from '../user-error.ts';
import { columnLetters, priceText, type CellValue } from './sheet-columns.ts';
import { workbookClass } from './workbook-class.ts';

/** The sheet with the products; the explanations go on a second sheet. */
export const PRODUCTS_SHEET = 'Products';
export const COLUMNS_SHEET = 'Columns';

export interface SheetColumn {
  header: string;
  width: number;
  /** Prices: a number cell shown with cents in a workbook, written with cents in a CSV. */
  price: boolean;
}

/** What an export writes: the products table and, for a workbook, what each column means. */
export interface ExportTable {
  columns: SheetColumn[];
  rows: CellValue[][];
  /** Column, what it holds, allowed values. */
  explanations: [string, string, string][];
}

export type SheetFormat = 'xlsx' | 'csv';

export function sheetFormat(file: string): SheetFormat {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.csv') return 'csv';
  throw new UserError(`${file}: a catalog sheet is an .xlsx workbook or a .csv file, got "${extension || 'no extension'}"`);
}

export async function writeSheet(file: string, table: ExportTable): Promise<void> {
  if (sheetFormat(file) === 'csv') {
    const rows = table.rows.map((row) => row.map((cell, index) => (typeof cell === 'number' && table.columns[index]?.price ? priceText(cell) : cell)));
    writeFileSync(file, stringify([table.columns.map((column) => column.header), ...rows], { cast: { boolean: String } }));
    return;
  }
  const workbook = new (workbookClass())();
  const sheet = workbook.addWorksheet(PRODUCTS_SHEET, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({ header: column.header, width: column.width, style: column.price ? { numFmt: '0.00##' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(table.rows);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  const help = workbook.addWorksheet(COLUMNS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  help.columns = [
    { header: 'Column', width: 16 },
    { header: 'What it holds', width: 70, style: { alignment: { wrapText: true, vertical: 'top' } } },
    { header: 'Allowed values', width: 70, style: { alignment: { wrapText: true, vertical: 'top' } } },
  ];
  help.getRow(1).font = { bold: true };
  help.addRows(table.explanations);
  // The fastest deflate level: about half the compressing time of the default level, for a file about a third larger (127 KB at 600 products).
  await workbook.xlsx.writeFile(file, { zip: { compression: 'DEFLATE', compressionOptions: { level: 1 } } });
}

/** A sheet as read: every cell by row and column (row 0 is the header), and how to name a cell in a message. */
export interface ReadSheet {
  cells: CellValue[][];
  /**
   * Cells whose value cannot be known, by `row:column`, with what to tell the merchandiser: a
   * formula saved without its computed value (as openpyxl, pandas and xlsxwriter save one) reads
   * as empty, and an empty size cell removes that size.
   */
  unreadable: Map<string, string>;
  /** `default.xlsx:Products!F17`, `default.csv:F17`; row and column from 0. */
  address(row: number, column: number): string;
}

export async function readSheet(file: string): Promise<ReadSheet> {
  const name = path.basename(file);
  if (sheetFormat(file) === 'csv') {
    let records: string[][];
    const text = readFileSync(file, 'utf8');
    // Spreadsheets set to a decimal comma save CSV with semicolons; a header with semicolons and
    // no comma says which (its prices' commas are then reported at their cells, not split).
    const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
    const delimiter = header.includes(';') && !header.includes(',') ? ';' : ',';
    try {
      records = parse(text, { bom: true, delimiter, relax_column_count: true }) as string[][];
    } catch (error) {
      throw new UserError(`${name}: not a readable CSV file: ${(error as Error).message}`);
    }
    return { cells: records, unreadable: new Map(), address: (row, column) => `${name}:${columnLetters(column)}${row + 1}` };
  }
  const workbook = new (workbookClass())();
  try {
    await workbook.xlsx.readFile(file);
  } catch (error) {
    throw new UserError(`${name}: not a readable .xlsx workbook: ${(error as Error).message}`);
  }
  const sheet = workbook.getWorksheet(PRODUCTS_SHEET) ?? workbook.worksheets[0];
  if (!sheet) throw new UserError(`${name}: the workbook has no sheet`);
  const cells: CellValue[][] = [];
  const unreadable = new Map<string, string>();
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values: CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
      const formula = formulaWithoutValue(cell.value);
      if (formula !== undefined) unreadable.set(`${rowNumber - 1}:${columnNumber - 1}`, formulaMessage(formula));
      values[columnNumber - 1] = cellValue(cell.value);
    });
    cells[rowNumber - 1] = Array.from(values, (value) => value ?? null);
  });
  const sheetName = sheet.name;
  return { cells: Array.from(cells, (row) => row ?? []), unreadable, address: (row, column) => `${name}:${sheetName}!${columnLetters(column)}${row + 1}` };
}

/** The formula's text when the cell holds a formula and no value computed from it. */
function formulaWithoutValue(value: ExcelJS.CellValue): string | undefined {
  if (value === null || typeof value !== 'object' || value instanceof Date) return undefined;
  if (!('formula' in value) && !('sharedFormula' in value)) return undefined;
  const result = (value as { result?: unknown }).result;
  if (result !== undefined && result !== null) return undefined;
  return 'formula' in value && value.formula ? value.formula : String((value as { sharedFormula?: string }).sharedFormula ?? '');
}

function formulaMessage(formula: string): string {
  return (
    `holds the formula =${formula} but no value computed from it (a program such as openpyxl, pandas or xlsxwriter saved the formula ` +
    'without calculating it); open the file in Excel or LibreOffice and save it again, or type the value into the cell'
  );
}

/** A workbook cell's value as its text or number: a formula by its result, rich text by its text. */
function cellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('result' in value) return cellValue((value.result ?? null) as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return null;
}
