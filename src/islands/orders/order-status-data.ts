/**
 * An order's status and its history as the orders screen reads them from retrieve-orders,
 * defensively (an older server sends neither), and the set-order-status body. Pure, no React.
 */
import type { SetOrderStatusBody } from '../../contracts/order-api-requests.ts';
import type { StatusChange } from '../../contracts/order-api-responses.ts';
import { CARRIERS, ORDER_STATUS_LABELS, SETTABLE_STATUSES, type OrderStatus } from '../../domain/order-status.ts';

export interface OrderStatusFields {
  status?: OrderStatus;
  /** Oldest first. */
  status_history?: StatusChange[];
}

const STATUSES = new Set<string>(Object.keys(ORDER_STATUS_LABELS));
const SETTABLE = new Set<string>(SETTABLE_STATUSES);
const CARRIER_NAMES = new Set<string>(CARRIERS);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function changeOf(value: unknown): StatusChange | undefined {
  if (!isRecord(value) || typeof value.status !== 'string' || !SETTABLE.has(value.status) || typeof value.at !== 'string') return undefined;
  const carrier = typeof value.carrier === 'string' && CARRIER_NAMES.has(value.carrier) ? (value.carrier as StatusChange['carrier']) : undefined;
  // Only a link to a carrier's https page is followed; anything else is shown as no link.
  const link = optionalText(value.tracking_url);
  return {
    status: value.status as StatusChange['status'],
    at: value.at,
    by: 'admin',
    ...(carrier ? { carrier } : {}),
    ...(optionalText(value.tracking_number) ? { tracking_number: value.tracking_number as string } : {}),
    ...(link?.startsWith('https://') ? { tracking_url: link } : {}),
    ...(optionalText(value.reason) ? { reason: value.reason as string } : {}),
  };
}

/** The status fields of an order of a retrieve-orders or set-order-status answer; none when it has none. */
export function statusFieldsOf(value: Record<string, unknown>): OrderStatusFields {
  const status = typeof value.status === 'string' && STATUSES.has(value.status) ? (value.status as OrderStatus) : undefined;
  const history = Array.isArray(value.status_history) ? value.status_history.map(changeOf).filter((c) => c !== undefined) : undefined;
  return { ...(status ? { status } : {}), ...(history ? { status_history: history } : {}) };
}

/** The order of a set-order-status answer's status fields, or undefined when it cannot be read. */
export function statusAfterSet(answer: unknown): OrderStatusFields | undefined {
  if (!isRecord(answer) || !isRecord(answer.order)) return undefined;
  const fields = statusFieldsOf(answer.order);
  return fields.status ? fields : undefined;
}

/** The latest shipment of an order: its carrier, tracking number and link. */
export function latestShipment(history: readonly StatusChange[] | undefined): StatusChange | undefined {
  return [...(history ?? [])].reverse().find((change) => change.status === 'shipped');
}

export type StatusChangeRequest = Omit<SetOrderStatusBody, 'companyName' | 'order_id'>;
