import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  REPORT_PATHS,
  reportQueryParams,
  ReportOrPage,
  type PagePresentation,
  type ReportQuery,
  type ReportResponse,
} from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { reportsKeys } from './keys';

/** GET /api/reports/{id}/: a dashboard id answers its page of reports, a report id one report (docs/product/reports-catalogue.md, 'Ids'). */
export function fetchReport(id: number, query: ReportQuery, signal?: AbortSignal): Promise<ReportOrPage> {
  return apiRequest(REPORT_PATHS.report(id), ReportOrPage, { query: reportQueryParams(query), signal });
}

export function reportQueryOptions(id: number, query: ReportQuery) {
  return queryOptions({
    queryKey: reportsKeys.report(id, query),
    queryFn: ({ signal }) => fetchReport(id, query, signal),
  });
}

/** The previous figures stay on screen while a new period loads, so the layout does not jump. */
export function useReport(id: number, query: ReportQuery, queryConfig?: QueryConfig<typeof reportQueryOptions>) {
  return useQuery({ ...reportQueryOptions(id, query), placeholderData: keepPreviousData, ...queryConfig });
}

/**
 * A single report is shown as a page of one table (docs/product/report-screens.md, 'Report page'); what the
 * page shows beside its tables is the dashboard's, or the report's own page's.
 */
export function reportsOf(data: ReportOrPage): { title: string; reports: ReportResponse[]; presentation: PagePresentation } {
  return data.kind === 'page'
    ? { title: data.dashboard_name, reports: data.reports, presentation: data.presentation }
    : { title: data.report_name, reports: [data], presentation: data.presentation.page };
}
