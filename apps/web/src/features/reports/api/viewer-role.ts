import { queryOptions, useQuery } from '@tanstack/react-query';
import { MENU_PATHS, SideMenuResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { sharedKeys } from '../../../lib/query-keys';

/**
 * The viewer's emp_role comes with the side menu (docs/product/shell.md, 'Users and roles'). Same address and cache key as the
 * shell's menu query, so this reads the answer the shell already has instead of calling again.
 */
export function viewerMenuQueryOptions() {
  return queryOptions({
    queryKey: sharedKeys.sideMenu,
    queryFn: ({ signal }) => apiRequest(MENU_PATHS.sideMenu, SideMenuResponse, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useViewerMenu(queryConfig?: QueryConfig<typeof viewerMenuQueryOptions>) {
  return useQuery({ ...viewerMenuQueryOptions(), ...queryConfig });
}

export function useViewerRole(): string | undefined {
  return useViewerMenu().data?.user_details.emp_role;
}
