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

export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export interface YearMonthDay {
  y: number;
  m: number;
  d: number;
}

export function splitDay(day: number): YearMonthDay {
  const date = new Date(day * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
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

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
