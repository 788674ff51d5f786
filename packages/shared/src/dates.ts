/**
 * Business dates (docs/architecture.md, 'Dates and formatting'): calendar days in Asia/Kolkata as yyyy-MM-dd
 * strings, and the instants they begin and end. Kolkata is UTC+05:30 all year (no daylight saving), so a
 * fixed offset converts both ways. Server, web, demo generator and tests all use this one module.
 */

const DAY_MS = 86_400_000;
/** Kolkata's offset from UTC, for code that counts in day numbers (the demo generator). */
export const KOLKATA_OFFSET_MS = 330 * 60_000;

/**
 * An instant moved by +05:30, so that its UTC fields (getUTCHours, toISOString) read Kolkata's wall clock.
 * Only for reading fields: the result is not the same instant.
 */
export function kolkataWallClock(instant: Date | string | number): Date {
  return new Date(new Date(instant).getTime() + KOLKATA_OFFSET_MS);
}

/** 'HH:mm' (24-hour) of an instant in Kolkata. */
export function kolkataTime(instant: Date | string | number): string {
  return kolkataWallClock(instant).toISOString().slice(11, 16);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a calendar date given as year, month (1-12), day. */
export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The calendar date in Asia/Kolkata (business dates are Indian) of an instant, as yyyy-MM-dd. */
export function kolkataToday(now: Date = new Date()): string {
  return kolkataWallClock(now).toISOString().slice(0, 10);
}

/** yyyy-MM-dd moved by a number of calendar days (negative = earlier). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (yyyy-MM-dd; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days a range covers, both ends included. */
export function rangeDays(range: { start: string; end: string }): number {
  return daysBetween(range.start, range.end) + 1;
}

/** The instant business day `iso` begins in Kolkata. */
export function kolkataDayStart(iso: string): Date {
  return new Date(`${iso}T00:00:00+05:30`);
}

/** The instant business day `iso` ends in Kolkata: the next day's start (an exclusive bound). */
export function kolkataDayEnd(iso: string): Date {
  return kolkataDayStart(addDays(iso, 1));
}

/** First and last day of the month containing the given yyyy-MM-dd date. */
export function monthRange(date: string): { start_date: string; end_date: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start_date: isoDate(y, m, 1), end_date: isoDate(y, m, last) };
}

/** Month names as the screens abbreviate them ('Oct'), January first. */
export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * What a growth column compares with, under its title: 'vs 1–23 Oct', 'vs 2 Oct–1 Nov', and with years only
 * when the period spans two ('vs 15 Dec 2025–13 Jan 2026').
 */
export function comparisonLabel(period: { start_date: string; end_date: string }): string {
  const [ys, ms, ds] = period.start_date.split('-').map(Number) as [number, number, number];
  const [ye, me, de] = period.end_date.split('-').map(Number) as [number, number, number];
  const month = (m: number) => MONTH_ABBREVIATIONS[m - 1] ?? '';
  if (ys !== ye) return `vs ${ds} ${month(ms)} ${ys}–${de} ${month(me)} ${ye}`;
  if (ms !== me) return `vs ${ds} ${month(ms)}–${de} ${month(me)}`;
  return ds === de ? `vs ${ds} ${month(ms)}` : `vs ${ds}–${de} ${month(ms)}`;
}

/** yyyy-MM-dd → dd/MM/yyyy (mapped partners, analytics, sales promotion view). */
export function toDayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** dd/MM/yyyy → yyyy-MM-dd, or null when it is not a real date. */
export function fromDayMonthYear(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isValidIsoDate(iso) ? iso : null;
}

/**
 * True when text is yyyy-MM-dd and names a real calendar day of the years 1900-2999. The bounds keep
 * date arithmetic on inputs (previous periods, month splits) inside four-digit years that both
 * JavaScript's ISO strings and PostgreSQL's date type accept: year 0000 or 9999 ranges broke both.
 */
export function isValidIsoDate(text: string): boolean {
  if (!/^(19|2\d)\d{2}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The time of day of an instant in India time, 12-hour: '04:05 PM'. */
export function kolkataClock12(instant: Date | string): string {
  const d = kolkataWallClock(instant);
  const hours = d.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** An instant as India time, 'dd/MM/yyyy HH:mm' (subscriptions: the list and the mail). */
export function kolkataDateTime(at: Date): string {
  const l = kolkataWallClock(at);
  return `${pad(l.getUTCDate())}/${pad(l.getUTCMonth() + 1)}/${l.getUTCFullYear()} ${kolkataTime(at)}`;
}
