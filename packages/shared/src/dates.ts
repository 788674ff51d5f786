/**
 * Business dates (docs/architecture.md, 'Dates and formatting'): Asia/Kolkata days as yyyy-MM-dd strings and
 * their instants. Kolkata has no daylight saving, so a fixed +05:30 offset converts both ways.
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

/** The instant of a Kolkata wall-clock date and time ('2026-05-20', '09:15:00'). */
export function kolkataInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}+05:30`);
}

/** The instant business day `iso` begins in Kolkata. */
export function kolkataDayStart(iso: string): Date {
  return kolkataInstant(iso, '00:00:00');
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
 * True when text is yyyy-MM-dd and names a real day of 1900-2999: the bounds keep date arithmetic inside
 * four-digit years that both JavaScript ISO strings and PostgreSQL dates accept.
 */
export function isValidIsoDate(text: string): boolean {
  if (!/^(19|2\d)\d{2}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/**
 * A day of the Gregorian calendar, years 0100 to 9999 (Date.UTC reads years below 100 as 19xx). Counted,
 * not built as a Date: a large import checks a million of them.
 */
export function isDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0));
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

/*
 * Day numbers (days since 1970-01-01), for code that counts millions of days (the demo generator): the same
 * calendar as the yyyy-MM-dd helpers above, by arithmetic instead of a `Date` and a string per step.
 */

export function parseDay(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : NaN;
  if (!Number.isInteger(day) || formatDay(day) !== text) throw new Error(`Bad date ${text}, expected yyyy-MM-dd`);
  return day;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

/** yyyy-MM-dd, as `Date#toISOString` writes it for years 1000 to 9999. */
export function formatDay(day: number): string {
  const { y, m, d } = splitDay(day);
  if (y < 1000 || y > 9999) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

export interface YearMonthDay {
  y: number;
  m: number;
  d: number;
}

/**
 * The proleptic Gregorian date of a day number, by arithmetic (H. Hinnant's civil_from_days) rather than a
 * `Date`: the demo generator calls it for every policy.
 */
export function splitDay(day: number): YearMonthDay {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

function dayOf(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** 0 = Sunday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function monthStart(day: number): number {
  const { y, m } = splitDay(day);
  return dayOf(y, m, 1);
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Same day n months later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: number, n: number): number {
  const { y, m, d } = splitDay(day);
  const index = y * 12 + (m - 1) + n;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return dayOf(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** Epoch milliseconds of a business day at a given second of the IST day. */
export function istInstant(day: number, secondOfDay: number): number {
  return day * DAY_MS + secondOfDay * 1000 - KOLKATA_OFFSET_MS;
}

/** The IST business day an instant falls on. */
export function istDay(ms: number): number {
  return Math.floor((ms + KOLKATA_OFFSET_MS) / DAY_MS);
}

/** `Date#toISOString` of an instant, written from its day and time of day (see splitDay). */
export function iso(ms: number): string {
  if (!Number.isInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  return `${formatDay(day)}T${pad2(Math.floor(rest / 60))}:${pad2(rest % 60)}:${pad2(second)}.${pad3(milli)}Z`;
}
