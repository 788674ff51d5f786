import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  kolkataClock12,
  kolkataDayEnd,
  kolkataDayStart,
  kolkataTime,
  kolkataToday,
  monthRange,
  rangeDays,
} from './dates';

describe('business dates in Asia/Kolkata', () => {
  it('takes today from the Kolkata clock: 18:29 UTC is still the same day, 18:30 UTC the next', () => {
    expect(kolkataToday(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(kolkataToday(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(kolkataTime(new Date('2026-11-25T08:45:00Z'))).toBe('14:15');
    expect(kolkataClock12('2026-11-25T18:29:00Z')).toBe('11:59 PM');
    expect(kolkataClock12('2026-11-25T18:30:00Z')).toBe('12:00 AM');
  });

  it('moves days across month, year and leap-day ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -30)).toBe('2026-01-30');
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2027-01-01', '2026-12-01')).toBe(-31);
    expect(rangeDays({ start: '2028-02-01', end: '2028-02-29' })).toBe(29);
  });

  it('gives each month its first and last day', () => {
    expect(monthRange('2026-02-14')).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' });
    expect(monthRange('2028-02-01')).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
    expect(monthRange('2026-12-31')).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
  });

  it('turns a business day into the instants it begins and ends', () => {
    expect(kolkataDayStart('2027-01-01').toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(kolkataDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });
});
