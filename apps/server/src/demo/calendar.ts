import { KOLKATA_OFFSET_MS } from '@dossier/shared';

/**
 * Calendar arithmetic on day numbers (days since 1970-01-01). Business dates are Asia/Kolkata, which
 * has no daylight saving, so a fixed +05:30 offset turns a business day and time into an instant.
 */

const DAY_MS = 86_400_000;

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
 * `Date`: the generator splits and formats a few days per policy, and at 1 crore policies the `Date` objects
 * were a tenth of its time.
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

export function dayOf(y: number, m: number, d: number): number {
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

export function daysInMonth(y: number, m: number): number {
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
