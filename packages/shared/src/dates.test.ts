import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  formatDay,
  iso,
  istDay,
  istInstant,
  kolkataClock12,
  kolkataDayEnd,
  kolkataDayStart,
  kolkataInstant,
  kolkataTime,
  kolkataToday,
  monthRange,
  monthStart,
  parseDay,
  rangeDays,
  splitDay,
  weekday,
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

  it('turns a Kolkata date and time into its instant, the last second of a day before the next day starts', () => {
    expect(kolkataInstant('2026-05-20', '09:15:30').toISOString()).toBe('2026-05-20T03:45:30.000Z');
    expect(kolkataInstant('2026-12-31', '23:59:59').toISOString()).toBe('2026-12-31T18:29:59.000Z');
    expect(kolkataInstant('2027-01-01', '00:00:00').getTime()).toBe(kolkataDayEnd('2026-12-31').getTime());
    expect(kolkataToday(kolkataInstant('2026-12-31', '23:59:59'))).toBe('2026-12-31');
  });
});

describe('day numbers', () => {
  it('clamps month arithmetic to the end of shorter months', () => {
    expect(formatDay(addMonths(parseDay('2024-01-31'), 1))).toBe('2024-02-29');
    expect(formatDay(addMonths(parseDay('2025-01-31'), 1))).toBe('2025-02-28');
    expect(formatDay(addMonths(parseDay('2025-03-15'), -15))).toBe('2023-12-15');
    expect(formatDay(monthStart(parseDay('2028-02-29')))).toBe('2028-02-01');
  });

  it('splits and writes days and instants as Date does, across leap years and centuries', () => {
    // Every day from 1899 to 2101, then instants spread over years up to 9999 at odd milliseconds.
    for (let day = -25_567; day <= 47_847; day++) {
      const date = new Date(day * 86_400_000);
      expect(splitDay(day)).toEqual({ y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() });
      expect(formatDay(day)).toBe(date.toISOString().slice(0, 10));
    }
    for (let ms = -30_000_000_000_000; ms < 250_000_000_000_000; ms += 13_999_999_937) {
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    }
    expect(iso(Date.UTC(2026, 10, 27, 23, 59, 59, 7))).toBe('2026-11-27T23:59:59.007Z');
  });

  it('rejects dates that are not real yyyy-MM-dd days', () => {
    expect(() => parseDay('2025-02-30')).toThrow(/Bad date/);
    expect(() => parseDay('20-05-2025')).toThrow(/Bad date/);
  });

  it('turns a Kolkata business time into the right instant and back, at the edges of the day', () => {
    const day = parseDay('2026-05-20');
    expect(new Date(istInstant(day, 0)).toISOString()).toBe('2026-05-19T18:30:00.000Z');
    expect(istInstant(day, 0)).toBe(kolkataDayStart('2026-05-20').getTime());
    expect(istDay(istInstant(day, 86_399))).toBe(day);
    expect(istDay(istInstant(day, 86_400))).toBe(day + 1);
    expect(weekday(day)).toBe(3);
  });
});
