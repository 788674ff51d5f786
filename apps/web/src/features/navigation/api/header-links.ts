import { queryOptions, useQuery } from '@tanstack/react-query';
import { HeaderLinksResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { navigationKeys } from './keys';

export const HEADER_LINKS_PATH = '/api/header_links/';

export function fetchHeaderLinks(signal?: AbortSignal): Promise<HeaderLinksResponse> {
  return apiRequest(HEADER_LINKS_PATH, HeaderLinksResponse, { signal });
}

export function headerLinksQueryOptions() {
  return queryOptions({
    queryKey: navigationKeys.headerLinks,
    queryFn: ({ signal }) => fetchHeaderLinks(signal),
    staleTime: 5 * 60_000,
  });
}

export function useHeaderLinks(queryConfig?: QueryConfig<typeof headerLinksQueryOptions>) {
  return useQuery({ ...headerLinksQueryOptions(), ...queryConfig });
}
