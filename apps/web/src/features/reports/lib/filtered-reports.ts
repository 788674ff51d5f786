import { useQueries } from '@tanstack/react-query';
import type { ReportFilterBody, ReportResponse } from '@dossier/shared';
import { filteredReportQueryOptions } from '../api/report-filter';
import { filtersFor, hasFilters, NO_FILTERS, type AppliedFilters, type ReportFlags } from './query-params';
import type { ReportScreenContext } from './screen-context';

/** Body of the report filter call for one table of the screen: its filters, the address's dates and products, the account. */
export function filterBody(ctx: ReportScreenContext, f: AppliedFilters): ReportFilterBody {
  return {
    insurer: f.insurers,
    state: f.states,
    business_type: f.business_type,
    ...(ctx.query.explicitDates ? { start_date: ctx.query.start_date, end_date: ctx.query.end_date } : {}),
    ...(ctx.query.product_type_id.length > 0 ? { product_type_id: ctx.query.product_type_id } : {}),
    ...(ctx.accountId ? { account_id: ctx.accountId } : {}),
  };
}

/** What of the saved filters shapes at least one of these reports (each takes only those its flags allow). */
export function filtersOnScreen(reports: readonly ReportFlags[], saved: AppliedFilters): AppliedFilters {
  const union = <T>(pick: (f: AppliedFilters) => readonly T[]) => [...new Set(reports.flatMap((r) => pick(filtersFor(r, saved))))];
  return reports.length === 0
    ? NO_FILTERS
    : { insurers: union((f) => f.insurers), states: union((f) => f.states), business_type: union((f) => f.business_type) };
}

/**
 * The reports of a screen as its tables show them (through the report filter call when saved filters apply),
 * under the tables' query keys so the chart draws the same answers. `pending` while any is due.
 */
export function useFilteredReports(
  reports: readonly ReportResponse[],
  ctx: ReportScreenContext,
): { reports: ReportResponse[]; pending: boolean } {
  const applied = reports.map((r) => filtersFor(r, ctx.filters));
  const results = useQueries({
    queries: reports.map((r, i) => ({
      ...filteredReportQueryOptions(r.report_id, filterBody(ctx, applied[i] ?? NO_FILTERS)),
      enabled: hasFilters(applied[i] ?? NO_FILTERS),
    })),
  });
  const shown = reports.map((r, i) => (hasFilters(applied[i] ?? NO_FILTERS) ? results[i]?.data : r));
  const pending = shown.some((r) => r === undefined);
  return { reports: shown.filter((r): r is ReportResponse => r !== undefined), pending };
}
