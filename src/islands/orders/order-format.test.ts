import { describe, expect, it } from 'vitest';
import { formatDollars, formatOrderDate, formatShipDate, NOT_AVAILABLE, orderLabel, textOrNotAvailable } from './order-format.ts';

describe('formatOrderDate', () => {
  it("writes the long month, a two-digit day and the year: 'January 05, 2024'", () => {
    expect(formatOrderDate('2024-01-05T15:04:05.123Z', 'UTC')).toBe('January 05, 2024');
    expect(formatOrderDate('2025-11-21T00:00:00.000Z', 'UTC')).toBe('November 21, 2025');
  });

  it("uses the viewer's time zone: late evening in Ohio is still that day there", () => {
    const instant = '2024-03-01T02:30:00.000Z';
    expect(formatOrderDate(instant, 'UTC')).toBe('March 01, 2024');
    expect(formatOrderDate(instant, 'America/New_York')).toBe('February 29, 2024');
  });

  it('defaults to the runtime time zone', () => {
    const instant = '2024-07-04T12:00:00.000Z';
    const local = new Date(instant);
    const expected = `${local.toLocaleString('en-US', { month: 'long' })} ${String(local.getDate()).padStart(2, '0')}, ${local.getFullYear()}`;
    expect(formatOrderDate(instant)).toBe(expected);
  });

  it('shows text that is not a date as it came', () => {
    expect(formatOrderDate('yesterday', 'UTC')).toBe('yesterday');
    expect(formatOrderDate('', 'UTC')).toBe('');
  });
});

describe('formatShipDate', () => {
  it("shows a stored day like the order date, 'February 15, 2024', in any time zone", () => {
    expect(formatShipDate('2024-02-15')).toBe('February 15, 2024');
    expect(formatShipDate('2025-01-01')).toBe('January 01, 2025');
  });

  it('shows free text written before the date input as it was typed, and N/A for nothing', () => {
    expect(formatShipDate('week of March 3')).toBe('week of March 3');
    expect(formatShipDate('3/15')).toBe('3/15');
    expect(formatShipDate('')).toBe(NOT_AVAILABLE);
    expect(formatShipDate(null)).toBe(NOT_AVAILABLE);
  });
});

describe('formatDollars', () => {
  it('shows $ and two decimals', () => {
    expect(formatDollars(38.77)).toBe('$38.77');
    expect(formatDollars(12)).toBe('$12.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });

  it('keeps the decimals of prices below a cent', () => {
    expect(formatDollars(0.0279)).toBe('$0.0279');
  });

  it('shows a missing or unusable price as $0.00', () => {
    for (const price of [0, null, undefined, '', '38.77', Number.NaN, Number.POSITIVE_INFINITY, -1]) expect(formatDollars(price)).toBe('$0.00');
  });

  it('rounds float artefacts finer than 4 decimals instead of failing', () => {
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(38.770000000001)).toBe('$38.77');
  });
});

describe('textOrNotAvailable', () => {
  it('shows N/A for empty, blank, null and missing values', () => {
    for (const value of ['', '   ', null, undefined, {}, Number.NaN]) expect(textOrNotAvailable(value)).toBe(NOT_AVAILABLE);
    expect(NOT_AVAILABLE).toBe('N/A');
  });

  it('shows text trimmed and numbers as they are', () => {
    expect(textOrNotAvailable(' PO-77 ')).toBe('PO-77');
    expect(textOrNotAvailable(0)).toBe('0');
    expect(textOrNotAvailable(500)).toBe('500');
  });
});

describe('orderLabel', () => {
  it("names an order by its buyer and date, and says 'no name' when the name is empty (the retention removed it, or none was given)", () => {
    expect(orderLabel('Dana Reyes', 'January 05, 2024')).toBe('the order of Dana Reyes, January 05, 2024');
    expect(orderLabel('', 'January 05, 2024')).toBe('the order of no name, January 05, 2024');
  });
});
