import { addDays, daysBetween, fromDayMonthYear, kolkataDayEnd, kolkataToday, MAX_RANGE_DAYS, monthRange } from '@dossier/shared';
import { badRequest } from './http-errors';

/**
 * Date ranges of query parameters (the team area's screens): checked, defaulted and turned into instants with
 * the business-date helpers of `@dossier/shared`.
 */

/** A calendar range in Asia/Kolkata, both ends included, as yyyy-MM-dd. */
export interface DateRange {
  start: string;
  end: string;
}

/** Both or neither; end not before start; at most MAX_RANGE_DAYS long. Dates are already valid. */
export function checkedRange(start: string | undefined, end: string | undefined, fallback: () => DateRange): DateRange {
  if ((start === undefined) !== (end === undefined)) {
    throw badRequest('Give both start_date and end_date, or neither', { start_date: start ?? null, end_date: end ?? null });
  }
  const range = start !== undefined && end !== undefined ? { start, end } : fallback();
  if (range.end < range.start) {
    throw badRequest('end_date cannot be before start_date', { start_date: range.start, end_date: range.end });
  }
  if (daysBetween(range.start, range.end) + 1 > MAX_RANGE_DAYS) {
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

/** The first days of the months a range covers whole, when it is whole months (a first day to a last); else null. */
export function wholeMonths(range: DateRange): string[] | null {
  const months: string[] = [];
  for (let first = range.start; first <= range.end; first = addDays(monthRange(first).end_date, 1)) {
    const month = monthRange(first);
    if (month.start_date !== first || month.end_date > range.end) return null;
    months.push(first);
  }
  return months;
}
