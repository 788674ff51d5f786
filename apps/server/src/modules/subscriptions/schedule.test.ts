import { kolkataDateTime, nextRunAfter, scheduleText, SubscriptionSchedule, type SubscriptionScheduleInput } from '@dossier/shared';
import { describe, expect, it } from 'vitest';

const next = (s: SubscriptionScheduleInput, after: string) => nextRunAfter(SubscriptionSchedule.parse(s), new Date(after)).toISOString();

// 2026-11-25 is a Wednesday. India time is UTC+05:30: 09:00 IST = 03:30Z.
describe('schedule arithmetic (Asia/Kolkata)', () => {
  it('daily: today when the time is still ahead, else tomorrow; strictly after', () => {
    expect(next({ frequency: 'daily', time: '09:00' }, '2026-11-25T03:00:00Z')).toBe('2026-11-25T03:30:00.000Z');
    expect(next({ frequency: 'daily', time: '09:00' }, '2026-11-25T03:30:00Z')).toBe('2026-11-26T03:30:00.000Z');
    expect(next({ frequency: 'daily', time: '09:00' }, '2026-11-25T03:30:00.001Z')).toBe('2026-11-26T03:30:00.000Z');
  });

  it('counts days in India, not in UTC: just after midnight IST is still the previous UTC day', () => {
    // 25 Nov 00:15 IST = 24 Nov 18:45Z: 00:30 IST on the 25th is 15 minutes later.
    expect(next({ frequency: 'daily', time: '00:30' }, '2026-11-24T18:45:00Z')).toBe('2026-11-24T19:00:00.000Z');
    expect(next({ frequency: 'daily', time: '00:30' }, '2026-11-24T19:00:00Z')).toBe('2026-11-25T19:00:00.000Z');
    // 23:45 IST is 18:15Z the same day.
    expect(next({ frequency: 'daily', time: '23:45' }, '2026-11-25T18:00:00Z')).toBe('2026-11-25T18:15:00.000Z');
  });

  it('daily Monday to Friday skips Saturday and Sunday, judged by the Indian weekday', () => {
    // Friday 27 Nov 10:00 IST: the next weekday is Monday 30 Nov.
    expect(next({ frequency: 'daily', time: '09:00', weekdays_only: true }, '2026-11-27T04:30:00Z')).toBe('2026-11-30T03:30:00.000Z');
    // Monday 05:00 IST is Sunday 23:30Z: a UTC weekday check would skip it.
    expect(next({ frequency: 'daily', time: '05:00', weekdays_only: true }, '2026-11-27T22:00:00Z')).toBe('2026-11-29T23:30:00.000Z');
    // Without the option Saturday counts.
    expect(next({ frequency: 'daily', time: '09:00' }, '2026-11-27T04:30:00Z')).toBe('2026-11-28T03:30:00.000Z');
  });

  it('weekly: the chosen ISO weekday at the time', () => {
    expect(next({ frequency: 'weekly', time: '08:30', weekday: 1 }, '2026-11-25T00:00:00Z')).toBe('2026-11-30T03:00:00.000Z');
    // Same weekday, time passed: a week later.
    expect(next({ frequency: 'weekly', time: '08:30', weekday: 3 }, '2026-11-25T04:00:00Z')).toBe('2026-12-02T03:00:00.000Z');
    // Sunday 23:00 IST.
    expect(next({ frequency: 'weekly', time: '23:00', weekday: 7 }, '2026-11-25T00:00:00Z')).toBe('2026-11-29T17:30:00.000Z');
  });

  it('monthly on the 31st sends on the last day of shorter months (30 Nov, 28 Feb, 29 Feb in a leap year)', () => {
    const s = { frequency: 'monthly', time: '18:00', day_of_month: 31 } as const;
    expect(next(s, '2026-11-25T00:00:00Z')).toBe('2026-11-30T12:30:00.000Z');
    expect(next(s, '2026-11-30T12:30:00Z')).toBe('2026-12-31T12:30:00.000Z');
    expect(next(s, '2026-12-31T12:30:00Z')).toBe('2027-01-31T12:30:00.000Z');
    expect(next(s, '2027-01-31T12:30:00Z')).toBe('2027-02-28T12:30:00.000Z');
    expect(next(s, '2027-02-28T12:30:00Z')).toBe('2027-03-31T12:30:00.000Z');
    expect(next(s, '2028-02-01T00:00:00Z')).toBe('2028-02-29T12:30:00.000Z');
    expect(next({ frequency: 'monthly', time: '09:00', day_of_month: 30 }, '2027-02-01T00:00:00Z')).toBe('2027-02-28T03:30:00.000Z');
  });

  it('monthly on the 1st at midnight IST is the evening before in UTC', () => {
    expect(next({ frequency: 'monthly', time: '00:00', day_of_month: 1 }, '2026-11-25T00:00:00Z')).toBe('2026-11-30T18:30:00.000Z');
    // Between 18:30Z on 30 Nov and midnight UTC it is already 1 Dec in India: that slot has passed.
    expect(next({ frequency: 'monthly', time: '00:00', day_of_month: 1 }, '2026-11-30T19:00:00Z')).toBe('2026-12-31T18:30:00.000Z');
  });

  it('after a long outage the next slot is the one after now, not each missed one', () => {
    // Due 1 Nov 09:00, server down until 25 Nov 12:00 IST: one next slot, 26 Nov.
    expect(next({ frequency: 'daily', time: '09:00' }, '2026-11-25T06:30:00Z')).toBe('2026-11-26T03:30:00.000Z');
  });

  it('states the schedule as the list shows it', () => {
    expect(scheduleText(SubscriptionSchedule.parse({ frequency: 'daily', time: '09:00', weekdays_only: true }))).toBe(
      'Daily at 09:00 (Mon–Fri)',
    );
    expect(scheduleText(SubscriptionSchedule.parse({ frequency: 'weekly', time: '08:30', weekday: 1 }))).toBe('Weekly on Monday at 08:30');
    expect(scheduleText(SubscriptionSchedule.parse({ frequency: 'monthly', time: '18:00', day_of_month: 31 }))).toBe(
      'Monthly on day 31 at 18:00',
    );
  });

  it('shows instants as India time', () => {
    expect(kolkataDateTime(new Date('2026-11-24T18:45:00Z'))).toBe('25/11/2026 00:15');
    expect(kolkataDateTime(new Date('2026-12-31T18:29:00Z'))).toBe('31/12/2026 23:59');
  });

  it('refuses bad times and days with a clear message', () => {
    const bad = (s: unknown) => SubscriptionSchedule.safeParse(s).error?.issues.map((i) => i.message);
    expect(bad({ frequency: 'daily', time: '24:00' })).toEqual(['time must be HH:MM (24-hour, India time)']);
    expect(bad({ frequency: 'weekly', time: '09:00', weekday: 0 })).toEqual(['weekday must be 1 (Monday) to 7 (Sunday)']);
    expect(bad({ frequency: 'monthly', time: '09:00', day_of_month: 32 })).toEqual(['day_of_month must be 1 to 31']);
  });
});
