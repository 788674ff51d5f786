import { queryOptions, useQuery } from '@tanstack/react-query';
import { TEAM_PATHS, UnmappedPartnersResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { mappingKeys } from './keys';

export function fetchUnmappedPartners(signal?: AbortSignal): Promise<UnmappedPartnersResponse> {
  return apiRequest(TEAM_PATHS.unmappedPartners, UnmappedPartnersResponse, { signal });
}

export function unmappedPartnersQueryOptions() {
  return queryOptions({
    queryKey: mappingKeys.unmappedPartners,
    queryFn: ({ signal }) => fetchUnmappedPartners(signal),
    staleTime: 0,
  });
}

export function useUnmappedPartners(queryConfig?: QueryConfig<typeof unmappedPartnersQueryOptions>) {
  return useQuery({ ...unmappedPartnersQueryOptions(), ...queryConfig });
}
