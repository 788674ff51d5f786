import { describe, expect, it } from 'vitest';
import { monthDays, runRate } from './run-rate';

describe('runRate', () => {
  it('projects month-to-date over the days elapsed, today included', () => {
    // The 5th of a 31-day month: MTD × 31 ÷ 5.
    expect(runRate(1_000, null, '2026-12-05')).toEqual({
      projected: 6_200,
      achievement_pct: null,
      projected_pct: null,
      required_per_day: null,
    });
    // A 28-day February, its first and last day.
    expect(monthDays('2027-02-01')).toEqual({ inMonth: 28, elapsed: 1, left: 27 });
    expect(runRate(700, null, '2027-02-01').projected).toBe(19_600);
    expect(runRate(700, null, '2027-02-28').projected).toBe(700);
  });

  it('gives achievement, projected share and the rate still needed against a target', () => {
    const r = runRate(10_000, 100_000, '2026-12-05');
    expect(r.projected).toBe(62_000);
    expect(r.achievement_pct).toBeCloseTo(10, 10);
    expect(r.projected_pct).toBeCloseTo(62, 10);
    // 90,000 left over the 26 days after the 5th.
    expect(r.required_per_day).toBe(3_461.54);
  });

  it('asks for the whole remainder on the last day, nothing once met, and treats a zero target as none', () => {
    expect(runRate(90_000, 100_000, '2026-12-31').required_per_day).toBe(10_000);
    expect(runRate(120_000, 100_000, '2026-12-10').required_per_day).toBe(0);
    expect(runRate(5_000, 0, '2026-12-10').achievement_pct).toBeNull();
  });
});
