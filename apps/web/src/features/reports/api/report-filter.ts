import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, type ReportFilterBody, ReportResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { reportsKeys } from './keys';

/** POST /api/dashboard/report_filter/{id}/: one report restricted to insurer, state and business type lists (docs/product/report-screens.md). */
export function fetchFilteredReport(id: number, body: ReportFilterBody, signal?: AbortSignal): Promise<ReportResponse> {
  return apiRequest(REPORT_PATHS.reportFilter(id), ReportResponse, { method: 'POST', body, signal });
}

export function filteredReportQueryOptions(id: number, body: ReportFilterBody) {
  return queryOptions({
    queryKey: reportsKeys.reportFilter(id, body),
    queryFn: ({ signal }) => fetchFilteredReport(id, body, signal),
  });
}

export function useFilteredReport(id: number, body: ReportFilterBody, queryConfig?: QueryConfig<typeof filteredReportQueryOptions>) {
  return useQuery({ ...filteredReportQueryOptions(id, body), placeholderData: keepPreviousData, ...queryConfig });
}
