import { describe, expect, it } from 'vitest';
import { filterOfForm, filterProblem, NO_FILTER } from './order-filter-form.ts';

describe('the orders filter', () => {
  it('asks for nothing when nothing is typed, and only for the fields given', () => {
    expect(filterOfForm(NO_FILTER)).toBeUndefined();
    expect(filterOfForm({ ...NO_FILTER, buyer: '  ' })).toBeUndefined();
    expect(filterOfForm({ ...NO_FILTER, po: ' CPO-7 ', status: 'shipped' })).toEqual({ po: 'CPO-7', status: 'shipped' });
  });

  it("asks for the days as this browser's time zone has them, the last one whole", () => {
    const filter = filterOfForm({ ...NO_FILTER, from: '2026-03-01', to: '2026-03-31' });
    expect(filter?.placed_from).toBe(new Date(2026, 2, 1).toISOString());
    expect(filter?.placed_before).toBe(new Date(2026, 3, 1).toISOString());
  });

  it('says when the days are the wrong way round', () => {
    expect(filterProblem({ ...NO_FILTER, from: '2026-03-05', to: '2026-03-01' })).toBe('The "From" day 2026-03-05 is after the "To" day 2026-03-01: swap them');
    expect(filterProblem({ ...NO_FILTER, from: '2026-03-01', to: '2026-03-01' })).toBeUndefined();
  });
});
