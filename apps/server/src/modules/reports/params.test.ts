import { comparisonLabel } from '@dossier/shared';
import { describe, expect, it } from 'vitest';
import { everyInterval } from './catalogue';
import { previousRange } from './params';

const period = (start: string, end: string) => ({ start, end });

describe('the period growth compares with', () => {
  const LATER = '2027-06-01';

  it('whole months, closed: the same number of whole months before, at month and year ends', () => {
    expect(previousRange(period('2026-05-01', '2026-05-31'), LATER)).toEqual(period('2026-04-01', '2026-04-30'));
    expect(previousRange(period('2026-03-01', '2026-03-31'), LATER)).toEqual(period('2026-02-01', '2026-02-28'));
    expect(previousRange(period('2024-03-01', '2024-03-31'), LATER)).toEqual(period('2024-02-01', '2024-02-29'));
    expect(previousRange(period('2027-01-01', '2027-01-31'), LATER)).toEqual(period('2026-12-01', '2026-12-31'));
    expect(previousRange(period('2026-04-01', '2026-06-30'), LATER)).toEqual(period('2026-01-01', '2026-03-31'));
    expect(previousRange(period('2026-01-01', '2026-12-31'), LATER)).toEqual(period('2025-01-01', '2025-12-31'));
  });

  it('a closed range from the 1st: the same days of the month before, cut at that month’s end', () => {
    expect(previousRange(period('2026-11-01', '2026-11-23'), LATER)).toEqual(period('2026-10-01', '2026-10-23'));
    expect(previousRange(period('2026-03-01', '2026-03-30'), LATER)).toEqual(period('2026-02-01', '2026-02-28'));
    expect(previousRange(period('2026-11-01', '2026-12-15'), LATER)).toEqual(period('2026-09-01', '2026-10-15'));
  });

  it('any other closed range: the same length, ending the day before it starts', () => {
    expect(previousRange(period('2026-10-07', '2026-11-19'), LATER)).toEqual(period('2026-08-24', '2026-10-06'));
    expect(previousRange(period('2026-01-05', '2026-01-05'), LATER)).toEqual(period('2026-01-04', '2026-01-04'));
  });

  it('a running range, like for like: as many days as have passed (MTD against LMTD)', () => {
    expect(previousRange(period('2026-11-01', '2026-11-30'), '2026-11-23')).toEqual(period('2026-10-01', '2026-10-23'));
    expect(previousRange(period('2026-11-01', '2026-11-30'), '2026-11-01')).toEqual(period('2026-10-01', '2026-10-01'));
    expect(previousRange(period('2027-01-01', '2027-01-31'), '2027-01-10')).toEqual(period('2026-12-01', '2026-12-10'));
    // 30 days of March have passed; February has only 28.
    expect(previousRange(period('2026-03-01', '2026-03-31'), '2026-03-30')).toEqual(period('2026-02-01', '2026-02-28'));
    expect(previousRange(period('2026-10-07', '2026-11-19'), '2026-10-20')).toEqual(period('2026-08-24', '2026-09-06'));
  });

  it('a range that ends today or lies ahead keeps the whole period', () => {
    expect(previousRange(period('2026-11-01', '2026-11-30'), '2026-11-30')).toEqual(period('2026-10-01', '2026-10-31'));
    expect(previousRange(period('2026-12-01', '2026-12-31'), '2026-11-23')).toEqual(period('2026-11-01', '2026-11-30'));
  });

  it('is named under the growth columns', () => {
    expect(comparisonLabel({ start_date: '2026-10-01', end_date: '2026-10-23' })).toBe('vs 1–23 Oct');
    expect(comparisonLabel({ start_date: '2026-10-05', end_date: '2026-10-05' })).toBe('vs 5 Oct');
    expect(comparisonLabel({ start_date: '2026-08-24', end_date: '2026-10-06' })).toBe('vs 24 Aug–6 Oct');
    expect(comparisonLabel({ start_date: '2025-12-15', end_date: '2026-01-13' })).toBe('vs 15 Dec 2025–13 Jan 2026');
  });
});

describe('the refresh interval in words', () => {
  it('says seconds, minutes or hours, and one of each without a number', () => {
    expect(everyInterval(300)).toBe('every 5 minutes');
    expect(everyInterval(60)).toBe('every minute');
    expect(everyInterval(90)).toBe('every 90 seconds');
    expect(everyInterval(3600)).toBe('every hour');
    expect(everyInterval(7200)).toBe('every 2 hours');
    expect(everyInterval(5)).toBe('every 5 seconds');
  });
});
