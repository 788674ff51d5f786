import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeamListResponse, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { teamKeys } from './keys';

export interface TeamListRange {
  start_date?: string;
  end_date?: string;
}

export function fetchTeamList(range: TeamListRange, signal?: AbortSignal): Promise<TeamListResponse> {
  return apiRequest(TEAM_PATHS.teamList, TeamListResponse, { query: { ...range }, signal });
}

export function teamListQueryOptions(range: TeamListRange) {
  return queryOptions({
    queryKey: teamKeys.teamList(range.start_date ?? null, range.end_date ?? null),
    queryFn: ({ signal }) => fetchTeamList(range, signal),
    // Decisions change it: always fresh when the screen opens again.
    staleTime: 0,
  });
}

export function useTeamList(range: TeamListRange, queryConfig?: QueryConfig<typeof teamListQueryOptions>) {
  return useQuery({ ...teamListQueryOptions(range), ...queryConfig });
}
