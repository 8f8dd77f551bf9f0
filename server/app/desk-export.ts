import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import { stringify } from 'csv-stringify/sync';
import type { DeskExportAnswer, DeskOrder } from '../../src/contracts/desk-responses.ts';
import { moneyFromDollars, moneyToDollars, sumMoney } from '../../src/domain/money.ts';
import type { OrderPosition } from '../storage/order-database.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { requireDeskSession } from './desk-access.ts';
import { EXPORT_COLUMNS, exportRows, inertCell, type ExportRow } from './desk-export-rows.ts';
import { deskOrdersOf, knownFilter } from './list-desk-orders.ts';
import { HttpError } from './http-error.ts';

/** The most orders one file holds: a narrower filter (a tenant, some days) makes a bigger export two files. */
export const EXPORT_MOST_ORDERS = 20_000;
const READ_STEP = 500;

/** POST /v1/desk-export: the desk's filtered orders as a CSV or .xlsx file, one row per order line. */
export async function deskExport(ctx: Pick<ApiContext, 'database' | 'desk' | 'sessions' | 'tenants'>, request: ApiRequest): Promise<CallAnswer<'desk-export'>> {
  const body = validateBody('desk-export', request.body);
  await requireDeskSession(ctx, request);
  const filter = knownFilter(ctx, body.filter);
  const orders: DeskOrder[] = [];
  let after: OrderPosition | undefined;
  do {
    const page = await ctx.desk.orders.page(filter, READ_STEP, after);
    orders.push(...(await deskOrdersOf(ctx, page.orders)));
    if (orders.length > EXPORT_MOST_ORDERS)
      throw new HttpError(400, `More than ${EXPORT_MOST_ORDERS} orders match; narrow the filter (a tenant, fewer days) and export each part`);
    after = page.next;
  } while (after);
  const rows = exportRows(orders);
  const stamp = new Date().toISOString().slice(0, 10);
  const file =
    body.format === 'csv'
      ? { name: `orders-${stamp}.csv`, type: 'text/csv; charset=utf-8', bytes: Buffer.from(csvText(rows), 'utf8') }
      : { name: `orders-${stamp}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: await workbookBytes(rows) };
  request.log.info('desk export', { format: body.format, orders: orders.length, lines: rows.length });
  return {
    status: 200,
    body: {
      file_name: file.name,
      content_type: file.type,
      content_base64: file.bytes.toString('base64'),
      orders: orders.length,
      lines: rows.length,
      total: moneyToDollars(sumMoney(orders.map((order) => moneyFromDollars(order.total)))),
    } satisfies DeskExportAnswer,
  };
}

function csvText(rows: readonly ExportRow[]): string {
  // A byte-order mark first, so Excel reads the file as UTF-8 (names with accents).
  return `\uFEFF${stringify([[...EXPORT_COLUMNS], ...rows.map((row) => row.cells.map(inertCell))])}`;
}

async function workbookBytes(rows: readonly ExportRow[]): Promise<Buffer> {
  // Loaded on the first .xlsx export: most of the API's calls never need it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow([...EXPORT_COLUMNS]).font = { bold: true };
  const money = EXPORT_COLUMNS.length - 2;
  for (const row of rows) {
    const cells = row.cells.slice(0, money).map(inertCell);
    sheet.addRow([...cells, moneyToDollars(row.unitPrice), moneyToDollars(row.lineTotal)]);
  }
  sheet.getColumn(money + 1).numFmt = '$#,##0.00##';
  sheet.getColumn(money + 2).numFmt = '$#,##0.00';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
