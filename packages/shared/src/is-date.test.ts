import { describe, expect, it } from 'vitest';
import { isDate } from './dates';

/** What a day cell meant before isDate counted: the day a Date built from it prints back as itself. */
const roundTrips = (v: string) => {
  const [y, m, d] = v.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 0) - 1, d ?? 0)).toISOString().slice(0, 10) === v;
};

describe('isDate', () => {
  it('accepts exactly the days a Date round trip accepts', () => {
    const years = ['0000', '0099', '0100', '1900', '1999', '2000', '2023', '2024', '2025', '2100', '2400', '9999'];
    const pad = (n: number) => String(n).padStart(2, '0');
    let accepted = 0;
    for (const year of years)
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const v = `${year}-${pad(month)}-${pad(day)}`;
          expect(isDate(v), v).toBe(roundTrips(v));
          if (isDate(v)) accepted++;
        }
    // Ten years of 365 or 366 days: 2000, 2024 and 2400 are leap years, 1900 and 2100 are not.
    expect(accepted).toBe(10 * 365 + 3);
  });

  it('refuses what is not yyyy-MM-dd', () => {
    for (const v of ['2025-1-01', '2025-01-1', '25-01-01', '2025/01/01', '2025-01-01T00:00', ' 2025-01-01', ''])
      expect(isDate(v), v).toBe(false);
  });
});
