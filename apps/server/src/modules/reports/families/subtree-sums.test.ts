import { describe, expect, it } from 'vitest';
import { coverRange } from './subtree-sums';

describe('coverRange: months and runs of days that add up to a range', () => {
  it('reads the month to date as the month minus the days after it', () => {
    expect(coverRange({ start: '2026-11-01', end: '2026-11-26' })).toEqual({
      months: ['2026-11-01'],
      days: [{ start: '2026-11-27', end: '2026-11-30', sign: -1 }],
    });
  });

  it('reads a few days of a month as those days', () => {
    expect(coverRange({ start: '2026-11-01', end: '2026-11-05' })).toEqual({
      months: [],
      days: [{ start: '2026-11-01', end: '2026-11-05', sign: 1 }],
    });
    expect(coverRange({ start: '2026-03-10', end: '2026-03-20' })).toEqual({
      months: [],
      days: [{ start: '2026-03-10', end: '2026-03-20', sign: 1 }],
    });
  });

  it('takes whole months whole, and each part month by the shorter side', () => {
    expect(coverRange({ start: '2026-03-01', end: '2026-05-31' })).toEqual({
      months: ['2026-03-01', '2026-04-01', '2026-05-01'],
      days: [],
    });
    expect(coverRange({ start: '2026-10-07', end: '2026-11-19' })).toEqual({
      months: ['2026-10-01', '2026-11-01'],
      days: [
        { start: '2026-10-01', end: '2026-10-06', sign: -1 },
        { start: '2026-11-20', end: '2026-11-30', sign: -1 },
      ],
    });
    expect(coverRange({ start: '2026-01-20', end: '2026-03-03' })).toEqual({
      months: ['2026-02-01'],
      days: [
        { start: '2026-01-20', end: '2026-01-31', sign: 1 },
        { start: '2026-03-01', end: '2026-03-03', sign: 1 },
      ],
    });
  });

  it('counts February and leap years by their own length', () => {
    expect(coverRange({ start: '2026-02-02', end: '2026-02-28' })).toEqual({
      months: ['2026-02-01'],
      days: [{ start: '2026-02-01', end: '2026-02-01', sign: -1 }],
    });
    expect(coverRange({ start: '2028-02-01', end: '2028-02-28' })).toEqual({
      months: ['2028-02-01'],
      days: [{ start: '2028-02-29', end: '2028-02-29', sign: -1 }],
    });
  });
});
