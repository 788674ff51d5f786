import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRIEF_PATHS, BriefResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

/** GET /api/brief/: the viewer's morning (docs/product/brief.md). */
export function fetchBrief(signal?: AbortSignal): Promise<BriefResponse> {
  return apiRequest(BRIEF_PATHS.brief, BriefResponse, { signal });
}

export function briefQueryOptions() {
  return queryOptions({ queryKey: ['brief'] as const, queryFn: ({ signal }) => fetchBrief(signal) });
}

export function useBrief(enabled = true) {
  return useQuery({ ...briefQueryOptions(), enabled });
}
