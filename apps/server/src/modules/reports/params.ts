import { addDays, BUSINESS_TYPE_RULE, daysBetween, isoDate, kolkataToday, monthRange, type ReportFilterBody } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/http-errors';
import type { DateRange, ReportFilters } from './context';

export interface RawReportParams {
  start_date?: string | undefined;
  end_date?: string | undefined;
  product_type_id?: number[] | undefined;
  insurers?: string[] | undefined;
  states?: string[] | undefined;
  business_type?: number[] | undefined;
  account_id?: string | undefined | null;
  page?: number | undefined;
  page_size?: number | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  search?: string | undefined;
  /** Asked by the report screen (`ReportQuery.screen`). */
  screen?: boolean | undefined;
}

// Reports reach further back than the team area's lists (MAX_RANGE_DAYS there): three years of business.
const MAX_REPORT_RANGE_DAYS = 3 * 366;

/**
 * The report's range: the query's dates when both are given, else the report's default (this month, or
 * its fixed offset). Month reports snap to the whole month of the start date.
 */
export function resolveRange(params: RawReportParams, dateMode: 'range' | 'month', offsetDays: number, today = kolkataToday()): DateRange {
  let range: DateRange;
  if (params.start_date && params.end_date) {
    range = { start: params.start_date, end: params.end_date };
  } else if (offsetDays > 0) {
    range = { start: addDays(today, -offsetDays), end: today };
  } else if (offsetDays < 0) {
    range = { start: today, end: addDays(today, -offsetDays) };
  } else {
    const m = monthRange(today);
    range = { start: m.start_date, end: m.end_date };
  }
  if (range.end < range.start) throw badRequest('end_date must not be before start_date', { start_date: range.start, end_date: range.end });
  if (daysBetween(range.start, range.end) > MAX_REPORT_RANGE_DAYS) throw badRequest('The date range can span at most 3 years');
  if (dateMode === 'month') {
    const m = monthRange(range.start);
    range = { start: m.start_date, end: m.end_date };
  }
  return range;
}

/** How many calendar months `range` touches (1 when it lies within one month). */
function monthSpan(range: DateRange): number {
  const [ys, ms] = range.start.split('-').map(Number) as [number, number];
  const [ye, me] = range.end.split('-').map(Number) as [number, number];
  return (ye - ys) * 12 + (me - ms) + 1;
}

/** The first day of the month `months` before the month of `date`. */
function monthsBefore(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - months;
  return isoDate(Math.floor(index / 12), (index % 12) + 1, 1);
}

const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The period growth compares `range` with (docs/product/reports-catalogue.md, 'Growth'): from the 1st, the same
 * days of the month(s) before; otherwise the same length ending the day before. A running range compares only
 * the days passed so far.
 */
export function previousRange(range: DateRange, today = kolkataToday()): DateRange {
  const dayBefore = addDays(range.start, -1);
  const length = daysBetween(range.start, range.end);
  let start: string;
  let end = dayBefore;
  if (range.start.endsWith('-01')) {
    start = monthsBefore(range.start, monthSpan(range));
    const wholeMonths = monthRange(range.end).end_date === range.end;
    if (!wholeMonths) end = earlier(addDays(start, length), dayBefore);
  } else {
    start = addDays(dayBefore, -length);
  }
  if (range.start <= today && today < range.end) end = earlier(end, addDays(start, daysBetween(range.start, today)));
  return { start, end };
}

/** The filter set of a JSON body (report filter, send report) in the shape the address gives it. */
export function paramsOfBody(b: ReportFilterBody): RawReportParams {
  return {
    start_date: b.start_date,
    end_date: b.end_date,
    account_id: b.account_id,
    product_type_id: b.product_type_id,
    insurers: b.insurer,
    states: b.state,
    business_type: b.business_type,
  };
}

/** Checks product ids and turns insurer and state names into ids; unknown values are a 400 naming them. */
export async function resolveFilters(db: Db, params: RawReportParams): Promise<ReportFilters> {
  const products = params.product_type_id?.length ? [...new Set(params.product_type_id)] : null;
  if (products) {
    const known = await db.selectFrom('products').select('product_type_id').where('product_type_id', 'in', products).execute();
    const unknown = products.filter((p) => !known.some((k) => k.product_type_id === p));
    if (unknown.length) throw badRequest(`Unknown product_type_id: ${unknown.join(', ')}`);
  }
  const byName = async (table: 'insurers' | 'states', names: string[] | undefined, label: string) => {
    if (!names?.length) return null;
    const rows = await db.selectFrom(table).select(['id', 'name']).where('name', 'in', names).execute();
    const unknown = names.filter((n) => !rows.some((r) => r.name === n));
    if (unknown.length) throw badRequest(`Unknown ${label}: ${unknown.slice(0, 5).join(', ')}`);
    return rows.map((r) => r.id);
  };
  const businessTypes = params.business_type?.length ? [...new Set(params.business_type)] : null;
  if (businessTypes?.some((b) => b < 1 || b > 3)) throw badRequest(BUSINESS_TYPE_RULE);
  return {
    products,
    insurers: await byName('insurers', params.insurers, 'insurer'),
    states: await byName('states', params.states, 'state'),
    businessTypes,
  };
}
