/**
 * An order line's Est. Ship Date (spec section 2, Orders screen): set by an admin with a date
 * input, stored as `YYYY-MM-DD`, a calendar day with no time and no zone. Lines edited before
 * the date input hold free text ("next week"); that text stays as it is until an admin picks a
 * date, so nothing already promised to a customer is lost. The orders screen checks a typed
 * value with this rule and the order API refuses any other new value with the same message.
 */

export const SHIP_DATE_MESSAGE = 'Est. Ship Date must be a date (YYYY-MM-DD)';

/** `2025-03-01`: four-digit year, month and day of a day that exists (no 2025-02-30). */
export function isShipDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Whether an admin may store `sent` where the line holds `stored`: a date, nothing (clears
 * it), or the stored text unchanged (a legacy free-text date sent back with the line).
 */
export function shipDateProblem(sent: string, stored: string): string | undefined {
  const value = sent.trim();
  if (value === '' || value === stored.trim() || isShipDate(value)) return undefined;
  return SHIP_DATE_MESSAGE;
}
