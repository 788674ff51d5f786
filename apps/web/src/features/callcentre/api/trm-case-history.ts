import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_CALL_STATUSES, CALLCENTRE_PATHS, TrmCaseListing, type CaseStatus } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys, LIVE_POLL_MS } from '../../../lib/callcentre-keys';
import type { QueryConfig } from '../../../lib/query-config';

export interface CaseParams {
  date: string;
  status: CaseStatus;
  current_page: number;
}

export function fetchTrmCases(rmId: string, p: CaseParams, signal?: AbortSignal): Promise<TrmCaseListing> {
  return apiRequest(CALLCENTRE_PATHS.trmCaseHistory(rmId), TrmCaseListing, { signal, query: { ...p } });
}

export function trmCasesQueryOptions(rmId: string, p: CaseParams) {
  return queryOptions({
    queryKey: [...callCentreKeys.cases(rmId), p] as const,
    queryFn: ({ signal }) => fetchTrmCases(rmId, p, signal),
    placeholderData: keepPreviousData,
    // Every filter change re-fetches (docs/product/callcentre.md, 'TRM dashboard'), even back to a combination seen before.
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.data.some(
        (r) => r.last_call_status !== null && (ACTIVE_CALL_STATUSES as readonly string[]).includes(r.last_call_status),
      )
        ? LIVE_POLL_MS
        : false,
  });
}

export function useTrmCases(rmId: string, p: CaseParams, queryConfig?: QueryConfig<typeof trmCasesQueryOptions>) {
  return useQuery({ ...trmCasesQueryOptions(rmId, p), ...queryConfig });
}
