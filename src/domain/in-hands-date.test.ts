import { describe, expect, it } from 'vitest';
import { earliestToday, inHandsDateProblem, localToday } from './in-hands-date.ts';

describe('in-hands date', () => {
  it('takes none, today and later days', () => {
    expect(inHandsDateProblem('', '2026-03-01')).toBeUndefined();
    expect(inHandsDateProblem('2026-03-01', '2026-03-01')).toBeUndefined();
    expect(inHandsDateProblem(' 2027-01-15 ', '2026-03-01')).toBeUndefined();
  });

  it('refuses a day that does not exist or is not a date', () => {
    expect(inHandsDateProblem('2026-02-30', '2026-01-01')).toBe('In-hands date must be a date that exists, such as 2026-03-31');
    expect(inHandsDateProblem('next week', '2026-01-01')).toMatch(/must be a date/);
  });

  it('refuses a past day, naming it', () => {
    expect(inHandsDateProblem('2026-02-28', '2026-03-01')).toBe('In-hands date 2026-02-28 has passed: choose today or a later day');
  });

  it("judges today by the last zone to start a day, so a buyer's today is never past", () => {
    // 05:00 UTC on 1 March is still 28 February in UTC−12.
    expect(earliestToday(new Date('2026-03-01T05:00:00Z'))).toBe('2026-02-28');
    expect(earliestToday(new Date('2026-03-01T13:00:00Z'))).toBe('2026-03-01');
    expect(localToday(new Date(2026, 2, 1, 23, 59))).toBe('2026-03-01');
  });
});
