import { queryOptions, useQuery } from '@tanstack/react-query';
import { FilterDetailsResponse, REPORT_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { reportsKeys } from './keys';

export interface FilterDetailsParams {
  start_date?: string;
  end_date?: string;
  product_type_id: readonly number[];
  include: readonly ('insurer' | 'state')[];
  /** Options come from the rows this report can show. */
  report_id?: number;
}

/** POST /api/v1/reports_filter/filter_details/: the insurer and state options of the multi-selects (docs/product/report-screens.md). */
export function fetchFilterDetails(p: FilterDetailsParams, signal?: AbortSignal): Promise<FilterDetailsResponse> {
  return apiRequest(REPORT_PATHS.filterDetails, FilterDetailsResponse, {
    method: 'POST',
    query: { start_date: p.start_date, end_date: p.end_date },
    body: {
      ...(p.product_type_id.length > 0 ? { product_type_id: [...p.product_type_id] } : {}),
      include: [...p.include],
      ...(p.report_id === undefined ? {} : { report_id: p.report_id }),
    },
    signal,
  });
}

export function filterDetailsQueryOptions(p: FilterDetailsParams) {
  return queryOptions({
    queryKey: reportsKeys.filterDetails(p),
    queryFn: ({ signal }) => fetchFilterDetails(p, signal),
    staleTime: 5 * 60_000,
  });
}

export function useFilterDetails(p: FilterDetailsParams, queryConfig?: QueryConfig<typeof filterDetailsQueryOptions>) {
  return useQuery({ ...filterDetailsQueryOptions(p), ...queryConfig });
}
