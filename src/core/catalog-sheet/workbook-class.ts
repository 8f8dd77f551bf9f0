import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

const require = createRequire(import.meta.url);

/**
 * exceljs's Workbook, loaded when a workbook is read or written (a .csv needs none of it). From
 * its own module rather than the package entry, which also loads the streaming reader and writer
 * (archiver, unzipper and their dependencies: 660 modules instead of 280, most of the command's
 * start-up); `Workbook.xlsx.readFile`/`writeFile` are the same code either way.
 */
export function workbookClass(): typeof ExcelJS.Workbook {
  return require('exceljs/lib/doc/workbook.js') as typeof ExcelJS.Workbook;
}
