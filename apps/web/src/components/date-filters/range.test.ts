import { describe, expect, it } from 'vitest';
import { parseQueryDate, rangeFromQuery, rangeProblem, withRange } from './range';

const fallback = () => ({ start_date: '2026-11-01', end_date: '2026-11-30' });

describe('date filter rules', () => {
  it('uses the query dates only when both are present and valid', () => {
    expect(rangeFromQuery(new URLSearchParams('start_date=2026-01-01&end_date=2026-01-31'), fallback)).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    expect(rangeFromQuery(new URLSearchParams('start_date=2026-01-01'), fallback)).toEqual(fallback());
    expect(rangeFromQuery(new URLSearchParams('start_date=2026-02-30&end_date=2026-03-01'), fallback)).toEqual(fallback());
  });
  it('reads dd/MM/yyyy too', () => {
    expect(parseQueryDate('05/01/2026')).toBe('2026-01-05');
    expect(parseQueryDate('31/02/2026')).toBeNull();
    expect(parseQueryDate(null)).toBeNull();
  });
  it('requires both dates and refuses an end before the start', () => {
    expect(rangeProblem(null, '2026-01-01')).toBe('Choose a start date and an end date');
    expect(rangeProblem('2026-01-02', '2026-01-01')).toBe('End date cannot be before start date');
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
  it('keeps other parameters on Submit and shifts days across months', () => {
    expect(
      withRange(new URLSearchParams('product_type_id=9,10&start_date=x'), { start_date: '2026-01-01', end_date: '2026-01-31' }).toString(),
    ).toBe('product_type_id=9%2C10&start_date=2026-01-01&end_date=2026-01-31');
  });
});
