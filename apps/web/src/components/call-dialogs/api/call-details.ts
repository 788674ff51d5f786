import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_CALL_STATUSES, CALLCENTRE_PATHS, CallDetailsResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys, LIVE_POLL_MS } from '../../../lib/callcentre-keys';
import type { QueryConfig } from '../../../lib/query-config';

export function fetchCallDetails(caseId: number, signal?: AbortSignal): Promise<CallDetailsResponse> {
  return apiRequest(CALLCENTRE_PATHS.callDetails, CallDetailsResponse, {
    method: 'POST',
    body: { case_id: caseId },
    signal,
  });
}

export function callDetailsQueryOptions(caseId: number) {
  return queryOptions({
    queryKey: callCentreKeys.callDetails(caseId),
    queryFn: ({ signal }) => fetchCallDetails(caseId, signal),
    staleTime: 0,
    // The newest call first: poll while it is queued, ringing or talking.
    refetchInterval: (q) => {
      const latest = q.state.data?.data.call_details[0];
      return latest && (ACTIVE_CALL_STATUSES as readonly string[]).includes(latest.Status) ? LIVE_POLL_MS : false;
    },
  });
}

export function useCallDetails(caseId: number, queryConfig?: QueryConfig<typeof callDetailsQueryOptions>) {
  return useQuery({ ...callDetailsQueryOptions(caseId), ...queryConfig });
}
