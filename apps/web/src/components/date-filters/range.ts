import { fromDayMonthYear, isValidIsoDate, kolkataToday, monthRange } from '@dossier/shared';

/** A date range as the URL and the filters carry it: yyyy-MM-dd, both ends included. */
export interface DateRangeValue {
  start_date: string;
  end_date: string;
}

/** yyyy-MM-dd or dd/MM/yyyy (links from older screens) → yyyy-MM-dd; null otherwise. */
export function parseQueryDate(text: string | null): string | null {
  if (!text) return null;
  if (isValidIsoDate(text)) return text;
  return fromDayMonthYear(text);
}

/** The query's dates count only when both are present (and valid); else the fallback (docs/product/report-screens.md, 'Query parameters'). */
export function rangeFromQuery(params: URLSearchParams, fallback: () => DateRangeValue): DateRangeValue {
  const start = parseQueryDate(params.get('start_date'));
  const end = parseQueryDate(params.get('end_date'));
  return start && end ? { start_date: start, end_date: end } : fallback();
}

/** First to last day of the current month (India time). */
export const currentMonth = (): DateRangeValue => monthRange(kolkataToday());

/** Why a range cannot be submitted, or null when it can (required fields; end not before start). */
export function rangeProblem(start: string | null, end: string | null): string | null {
  if (!start || !end) return 'Choose a start date and an end date';
  if (end < start) return 'End date cannot be before start date';
  return null;
}

/** The URL search after a filter Submit: the range replaces any previous one, other params stay. */
export function withRange(search: URLSearchParams, range: DateRangeValue): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('start_date', range.start_date);
  next.set('end_date', range.end_date);
  return next;
}
