import { describe, expect, it } from 'vitest';
import { columnLetters, FIELD_COLUMNS, orderSizeLabels, readFieldCell, readNumber } from './sheet-columns.ts';

const column = (field: string) => FIELD_COLUMNS.find((candidate) => candidate.field === field)!;

describe('reading catalog cells', () => {
  it('takes a binary float as the decimal it was typed as, and text prices with spaces and a $', () => {
    expect(readNumber(38.770000000000003)).toBe(38.77);
    expect(readNumber(0.1 + 0.2)).toBe(0.3);
    expect(readNumber(' $12.99 ')).toBe(12.99);
    expect(readNumber('0.0279')).toBe(0.0279);
  });

  it('leaves what is not clearly a number as text, for the validator to name', () => {
    expect(readNumber('12,99')).toBe('12,99');
    expect(readNumber('1,299.00')).toBe('1,299.00');
    expect(readNumber('call us')).toBe('call us');
  });

  it('reads lists, true/false and volume prices as a person writes them', () => {
    expect(readFieldCell(column('colors'), ' Navy,Black , Royal Blue ').value).toEqual(['Navy', 'Black', 'Royal Blue']);
    expect(readFieldCell(column('restricted'), 'TRUE').value).toBe(true);
    expect(readFieldCell(column('restricted'), 'maybe').value).toBe('maybe');
    expect(readFieldCell(column('discount'), '500: 71.50; 1000: $69').value).toEqual([
      { quantity: 500, price: 71.5 },
      { quantity: 1000, price: 69 },
    ]);
    expect(readFieldCell(column('discount'), '500 71.50').problems[0]?.message).toContain('must be written quantity: price');
    expect(readFieldCell(column('name'), '   ').value).toBeUndefined();
  });

  it('orders size columns as people read them and names columns as spreadsheets do', () => {
    expect(orderSizeLabels(['# boxes', 'XSmall', '1000', 'LT', 'Small', '500', '2XL'])).toEqual(['XSmall', 'Small', '2XL', 'LT', '500', '1000', '# boxes']);
    expect([0, 25, 26, 51, 52].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA']);
  });
});
