import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import { CsvError, parse } from 'csv-parse/sync';
import type { DeskImportTrackingBody } from '../../src/contracts/desk-requests.ts';
import type { DeskImportTrackingAnswer } from '../../src/contracts/desk-responses.ts';
import { CARRIERS, TRACKING_NUMBER_PATTERN, type Carrier } from '../../src/domain/order-status.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { requireDeskSession } from './desk-access.ts';
import { applyDeskChanges, type WantedChange } from './desk-changes.ts';
import { HttpError } from './http-error.ts';

/** The names a carrier's file may give each column (compared without case, spaces, dashes or underscores). */
const COLUMNS = {
  order: ['ordernumber', 'order', 'orderid', 'orderno', 'reference'],
  tracking: ['trackingnumber', 'tracking', 'trackingno', 'trackingid'],
  carrier: ['carrier'],
};
const TRACKING = new RegExp(TRACKING_NUMBER_PATTERN);

/**
 * POST /v1/desk-import-tracking: a carrier's CSV of order numbers and tracking numbers ships
 * each order named, or none: every row is checked first (the file, each value, each order and
 * whether it can become shipped), and any problem refuses the file, named at its row (the header
 * is row 1). A dry run answers what would happen.
 */
export async function deskImportTracking(
  ctx: Pick<ApiContext, 'database' | 'desk' | 'mailFrom' | 'mailQueued' | 'sessions' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'desk-import-tracking'>> {
  const body = validateBody('desk-import-tracking', request.body);
  const actor = await requireDeskSession(ctx, request);
  const rows = wantedShipments(body);
  const changes = await applyDeskChanges(ctx, request, { actor, action: 'tracking import', dryRun: body.dry_run, unknownStatus: 400 }, rows);
  return {
    status: 200,
    body: { applied: !body.dry_run, rows: changes.map((change, index) => ({ row: rows[index]!.row, change })) } satisfies DeskImportTrackingAnswer,
  };
}

function wantedShipments(body: DeskImportTrackingBody): (WantedChange & { row: number })[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body.csv, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      throw new HttpError(400, `Nothing was changed: row ${error.lines}: ${error.message}`, { problems: [`row ${error.lines}: ${error.message}`] });
    throw error;
  }
  const [header, ...data] = records;
  const names = (header?.record ?? []).map((name) => name.toLowerCase().replace(/[\s_-]+/g, ''));
  const column = (known: readonly string[]) => names.findIndex((name) => known.includes(name));
  const order = column(COLUMNS.order);
  const tracking = column(COLUMNS.tracking);
  const carrierColumn = column(COLUMNS.carrier);
  const missing = [order < 0 ? 'order_number' : '', tracking < 0 ? 'tracking_number' : ''].filter(Boolean);
  if (missing.length > 0) {
    const problem = `row 1: the header must name the ${missing.join(' and ')} column${missing.length > 1 ? 's' : ''} (it has: ${header?.record.join(', ') || 'nothing'})`;
    throw new HttpError(400, `Nothing was changed: ${problem}`, { problems: [problem] });
  }
  if (data.length === 0) throw new HttpError(400, 'Nothing was changed: the file has a header but no rows', { problems: ['row 2: the file has no rows'] });

  const problems: string[] = [];
  const wanted = data.map(({ record, info }) => {
    const row = info.lines;
    const orderId = record[order] ?? '';
    const trackingNumber = record[tracking] ?? '';
    const carrierText = carrierColumn >= 0 ? (record[carrierColumn] ?? '') : '';
    const carrier: Carrier | undefined = carrierText ? CARRIERS.find((c) => c.toLowerCase() === carrierText.toLowerCase()) : body.carrier;
    if (!orderId) problems.push(`row ${row}: the order number is empty`);
    if (!trackingNumber) problems.push(`row ${row}: the tracking number is empty`);
    else if (!TRACKING.test(trackingNumber)) problems.push(`row ${row}: tracking number "${trackingNumber}" must be 4 to 40 letters, digits, spaces or dashes`);
    if (!carrier)
      problems.push(
        carrierText
          ? `row ${row}: carrier "${carrierText}" is not one of ${CARRIERS.join(', ')}`
          : `row ${row}: no carrier; add a carrier column or choose the carrier of the file`,
      );
    return { row, where: `row ${row}`, change: { order_id: orderId, status: 'shipped' as const, carrier, tracking_number: trackingNumber } };
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
    throw new HttpError(400, `Nothing was changed: ${shown}`, { problems });
  }
  return wanted;
}
