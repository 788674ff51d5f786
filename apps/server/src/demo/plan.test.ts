import { describe, expect, it } from 'vitest';
import { kolkataToday } from '@dossier/shared';
import { addMonths, formatDay, iso, istDay, istInstant, parseDay, splitDay, weekday } from './calendar';
import { makePlan, monthIndex } from './plan';
import { Rng } from './random';

describe('demo calendar', () => {
  it('clamps month arithmetic to the end of shorter months', () => {
    expect(formatDay(addMonths(parseDay('2024-01-31'), 1))).toBe('2024-02-29');
    expect(formatDay(addMonths(parseDay('2025-01-31'), 1))).toBe('2025-02-28');
    expect(formatDay(addMonths(parseDay('2025-03-15'), -15))).toBe('2023-12-15');
  });

  it('splits and writes days and instants as Date does, across leap years and centuries', () => {
    const rng = new Rng(7, 'calendar');
    // Every day from 1899 to 2101, then instants at random milliseconds of random days up to 9999.
    for (let day = -25_567; day <= 47_847; day++) {
      const date = new Date(day * 86_400_000);
      expect(splitDay(day)).toEqual({ y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() });
      expect(formatDay(day)).toBe(date.toISOString().slice(0, 10));
    }
    for (let i = 0; i < 20_000; i++) {
      const ms = rng.int(-30_000_000_000_000, 250_000_000_000_000);
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    }
    expect(iso(Date.UTC(2026, 10, 27, 23, 59, 59, 7))).toBe('2026-11-27T23:59:59.007Z');
  });

  it('rejects dates that are not real yyyy-MM-dd days', () => {
    expect(() => parseDay('2025-02-30')).toThrow(/Bad date/);
    expect(() => parseDay('20-05-2025')).toThrow(/Bad date/);
  });

  it('turns an IST business time into the right instant and back', () => {
    const day = parseDay('2026-05-20');
    expect(new Date(istInstant(day, 0)).toISOString()).toBe('2026-05-19T18:30:00.000Z');
    expect(istDay(istInstant(day, 86_399))).toBe(day);
    expect(weekday(day)).toBe(3);
    expect(kolkataToday(new Date('2026-05-19T19:00:00Z'))).toBe('2026-05-20');
  });

  it('plans 24 months ending with the anchor month and data up to the day before', () => {
    const plan = makePlan(1, 1, '2026-05-20');
    expect(formatDay(plan.start)).toBe('2024-06-01');
    expect(formatDay(plan.end)).toBe('2026-05-19');
    expect(plan.months.map(formatDay).at(-1)).toBe('2026-05-01');
    expect(monthIndex(plan, parseDay('2026-05-19'))).toBe(23);
    expect(() => makePlan(1, 0, '2026-05-20')).toThrow(/scale/);
  });

  it('draws the same numbers for the same seed and label only', () => {
    const draw = (seed: number, label: string) =>
      Array.from(
        { length: 5 },
        (
          (r) => () =>
            r.next()
        )(new Rng(seed, label)),
      );
    expect(draw(5, 'a')).toEqual(draw(5, 'a'));
    expect(draw(5, 'a')).not.toEqual(draw(5, 'b'));
    expect(draw(5, 'a')).not.toEqual(draw(6, 'a'));
  });
});
