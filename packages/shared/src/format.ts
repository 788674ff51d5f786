/** Pure formatting shared by server (downloads, mails) and web (tables). */

/**
 * Rupee amounts (docs/product/report-screens.md, 'Report table'): 'cr' above 9,999,999, 'lac' above 99,999, 'k' above 999, else raw;
 * always prefixed with the rupee sign. Two decimals on the scaled forms.
 */
export function formatRupee(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  if (!Number.isFinite(n)) return String(value ?? '');
  const abs = Math.abs(n);
  if (abs > 9_999_999) return `₹${(n / 10_000_000).toFixed(2)} cr`;
  if (abs > 99_999) return `₹${(n / 100_000).toFixed(2)} lac`;
  if (abs > 999) return `₹${(n / 1_000).toFixed(2)} k`;
  return `₹${Number.isInteger(n) ? n : n.toFixed(2)}`;
}

/** Inverse of formatRupee for sorting: '₹1.50 lac' → 150000. Unparseable text sorts as 0. */
export function parseRupee(text: string | number | null | undefined): number {
  if (typeof text === 'number') return text;
  if (!text) return 0;
  const m = /(-?[\d,]*\.?\d+)\s*(cr|lac|k)?/i.exec(text);
  if (!m?.[1]) return 0;
  const base = Number(m[1].replace(/,/g, ''));
  const unit = m[2]?.toLowerCase();
  const scale = unit === 'cr' ? 10_000_000 : unit === 'lac' ? 100_000 : unit === 'k' ? 1_000 : 1;
  return base * scale;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a calendar date given as year, month (1-12), day. */
export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The calendar date in Asia/Kolkata (business dates are Indian) of an instant, as yyyy-MM-dd. */
export function kolkataToday(now: Date = new Date()): string {
  // Kolkata is UTC+05:30 all year (no daylight saving).
  const shifted = new Date(now.getTime() + 330 * 60_000);
  return shifted.toISOString().slice(0, 10);
}

/** yyyy-MM-dd moved by a number of calendar days (negative = earlier). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
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

/**
 * A person's name for display: 'rahul KUMAR' → 'Rahul Kumar'; empty → 'NA' (docs/product/callcentre.md, 'Advisor Connect Leads'). Only names go
 * through here, never sentences, times or codes; a word holding a digit (a code such as EI000639) keeps
 * its case all the same.
 */
export function titleCaseOrNA(text: string | null | undefined): string {
  const t = (text ?? '').trim();
  if (!t) return 'NA';
  return t.replace(/[^\s-]+/gu, (word) =>
    /\d/.test(word) ? word : word.toLowerCase().replace(/^(\P{L}*)(\p{L})/u, (_m, lead: string, ch: string) => lead + ch.toUpperCase()),
  );
}

/** The time of day of an instant in India time, 12-hour: '04:05 PM'. */
export function kolkataClock12(instant: Date | string): string {
  const d = new Date(new Date(instant).getTime() + 330 * 60_000);
  const hours = d.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A message as a sentence: its first letter upper-cased, the rest (names, codes, times) as written. */
export function sentenceCase(text: string): string {
  const t = text.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}
