import {
  isValidIsoDate,
  kolkataToday,
  monthRange,
  PARTNER_CODE_MARKER,
  toDayMonthYear,
  type ReportQuery,
  type ReportRecord,
} from '@dossier/shared';
import { SALES_PROMOTION_URL } from './config';

/**
 * The query-string rules of the report screens (docs/product/report-screens.md, 'Query parameters'): dates count
 * only as a valid pair with start ≤ end, otherwise the period is the current month.
 */
export interface ReportQueryState {
  start_date: string;
  end_date: string;
  /** True when both dates came from the address (else the month default is shown and the server picks). */
  explicitDates: boolean;
  product_type_id: number[];
  /** Why dates in the address were set aside for the default period, to show as a notice; absent when none were refused. */
  dateNotice?: string;
}

export function parseIdList(text: string | null | undefined): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function readReportQuery(search: URLSearchParams, today: string = kolkataToday()): ReportQueryState {
  const start = search.get('start_date');
  const end = search.get('end_date');
  const products = parseIdList(search.get('product_type_id'));
  if (start && end && isValidIsoDate(start) && isValidIsoDate(end) && start <= end) {
    return { start_date: start, end_date: end, explicitDates: true, product_type_id: products };
  }
  const month = monthRange(today);
  const notice = refusedDates(start, end);
  const instead = `showing ${toDayMonthYear(month.start_date)} to ${toDayMonthYear(month.end_date)} instead.`;
  return { ...month, explicitDates: false, product_type_id: products, ...(notice ? { dateNotice: `${notice}; ${instead}` } : {}) };
}

/** What was wrong with the address's dates, when it had any: a person who typed them is told, not silently overruled. */
function refusedDates(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  const bad = [start, end].find((d) => d && !isValidIsoDate(d));
  // '2026-02-30' has the right shape but no such day: saying 'yyyy-MM-dd' would not tell what is wrong.
  if (bad)
    return /^\d{4}-\d{2}-\d{2}$/.test(bad)
      ? `'${bad}' in the address is not a real date`
      : `'${bad}' in the address is not a date (yyyy-MM-dd)`;
  if (!start || !end) return 'The address gives only one end of the period';
  return `The period in the address ends before it starts (${toDayMonthYear(start)} to ${toDayMonthYear(end)})`;
}

/** The query string of a report address: the date pair (when given) and the products (when any). */
export function reportSearch(query: { start_date?: string | null; end_date?: string | null; product_type_id?: readonly number[] }): string {
  const out = new URLSearchParams();
  if (query.start_date && query.end_date) {
    out.set('start_date', query.start_date);
    out.set('end_date', query.end_date);
  }
  if (query.product_type_id && query.product_type_id.length > 0) out.set('product_type_id', query.product_type_id.join(','));
  const text = out.toString();
  // Commas read better than %2C and servers accept both.
  return text ? `?${text.replace(/%2C/g, ',')}` : '';
}

/** The saved multi-select filters; an empty list means 'All' (no restriction). */
export interface AppliedFilters {
  insurers: string[];
  states: string[];
  business_type: number[];
}

export const NO_FILTERS: AppliedFilters = { insurers: [], states: [], business_type: [] };

export interface ReportFlags {
  insurer_filter: boolean;
  state_filter: boolean;
  business_type_filter: boolean;
}

/** The filters a report takes, by its flags: a report without the state flag ignores a saved state choice. */
export function filtersFor(flags: ReportFlags, filters: AppliedFilters): AppliedFilters {
  return {
    insurers: flags.insurer_filter ? filters.insurers : [],
    states: flags.state_filter ? filters.states : [],
    business_type: flags.business_type_filter ? filters.business_type : [],
  };
}

export const hasFilters = (f: AppliedFilters) => f.insurers.length + f.states.length + f.business_type.length > 0;

/**
 * The report screen's query of GET /api/reports/{id}/: dates only when the address gave them (else each report's
 * own default), non-empty lists, and `screen` for the catalogue's page size.
 */
export function reportApiQuery(
  query: Pick<ReportQueryState, 'start_date' | 'end_date' | 'explicitDates' | 'product_type_id'>,
  filters: AppliedFilters,
  accountId: string | undefined,
): ReportQuery & { screen: true } {
  const list = <T>(values: readonly T[]) => (values.length > 0 ? [...values] : undefined);
  const out: ReportQuery & { screen: true } = { screen: true };
  if (query.explicitDates) {
    out.start_date = query.start_date;
    out.end_date = query.end_date;
  }
  const products = list(query.product_type_id);
  if (products) out.product_type_id = products;
  const insurers = list(filters.insurers);
  if (insurers) out.insurers = insurers;
  const states = list(filters.states);
  if (states) out.states = states;
  const businessTypes = list(filters.business_type);
  if (businessTypes) out.business_type = businessTypes;
  if (accountId !== undefined) out.account_id = accountId;
  return out;
}

export const isPartnerCode = (code: string | null | undefined): code is string =>
  typeof code === 'string' && code.toUpperCase().includes(PARTNER_CODE_MARKER);

export interface DrillMeta {
  drillable: boolean;
  next_report_id: number | null;
  executive_report_id: number | null;
}

/**
 * Where a row drills to (docs/product/report-screens.md, 'Cell links'): a partner (EI) to the executive report,
 * anything else to next_report_id; a null account_id is not drillable. Dates and products are carried.
 */
export function drillHref(
  meta: DrillMeta,
  record: ReportRecord,
  query: { start_date: string; end_date: string; product_type_id: readonly number[] },
): string | null {
  if (!meta.drillable) return null;
  const search = reportSearch(query);
  if (!('account_id' in record)) return meta.next_report_id === null ? null : `/reports/${meta.next_report_id}/${search}`;
  const account = record.account_id;
  if (account === null || account === undefined || account === '') return null;
  const code = String(account);
  const target = isPartnerCode(code) ? (meta.executive_report_id ?? meta.next_report_id) : meta.next_report_id;
  return target === null ? null : `/reports/${target}/${encodeURIComponent(code)}${search}`;
}

/** The external sales promotion view: rm_code and the dates as day/month/year (docs/product/report-screens.md, 'Cell links'). */
export function salesPromotionHref(rmCode: string, proposal: string, range: { start_date: string; end_date: string }): string {
  const params = new URLSearchParams({
    rm_code: rmCode,
    proposal_no: proposal,
    start_date: toDayMonthYear(range.start_date),
    end_date: toDayMonthYear(range.end_date),
  });
  return `${SALES_PROMOTION_URL}?${params.toString()}`;
}
