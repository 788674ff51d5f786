import { addDays, kolkataToday, monthRange } from '@dossier/shared';
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
}

const DAY = 86_400_000;
const MAX_RANGE_DAYS = 3 * 366;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

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
  if (daysBetween(range.start, range.end) > MAX_RANGE_DAYS) throw badRequest('The date range can span at most 3 years');
  if (dateMode === 'month') {
    const m = monthRange(range.start);
    range = { start: m.start_date, end: m.end_date };
  }
  return range;
}

/** The range of the same length that ends the day before `range` starts (growth comparisons). */
export function previousRange(range: DateRange): DateRange {
  const length = daysBetween(range.start, range.end);
  const end = addDays(range.start, -1);
  return { start: addDays(end, -length), end };
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
  if (businessTypes?.some((b) => b < 1 || b > 3)) throw badRequest('business_type must be 1 (New Business), 2 (Rollover) or 3 (Renewal)');
  return {
    products,
    insurers: await byName('insurers', params.insurers, 'insurer'),
    states: await byName('states', params.states, 'state'),
    businessTypes,
  };
}
