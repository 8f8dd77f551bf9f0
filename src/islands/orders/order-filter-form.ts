import type { RetrieveOrdersBody } from '../../contracts/order-api-requests.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status.ts';

/** What a purchasing desk filters the orders by, as typed: every field '' for none. */
export interface OrderFilterForm {
  buyer: string;
  po: string;
  /** YYYY-MM-DD from the date inputs. */
  from: string;
  to: string;
  status: OrderStatus | '';
}

export const NO_FILTER: OrderFilterForm = { buyer: '', po: '', from: '', to: '', status: '' };

export const STATUS_CHOICES = Object.entries(ORDER_STATUS_LABELS) as [OrderStatus, string][];

/**
 * The filter as retrieve-orders takes it: only the fields given, trimmed; undefined when none
 * is, so an unfiltered list is asked for as before. The order API filters (the list is paged).
 */
export function filterOfForm(form: OrderFilterForm): RetrieveOrdersBody['filter'] {
  const { from, to, ...words } = form;
  const filter = Object.fromEntries(
    Object.entries(words)
      .map(([field, value]) => [field, value.trim()])
      .filter(([, value]) => value !== ''),
  ) as NonNullable<RetrieveOrdersBody['filter']>;
  // The days as the screen shows the orders' dates: in this browser's time zone.
  if (from !== '') filter.placed_from = startOfLocalDay(from, 0);
  if (to !== '') filter.placed_before = startOfLocalDay(to, 1);
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/** The instant the local day `days` after `day` (YYYY-MM-DD) begins, as ISO 8601 in UTC. */
function startOfLocalDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + days).toISOString();
}

/** Why the days cannot be searched, said at the form; undefined when they can. */
export function filterProblem(form: OrderFilterForm): string | undefined {
  if (form.from !== '' && form.to !== '' && form.from > form.to) return `The "From" day ${form.from} is after the "To" day ${form.to}: swap them`;
  return undefined;
}
