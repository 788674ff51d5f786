import { queryOptions, useQuery } from '@tanstack/react-query';
import { HeaderLinksResponse, MENU_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { navigationKeys } from './keys';

export function fetchHeaderLinks(signal?: AbortSignal): Promise<HeaderLinksResponse> {
  return apiRequest(MENU_PATHS.headerLinks, HeaderLinksResponse, { signal });
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
