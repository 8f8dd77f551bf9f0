import { isShipDate } from './ship-date.ts';

/**
 * The in-hands date a buyer may ask for at checkout: the day the goods must be in their hands,
 * a calendar day `YYYY-MM-DD` with no time and no zone. The checkout checks it against the
 * buyer's own today; the order API against the earliest today anywhere on Earth (UTC−12), so a
 * buyer whose day has begun is never told their today is past, and a day that is over
 * everywhere is refused.
 */

/** The longest note to the supplier, in characters: a few sentences, not a document. */
export const SUPPLIER_NOTE_MAX = 500;

const EARLIEST_ZONE_MS = 12 * 60 * 60 * 1000;

/** The calendar day of `at` in UTC−12: the last place on Earth to start a new day. */
export function earliestToday(at: Date): string {
  return new Date(at.getTime() - EARLIEST_ZONE_MS).toISOString().slice(0, 10);
}

/** Today in the browser's own time zone, as `YYYY-MM-DD`. */
export function localToday(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Why `text` cannot be an in-hands date when it is `today`, in the buyer's words; undefined for a good date or none. */
export function inHandsDateProblem(text: string, today: string): string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (!isShipDate(value)) return 'In-hands date must be a date that exists, such as 2026-03-31';
  if (value < today) return `In-hands date ${value} has passed: choose today or a later day`;
  return undefined;
}
