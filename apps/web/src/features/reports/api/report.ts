import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, ReportOrPage, type ReportResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { reportsKeys } from './keys';

export type ReportApiQuery = Record<string, string | undefined>;

/** GET /api/reports/{id}/: a dashboard id answers its page of reports, a report id one report (docs/product/reports-catalogue.md, 'Ids'). */
export function fetchReport(id: number, query: ReportApiQuery, signal?: AbortSignal): Promise<ReportOrPage> {
  return apiRequest(REPORT_PATHS.report(id), ReportOrPage, { query, signal });
}

export function reportQueryOptions(id: number, query: ReportApiQuery) {
  return queryOptions({
    queryKey: reportsKeys.report(id, query),
    queryFn: ({ signal }) => fetchReport(id, query, signal),
  });
}

/** The previous figures stay on screen while a new period loads, so the layout does not jump. */
export function useReport(id: number, query: ReportApiQuery, queryConfig?: QueryConfig<typeof reportQueryOptions>) {
  return useQuery({ ...reportQueryOptions(id, query), placeholderData: keepPreviousData, ...queryConfig });
}

/** A single report is shown as a page of one table (docs/product/report-screens.md, 'Report page'). */
export function reportsOf(data: ReportOrPage): { title: string; reports: ReportResponse[] } {
  return data.kind === 'page' ? { title: data.dashboard_name, reports: data.reports } : { title: data.report_name, reports: [data] };
}
