import { describe, expect, it } from 'vitest';
import { isShipDate, SHIP_DATE_MESSAGE, shipDateProblem } from './ship-date.ts';

describe('isShipDate', () => {
  it('accepts a calendar day written YYYY-MM-DD', () => {
    expect(isShipDate('2025-03-01')).toBe(true);
    expect(isShipDate('2024-02-29')).toBe(true);
  });

  it('refuses days that do not exist and any other writing', () => {
    for (const text of ['2025-02-29', '2025-13-01', '2025-04-31', '2025-3-1', '03/01/2025', 'March 1, 2025', 'next week', '2025-03-01T00:00:00Z', '']) {
      expect(isShipDate(text), text).toBe(false);
    }
  });
});

describe('shipDateProblem', () => {
  it('lets a date, an empty value or the stored text unchanged through', () => {
    expect(shipDateProblem('2025-03-01', '')).toBeUndefined();
    expect(shipDateProblem('', 'next week')).toBeUndefined();
    expect(shipDateProblem(' next week ', 'next week')).toBeUndefined();
  });

  it('refuses new free text', () => {
    expect(shipDateProblem('next week', '')).toBe(SHIP_DATE_MESSAGE);
    expect(shipDateProblem('soon', 'next week')).toBe(SHIP_DATE_MESSAGE);
  });
});
