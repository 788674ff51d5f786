import { queryOptions, useQuery } from '@tanstack/react-query';
import { MENU_PATHS, SideMenuResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { sharedKeys } from '../../../lib/query-keys';

export function fetchSideMenu(signal?: AbortSignal): Promise<SideMenuResponse> {
  return apiRequest(MENU_PATHS.sideMenu, SideMenuResponse, { signal });
}

/** The menu (and the user's emp_role in it) changes only with configuration: keep it for a while. */
export function sideMenuQueryOptions() {
  return queryOptions({
    queryKey: sharedKeys.sideMenu,
    queryFn: ({ signal }) => fetchSideMenu(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSideMenu(queryConfig?: QueryConfig<typeof sideMenuQueryOptions>) {
  return useQuery({ ...sideMenuQueryOptions(), ...queryConfig });
}
