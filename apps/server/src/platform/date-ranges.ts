import { addDays, fromDayMonthYear, kolkataToday, MAX_RANGE_DAYS, monthRange } from '@dossier/shared';
import { badRequest } from '../../platform/http-errors';

/** A calendar range in Asia/Kolkata, both ends included, as yyyy-MM-dd. */
export interface DateRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

export { addDays };

/** The instant day `iso` begins in Kolkata (UTC+05:30 all year). */
export const kolkataDayStart = (iso: string): Date => new Date(`${iso}T00:00:00+05:30`);
/** The instant day `iso` ends in Kolkata: the next day's start (exclusive bound). */
export const kolkataDayEnd = (iso: string): Date => kolkataDayStart(addDays(iso, 1));

/** Both or neither; end not before start; at most MAX_RANGE_DAYS long. Dates are already valid. */
export function checkedRange(start: string | undefined, end: string | undefined, fallback: () => DateRange): DateRange {
  if ((start === undefined) !== (end === undefined)) {
    throw badRequest('Give both start_date and end_date, or neither', { start_date: start ?? null, end_date: end ?? null });
  }
  const range = start !== undefined && end !== undefined ? { start, end } : fallback();
  if (range.end < range.start) {
    throw badRequest('end_date cannot be before start_date', { start_date: range.start, end_date: range.end });
  }
  if (dayNumber(range.end) - dayNumber(range.start) + 1 > MAX_RANGE_DAYS) {
    throw badRequest(`The date range can span at most ${MAX_RANGE_DAYS} days`, { start_date: range.start, end_date: range.end });
  }
  return range;
}

/** yyyy-MM-dd query dates, defaulting to the current Kolkata month. */
export function isoRangeOrCurrentMonth(start: string | undefined, end: string | undefined, now = new Date()): DateRange {
  return checkedRange(start, end, () => {
    const m = monthRange(kolkataToday(now));
    return { start: m.start_date, end: m.end_date };
  });
}

/** dd/MM/yyyy query dates (already validated by the schema), defaulting to the last 30 days. */
export function dmyRangeOrLast30Days(start: string | undefined, end: string | undefined, now = new Date()): DateRange {
  const iso = (t: string | undefined) => (t === undefined ? undefined : (fromDayMonthYear(t) ?? undefined));
  return checkedRange(iso(start), iso(end), () => {
    const today = kolkataToday(now);
    return { start: addDays(today, -30), end: today };
  });
}

/** The instant "as on day D" means: the end of D, or now when D is today or later. */
export function asOnInstant(day: string | undefined, now = new Date()): Date {
  if (day === undefined) return now;
  const end = kolkataDayEnd(day);
  return end.getTime() < now.getTime() ? end : now;
}

/** A timestamp as the Kolkata calendar date. */
export function kolkataDate(instant: Date | string): string {
  return kolkataToday(new Date(instant));
}
